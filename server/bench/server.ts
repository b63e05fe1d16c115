import { spawn } from "node:child_process";
import { freePort } from "../../db/embedded";
import { bundledEntry } from "../bundle/entry";
import { waitForHealthy } from "../cluster/processes";

export type BenchServer = { base: string; pid: number; stop: () => Promise<void> };

/**
 * The app's production server, the compiled bundle of `npm run build`, in a process of its own (a
 * cluster primary with `workers` workers), on a free port, against `databaseUrl`; `nodeFlags` go to
 * Node (the profiler's), `extraEnv` last.
 */
export async function startBenchServer(
  databaseUrl: string,
  options: { workers: number; nodeFlags?: string[]; extraEnv?: Record<string, string> },
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...(options.nodeFlags ?? []), ...bundledEntry("index")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "production",
      // Production requires the Stripe adapter's keys; the bench's pages never call Stripe.
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
      STRIPE_WEBHOOK_SECRET: "whsec_bench",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_bench_connect",
      WEB_CONCURRENCY: String(options.workers),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
      SMTP_URL: "smtp://127.0.0.1:1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "0",
      TRUST_PROXY: "false",
      ...options.extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Workers start in parallel, and on a busy machine that can take a while.
  await waitForHealthy(`${base}/healthz`, 120_000, `the server with ${options.workers} workers`);
  return {
    base,
    pid: server.pid!,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    },
  };
}

/** The session cookie of a demo account signed in by the login form. */
export async function signIn(base: string, email: string, password: string) {
  const login = await fetch(`${base}/es/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (login.status !== 302 && login.status !== 303) throw new Error(`bench: signing in as ${email} answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
