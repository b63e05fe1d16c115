// npm run bench: seeds 100,000 sessions into a throwaway PostgreSQL, times the search query for the
// quick-chip and common filter combinations, prints EXPLAIN ANALYZE of the queries it sends, then
// load-tests /es/sessions with autocannon (50 connections, 15 s) against a production server in
// another process. Results: bench-results/latest.json.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Requester } from "../../app/modules/auth/session.server";
import { parseSearchParams } from "../../app/modules/sessions/search";
import { searchSessions } from "../../app/modules/sessions/sessions.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { closeDb, getDb } from "../../db/client.server";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";
import type { DB } from "../../db/schema";
import { seedBulkSessions } from "../seed/bulk";
import { seedCatalogue } from "../seed/catalogue";
import { seedDemo } from "../seed/demo";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const RUNS = 100;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

const combos: Record<string, string> = {
  default: "",
  playToday: `dateFrom=${new Date().toISOString().slice(0, 10)}&dateTo=${new Date().toISOString().slice(0, 10)}`,
  fewSeats: "fewSpots=true",
  newCampaigns: "tags=new-campaign",
  learnToPlay: "tags=beginner-friendly",
  freeGames: "freeOnly=true",
  oneShots: "tags=one-shot",
  gameAndGenre: "game=Pathfinder&genre=Fantasy",
  text: "searchTerm=faro",
  priceRange: "currency=MXN&priceMin=10000&priceMax=30000",
  page5: "page=5",
};

async function main() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-bench-"));
  fs.chmodSync(parent, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
  const results: Record<string, unknown> = { sessions: SESSIONS, date: new Date().toISOString() };
  try {
    await migrateToLatest(pg.url);
    process.env.DATABASE_URL = pg.url;
    await seedDemo();
    await seedCatalogue(createDiskStorage(path.join(parent, "uploads"), "http://127.0.0.1/uploads"));
    const seedStart = Date.now();
    await seedBulkSessions(SESSIONS, () => {});
    results.seedSeconds = (Date.now() - seedStart) / 1000;

    const db = getDb();
    const player = await db.selectFrom("users").select(["id", "roles"]).where("email", "=", "lucia@mesa.test").executeTakeFirstOrThrow();
    const viewer = { id: player.id, roles: player.roles, isDm: false, isAdmin: false, timeZone: "America/Mexico_City" } as Requester;
    const query: Record<string, { p50: number; p95: number; total: number }> = {};
    for (const [name, qs] of Object.entries(combos)) {
      const params = parseSearchParams(new URLSearchParams(qs));
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        total = (await searchSessions({ db, now: new Date() }, params, viewer, { timeZone: viewer.timeZone })).total;
        times.push(performance.now() - started);
      }
      query[name] = { p50: +percentile(times, 50).toFixed(2), p95: +percentile(times, 95).toFixed(2), total };
    }
    results.searchMs = query;
    console.table(query);
    results.explain = await explainSearch(pg.url, viewer);
    await closeDb();

    results.http = await loadTest(pg.url);
  } finally {
    await closeDb();
    await pg.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/latest.json", JSON.stringify(results, null, 2));
  console.log(JSON.stringify({ http: results.http }, null, 2));
}

/**
 * EXPLAIN ANALYZE of the very queries the search sends (page and count), captured from Kysely's
 * log for the default listing and two quick chips, so the plans shown are the plans used.
 */
async function explainSearch(databaseUrl: string, viewer: Requester) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void (event.level === "query" && captured.push(event.query)) });
  const plans: Record<string, string[]> = {};
  try {
    for (const name of ["default", "fewSeats", "oneShots"] as const) {
      captured.length = 0;
      await searchSessions({ db, now: new Date() }, parseSearchParams(new URLSearchParams(combos[name])), viewer, { timeZone: viewer.timeZone });
      for (const query of captured) {
        const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]);
        plans[`${name} ${query.sql.startsWith("select count") ? "count" : "page"}`] = rows.map((r) => r["QUERY PLAN"]);
      }
    }
  } finally {
    await db.destroy();
  }
  for (const [name, lines] of Object.entries(plans)) console.log(`\n-- ${name}\n${lines.join("\n")}`);
  return plans;
}

/** Gzip KiB of the scripts a route would load if its page hydrated (entry, root, layout, route and their chunks). */
function hydratedScriptsKiB(routeIds: string[]) {
  const build = "public/build";
  const manifestFile = fs.readdirSync(build).find((f) => f.startsWith("manifest-"));
  if (!manifestFile) return null;
  const manifest = JSON.parse(fs.readFileSync(path.join(build, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;$/, "")) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, `/build/${manifestFile}`]);
  for (const id of routeIds) for (const f of [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])]) files.add(f);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(fs.readFileSync(path.join("public", f))).length;
  return +(bytes / 1024).toFixed(1);
}

async function loadTest(databaseUrl: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", APP_URL: base, SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00", SMTP_URL: "smtp://127.0.0.1:1", LOG_LEVEL: "warn", SEED_DEMO: "0", TRUST_PROXY: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; i < 150; i += 1) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/es/login`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base }, body: "email=lucia%40mesa.test&password=Jugadora-2026%21" });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const page = await fetch(`${base}/es/sessions`, { headers: { Cookie: cookie } });
    const html = await page.text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
    let jsGzip = 0;
    for (const src of new Set(scripts)) jsGzip += gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer())).length;
    // Every response's own time, for an exact p95 (autocannon's summary stops at p90 and p97.5).
    const times: number[] = [];
    const run = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `${base}/es/sessions`, connections: 50, duration: 15, headers: { Cookie: cookie } }, (error, result) => (error ? reject(error) : resolve(result)));
      instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
    });
    return {
      status: page.status,
      htmlGzipKiB: +(gzipSync(Buffer.from(html)).length / 1024).toFixed(1),
      jsGzipKiB: +(jsGzip / 1024).toFixed(1),
      jsGzipKiBIfHydrated: hydratedScriptsKiB(["root", "routes/$lang", "routes/$lang.sessions"]),
      connections: 50,
      requests: run.requests.total,
      requestsPerSecond: run.requests.average,
      non2xx: run.non2xx,
      latencyMs: { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: Math.max(...times) },
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
