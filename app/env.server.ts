import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** Every environment variable the app reads, validated once at boot. README lists them. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Unset: every interface in production, only this machine otherwise (see parseEnv).
    HOST: optionalString,
    APP_URL: optionalString.pipe(z.string().url().optional()),
    DATABASE_URL: optionalString,
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    DATA_DIR: z.string().default(".data"),
    SESSION_SECRET: optionalString,
    // Server processes sharing the port (0: one per core); see README "Performance".
    WEB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
    // On SIGTERM, how long /healthz answers 503 while the server still serves, before it closes its
    // port: a load balancer's health check takes the instance out first (README "Several machines").
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(0),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    SEED_DEMO: z
      .enum(["true", "false", "1", "0"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
    // Scheduled jobs run inside the server (its primary process) unless this is false; then run `npm run worker`.
    JOBS_IN_SERVER: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default("Mesa <no-reply@mesa.localhost>"),
    // Uploaded images go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads.
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(z.string().url().optional()),
    // Card and OXXO payments go through Stripe when all three are set; otherwise (never in production) the offline adapter plays Stripe's part.
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // Signs the Connect events Stripe posts to /api/webhooks/stripe-connect (their own endpoint, their own secret).
    STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
    // The platform's fee on every paid seat, in basis points (1000 = 10 %), 0–5000.
    PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(1000),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") {
      if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production (at least 32 characters)" });
      if (!env.APP_URL) ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in production (the public https URL, used in emails)" });
      if (!env.DATABASE_URL)
        ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required in production (embedded PostgreSQL is for local use)" });
      if (!env.SMTP_URL) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required in production (mail would otherwise go to disk)" });
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_CONNECT_WEBHOOK_SECRET"] as const)
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required in production (payments would otherwise be simulated by the offline adapter)" });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET))
      ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together" });
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
    if (env.STRIPE_CONNECT_WEBHOOK_SECRET && stripeKeys === 0)
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_CONNECT_WEBHOOK_SECRET"],
        message: "needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
      });
    if (stripeKeys !== 0 && stripeKeys !== 3)
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together",
      });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together" });
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_PUBLIC_URL))
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when other S3_ variables are set" });
  });

/**
 * TRUST_PROXY for Express's "trust proxy": false, a hop count, or the proxies' addresses and
 * ranges. `true` is refused: it would take the left-most X-Forwarded-For entry, which the
 * client writes itself, so anyone could pick the address every per-IP limit counts.
 * Returns the setting, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string): false | number | string[] | string {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true")
    return "`true` would trust any X-Forwarded-For a client sends; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8,loopback)";
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : "is a hop count over 10; give the number of proxies in front of the app";
  }
  const entries = value.split(",").map((e) => e.trim());
  for (const entry of entries) {
    if (["loopback", "linklocal", "uniquelocal"].includes(entry)) continue;
    const problem = proxyRangeProblem(entry);
    if (problem) return problem;
  }
  return entries;
}

/**
 * The widest range TRUST_PROXY accepts. A proxy network is never wider than 10.0.0.0/8 (IPv4) or
 * the unique-local fc00::/7 (IPv6); anything wider is a way of writing `true` (0.0.0.0/1 and
 * 128.0.0.0/1 together cover every address), and a /0 crashes Express's address parser at boot.
 */
export const MIN_PROXY_PREFIX = { v4: 8, v6: 7 } as const;

/** Where IPv4 lives inside IPv6 (::ffff:a.b.c.d): Express matches IPv4 clients against ranges in it. */
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR("::ffff:0:0/96");

/**
 * What is wrong with one TRUST_PROXY address or range, or null. Parsed by ipaddr.js, the parser
 * Express's "trust proxy" uses, so every spelling of an address means here what it means there:
 * `0:0:0:0:0:ffff:0:0/96`, `::ffff:0.0.0.0/96` and `::ffff:0:0/96` are the same range, every IPv4
 * address, and all are refused. An IPv6 range that reaches into the IPv4-mapped block is judged by
 * the IPv4 addresses it covers; one that holds the whole block trusts every IPv4 client.
 */
export function proxyRangeProblem(entry: string): string | null {
  const notAnAddress = `"${entry}" is not an IP address, a range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`;
  const tooWide = `"${entry}" is wider than any proxy network (IPv4 ranges must be /${MIN_PROXY_PREFIX.v4} or narrower, IPv6 /${MIN_PROXY_PREFIX.v6} or narrower): trusting it would let clients pick their own address`;
  const [address = "", prefixText, extra] = entry.split("/");
  // node:net's isIP is strict (no "10.1", "0x0a.0.0.1" or octal parts, which ipaddr.js also reads).
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  if (!family || extra !== undefined || (prefixText !== undefined && !(/^\d{1,3}$/.test(prefixText) && Number(prefixText) <= bits))) return notAnAddress;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return notAnAddress;
  }
  if (ip.kind() === "ipv4") return prefix < MIN_PROXY_PREFIX.v4 ? tooWide : null;
  const v6 = ip as ipaddr.IPv6;
  const [mapped, mappedPrefix] = IPV4_MAPPED;
  // The range holds the whole IPv4-mapped block: every IPv4 client (and, wider still, more).
  if (prefix <= mappedPrefix && mapped.match(v6, prefix)) return tooWide;
  // A range inside the block is an IPv4 range written as IPv6: the IPv4 limit applies to its last 32 bits.
  if (v6.isIPv4MappedAddress()) return prefix - mappedPrefix < MIN_PROXY_PREFIX.v4 ? tooWide : null;
  return prefix < MIN_PROXY_PREFIX.v6 ? tooWide : null;
}

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string; APP_URL: string; HOST: string };

export class EnvError extends Error {}

/**
 * The deployment the app runs as: APP_ENV when set, else NODE_ENV. `npm start` runs React's
 * production build (NODE_ENV=production, a third less CPU per page) on a local deployment
 * (APP_ENV=development: mailbox, demo data, generated secret, cookies over http), so NODE_ENV
 * alone no longer says whether this is the real site. Env.NODE_ENV below holds this value.
 */
export function deploymentOf(source: Record<string, string | undefined>) {
  return source.APP_ENV?.trim() || source.NODE_ENV;
}

/** Parses an environment; throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse({ ...source, NODE_ENV: deploymentOf(source) });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (!env.SESSION_SECRET) throw new EnvError("Invalid environment:\n  SESSION_SECRET: is required");
  // Outside production the local mailbox shows password-reset links, so by default only this
  // machine can connect; HOST=0.0.0.0 opens it to the network on purpose.
  const host = env.HOST ?? (env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
  return { ...env, HOST: host, SESSION_SECRET: env.SESSION_SECRET, APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}` };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export const isProduction = () => getEnv().NODE_ENV === "production";
