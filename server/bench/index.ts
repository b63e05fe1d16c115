// npm run bench: seeds 100,000 sessions into a throwaway PostgreSQL, times the search query for the
// quick-chip and common filter combinations, prints EXPLAIN ANALYZE of the queries it sends, then
// load-tests /es/sessions with autocannon against a production server in another process: one
// process at full speed (50 connections, 15 s), the same at a fixed 100 requests/s paced evenly
// (server/bench/paced.ts), and one worker per core; CPU per request is the server's own CPU time
// over the requests it served. Then the page table: the signed-in pages a player uses most, each at
// an evenly paced 100 requests/s on two workers (server/bench/pages.ts), with Node CPU, PostgreSQL time (pg_stat_statements)
// and latency per request against their budgets. `BENCH_ONLY=pages` runs only that table (about
// 2-3 minutes; BENCH_BOOKINGS=1000000 adds bookings and chats at scale, BENCH_RATE and
// BENCH_PAGE_SECONDS change the load). Also the
// gzipped script each page loads, the confirmation page's HTML and the calendar's page data; then
// the booking bench (server/bench/booking.ts), the payment reminders' job at scale
// (server/bench/payment-reminders.ts), series subscriptions (server/bench/subscriptions.ts:
// enrolling 1,000 subscribers into a generated session, and subscribing), the award-badges job over
// 1,000 just-completed sessions among 100,000 sessions and 1,000,000 bookings (server/bench/badges.ts)
// and the live layer's message-to-arrival latency on
// 100 open streams over two processes (server/bench/live.ts). `BENCH_ONLY=live` runs only the
// latter. The earnings desk for a DM with 50,000 lines (server/bench/earnings.ts; `BENCH_ONLY=earnings`
// for that part alone, on the demo data without the 100,000 sessions). `BENCH_ONLY=cluster`: the
// search page through HAProxy with 1, 2 and 3 instances of the local cluster (server/bench/cluster.ts),
// saved under "cluster" in bench-results/latest.json. The chat of 50 people with
// 10,000 messages, its pages and a message's fan-out to 50 streams (server/bench/chat.ts;
// `BENCH_ONLY=chat` likewise). Results: bench-results/latest.json.
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
import { seedBulkBookings, seedBulkSessions } from "../seed/bulk";
import { seedCatalogue } from "../seed/catalogue";
import { seedDemo } from "../seed/demo";
import { benchChat } from "./chat";
import { benchCluster } from "./cluster";
import { cpuSeconds } from "./cpu";
import { benchEarnings } from "./earnings";
import { LATEST, readLatest, saveLatest } from "./latest";
import { benchLive } from "./live";
import { pacedLoad } from "./paced";
import { pageTable, PG_SETTINGS } from "./pages";
import { CORES, pinServerApart, unpin } from "./pin";
import { searchCombos as combos } from "./search-shapes";
import { hydratedScriptsKiB, pageScriptsKiB, rawLength } from "./served-weight";
import { type BenchServer, signIn, startBenchServer } from "./server";
import { percentile } from "./stats";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const RUNS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

async function main() {
  if (process.env.BENCH_ONLY === "cluster") {
    saveLatest("cluster", await benchCluster());
    return;
  }
  if (process.env.BENCH_ONLY === "live") {
    const live = await benchLive();
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync("bench-results/live.json", JSON.stringify({ date: new Date().toISOString(), live }, null, 2));
    return;
  }
  const pagesOnly = process.env.BENCH_ONLY === "pages";
  const earningsOnly = process.env.BENCH_ONLY === "earnings";
  const chatOnly = process.env.BENCH_ONLY === "chat";
  const bookings = Number(process.env.BENCH_BOOKINGS ?? 0);
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-bench-"));
  fs.chmodSync(parent, 0o755);
  const dataDir = path.join(parent, "data");
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "bench", persistent: false, fast: true, settings: PG_SETTINGS });
  const results: Record<string, unknown> = { sessions: SESSIONS, bookings, date: new Date().toISOString() };
  try {
    await migrateToLatest(pg.url);
    process.env.DATABASE_URL = pg.url;
    // The demo's paid seats go through the app's rules, which read the validated environment (as `npm run db:seed` does).
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
    await seedDemo();
    await seedCatalogue(
      createDiskStorage(path.join(parent, "uploads"), "http://127.0.0.1/uploads"),
      createDiskStorage(path.join(parent, "private"), "/private-files-are-not-served"),
    );
    if (chatOnly) {
      results.chat = await benchChat(pg.url, dataDir);
      fs.mkdirSync("bench-results", { recursive: true });
      fs.writeFileSync("bench-results/chat.json", JSON.stringify(results, null, 2));
      return;
    }
    if (earningsOnly) {
      results.earnings = await benchEarnings(pg.url, dataDir);
      fs.mkdirSync("bench-results", { recursive: true });
      fs.writeFileSync("bench-results/earnings.json", JSON.stringify(results, null, 2));
      return;
    }
    const seedStart = Date.now();
    await seedBulkSessions(SESSIONS, () => {});
    if (bookings > 0) {
      const lucia = await getDb().selectFrom("users").select("id").where("email", "=", "lucia@mesa.test").executeTakeFirstOrThrow();
      await seedBulkBookings(bookings, lucia.id, () => {});
    }
    results.seedSeconds = (Date.now() - seedStart) / 1000;
    console.error(`seeded ${SESSIONS} sessions and ${bookings} bookings in ${results.seedSeconds as number} s`);
    if (pagesOnly) {
      results.pages = await pageTable(pg.url, dataDir);
      fs.mkdirSync("bench-results", { recursive: true });
      fs.writeFileSync("bench-results/pages.json", JSON.stringify(results, null, 2));
      return;
    }

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

    results.http = await loadTest(pg.url, dataDir);
    results.pages = await pageTable(pg.url, dataDir);
    results.earnings = await benchEarnings(pg.url, dataDir);
    results.chat = await benchChat(pg.url, dataDir);
    await closeDb();
    results.booking = await benchInChild("server/bench/booking.ts");
    results.paymentReminders = await benchInChild("server/bench/payment-reminders.ts");
    results.subscriptions = await benchInChild("server/bench/subscriptions.ts");
    results.badges = await benchInChild("server/bench/badges.ts");
  } finally {
    await closeDb();
    await pg.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
  results.live = await benchLive();
  fs.mkdirSync("bench-results", { recursive: true });
  const previous = readLatest();
  // Parts run on their own (bench:million, BENCH_ONLY=cluster) keep their last figures.
  for (const kept of ["million", "cluster"]) if (previous[kept]) results[kept] = previous[kept];
  fs.writeFileSync(LATEST, JSON.stringify(results, null, 2));
  console.log(
    JSON.stringify(
      {
        http: results.http,
        booking: results.booking,
        paymentReminders: results.paymentReminders,
        subscriptions: results.subscriptions,
        badges: (results.badges as { job?: unknown } | undefined)?.job,
        live: results.live,
      },
      null,
      2,
    ),
  );
}

/**
 * A bench in its own process, with its own database of 100,000 sessions: the booking bench
 * (server/bench/booking.ts), the payment reminders' job (server/bench/payment-reminders.ts),
 * series subscriptions (server/bench/subscriptions.ts) and the award-badges job (server/bench/badges.ts).
 */
function benchInChild(script: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.slice(out.indexOf("{")))) : reject(new Error(`${script} exited with ${code}`))));
  });
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

/**
 * Load on /es/sessions (signed in): requests per second, the server's CPU per request (its own
 * CPU time over the requests served, which holds on a busy machine where wall time does not) and
 * latency percentiles (every response's own time, for an exact p95).
 */
async function load(server: BenchServer, cookie: string, options: { connections: number; duration?: number; amount?: number }) {
  const times: number[] = [];
  const cpuBefore = cpuSeconds(server.pid);
  const loadBefore = os.loadavg()[0]!;
  const run = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${server.base}/es/sessions`, headers: { Cookie: cookie, "Accept-Encoding": "br, gzip" }, timeout: 120, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  return {
    ...options,
    requests: run.requests.total,
    requestsPerSecond: run.requests.average,
    non2xx: run.non2xx,
    cpuMsPerRequest: +((cpu * 1000) / Math.max(1, run.requests.total)).toFixed(2),
    latencyMs: { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: Math.max(...times) },
    machineLoad: { before: +loadBefore.toFixed(2), after: +os.loadavg()[0]!.toFixed(2), cores: CORES },
  };
}

async function loadTest(databaseUrl: string, dataDir: string) {
  const db = getDb();
  const ids = {
    session: (await db.selectFrom("sessions").select("id").where("title", "=", "La Cripta del Rey Dragón").executeTakeFirstOrThrow()).id,
    series: (await db.selectFrom("series").select("id").orderBy("created_at").executeTakeFirstOrThrow()).id,
    dm: (await db.selectFrom("users").select("id").where("email", "=", "ana.dm@mesa.test").executeTakeFirstOrThrow()).id,
  };
  const one = await startBenchServer(databaseUrl, { workers: 1 });
  const results: Record<string, unknown> = {};
  try {
    const cookie = await signIn(one.base, "lucia@mesa.test", "Jugadora-2026!");
    const dmCookie = await signIn(one.base, "ana.dm@mesa.test", "Dragones-2026!");
    const page = await fetch(`${one.base}/es/sessions`, { headers: { Cookie: cookie } });
    const html = await page.text();
    results.sessionsPage = {
      status: page.status,
      htmlGzipKiB: +(gzipSync(Buffer.from(html)).length / 1024).toFixed(1),
      jsGzipKiBIfHydrated: hydratedScriptsKiB(["root", "routes/$lang", "routes/$lang.sessions"]),
    };
    results.sessionsPage = { ...(results.sessionsPage as object), wireGzipBytes: await rawLength(one.base, cookie) };
    const confirmation = await fetch(`${one.base}/es/session/${ids.session}/confirm`, { headers: { Cookie: cookie } });
    results.confirmationPage = { status: confirmation.status, htmlGzipKiB: +(gzipSync(Buffer.from(await confirmation.text())).length / 1024).toFixed(1) };

    const player: Record<string, string> = {
      home: "/es",
      search: "/es/sessions",
      sessionDetail: `/es/session/${ids.session}`,
      confirmation: `/es/session/${ids.session}/confirm`,
      seriesDetail: `/es/series/${ids.series}`,
      notifications: "/es/notifications",
      profile: `/es/profile/${ids.dm}`,
      calendar: "/es/calendar",
    };
    const authoring: Record<string, string> = {
      create: "/es/create",
      sessionEdit: `/es/session/${ids.session}/edit`,
      seriesNew: "/es/series/new",
      seriesEdit: `/es/series/${ids.series}/edit`,
    };
    const js: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(player)) js[name] = await pageScriptsKiB(one.base, url, cookie);
    for (const [name, url] of Object.entries(authoring)) js[name] = await pageScriptsKiB(one.base, url, dmCookie);
    results.jsGzipKiBPerPage = js;
    console.table(js);

    // The route data the page inlines (single fetch: the .data endpoint answers the same turbo-stream).
    const calendarData = await fetch(`${one.base}/es/calendar.data?_routes=${encodeURIComponent("routes/$lang.calendar")}`, { headers: { Cookie: cookie } });
    results.calendarDataBytes = (await calendarData.text()).length;

    // Warm up, then: CPU per request over a fixed number of requests (a few at a time, so none
    // times out on a busy machine), as fast as one process goes (50 connections) and at a fixed 100 requests/s.
    results.pinning = pinServerApart(one.pid, dataDir) ?? "none (one CPU, or no taskset)";
    await load(one, cookie, { connections: 10, duration: 3 });
    results.cpuPerRequest = await load(one, cookie, { connections: 4, amount: Number(process.env.BENCH_REQUESTS ?? 300) });
    results.oneProcess = await load(one, cookie, { connections: 50, duration: SECONDS });
    // Evenly paced, open loop: autocannon's overallRate sent each second's quota in one burst.
    results.fixedRate = await pacedLoad(`${one.base}/es/sessions`, { Cookie: cookie, "Accept-Encoding": "br, gzip" }, 100, SECONDS);
  } finally {
    await one.stop();
    unpin(dataDir);
  }
  const cores = CORES;
  const all = await startBenchServer(databaseUrl, { workers: cores });
  try {
    const cookie = await signIn(all.base, "lucia@mesa.test", "Jugadora-2026!");
    await load(all, cookie, { connections: 10, duration: 3 });
    results.allCoresCpuPerRequest = await load(all, cookie, { connections: 8, amount: Number(process.env.BENCH_REQUESTS ?? 300) });
    results.allCores = { workers: cores, ...(await load(all, cookie, { connections: 50, duration: SECONDS })) };
  } finally {
    await all.stop();
  }
  return results;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
