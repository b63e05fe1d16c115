// The page table of `npm run bench` (and `BENCH_ONLY=pages`): the signed-in pages a player uses
// most, each at an evenly paced rate, with Node CPU, PostgreSQL time and latency per request against
// their budgets, and the minimal Remix app of the same versions as the floor.
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { getDb } from "../../db/client.server";
import { freePort } from "../../db/embedded";
import { waitForHealthy } from "../cluster/processes";
import { cpuSplit } from "./cpu";
import { pacedLoad } from "./paced";
import { CORES, pinServerApart, unpin } from "./pin";
import { signIn, startBenchServer } from "./server";

const PAGE_RATE = Number(process.env.BENCH_RATE ?? 100);
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 8);
/** Each page is served this long at the same rate before it is measured, so both workers measure JIT-compiled code, as a server that has been up a while runs. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** pg_stat_statements, for PostgreSQL's time per request in the page table (planning included). */
export const PG_SETTINGS = { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track_planning": "on" };
const BUDGET = { cpuMs: 5, pgMs: 2, p95Ms: 50 };
const HEADERS = { "Accept-Encoding": "br, gzip", "User-Agent": "Mozilla/5.0 (Linux; Android 10; bench) Chrome/120 Mobile" };

/** PostgreSQL's time (planning and execution) and statements since the last reset, this database only. */
async function statementTotals(pool: pg.Pool) {
  const { rows } = await pool.query<{ ms: number; calls: string }>(
    `select coalesce(sum(total_exec_time + total_plan_time), 0)::float8 as ms, coalesce(sum(calls), 0)::int8 as calls
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query not ilike '%pg_stat_statements%'`,
  );
  if (process.env.BENCH_STATEMENTS === "1") await printStatements(pool);
  return { ms: rows[0]!.ms, calls: Number(rows[0]!.calls) };
}

/** `BENCH_STATEMENTS=1`: each page's statements by their time, to see which one a PostgreSQL budget is spent on. */
async function printStatements(pool: pg.Pool) {
  const { rows } = await pool.query<{ ms: number; calls: string; plan_ms: number; query: string }>(
    `select (total_exec_time + total_plan_time)::float8 as ms, total_plan_time::float8 as plan_ms, calls::int8 as calls, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) as query
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query not ilike '%pg_stat_statements%'
      order by 1 desc limit 6`,
  );
  for (const r of rows)
    process.stderr.write(`  ${(r.ms / Number(r.calls)).toFixed(3)} ms/call (plan ${(r.plan_ms / Number(r.calls)).toFixed(3)}) × ${r.calls}: ${r.query}\n`);
}

type Measured = { cpuMs: number; primaryMs: number | null; pgMs: number; statements: number; run: Awaited<ReturnType<typeof pacedLoad>> };

/** One page at PAGE_RATE: warmed up, then measured over PAGE_SECONDS (the server's CPU over the requests it served). */
async function measure(url: string, headers: Record<string, string>, pid: number, pool: pg.Pool, split: boolean): Promise<Measured> {
  await pacedLoad(url, headers, PAGE_RATE, WARMUP_SECONDS);
  await pool.query("select pg_stat_statements_reset()");
  const before = cpuSplit(pid);
  const run = await pacedLoad(url, headers, PAGE_RATE, PAGE_SECONDS);
  const after = cpuSplit(pid);
  const statements = await statementTotals(pool);
  const served = Math.max(1, run.sent - run.errors);
  const perRequest = (seconds: number) => +((seconds * 1000) / served).toFixed(2);
  return {
    cpuMs: perRequest(after.primary + after.workers - before.primary - before.workers),
    primaryMs: split ? perRequest(after.primary - before.primary) : null,
    pgMs: +(statements.ms / served).toFixed(3),
    statements: +(statements.calls / served).toFixed(1),
    run,
  };
}

/**
 * The page table. Each page is served twice at an evenly paced PAGE_RATE:
 * - by one worker pinned to a CPU of its own, the load generator and PostgreSQL on the others
 *   (bench/pin.ts): its CPU per request is the server's own work, the figure the CPU budget is
 *   held to (decision record 050);
 * - by two workers (WEB_CONCURRENCY=2) sharing the machine's CPUs with the load generator and
 *   PostgreSQL, as a small deployment runs: latency (the p95 budget) and PostgreSQL time come from
 *   here. Its CPU per request is shown too; it reads higher, since every process contends for the
 *   same two CPUs and their caches.
 * On a machine shared with other work these read high: compare runs of the same machine and load.
 */
export async function pageTable(
  databaseUrl: string,
  postgresDataDir: string,
  options: { who?: { email: string; password: string }; pages?: Record<string, string>; budget?: Partial<typeof BUDGET>; floor?: boolean } = {},
) {
  const db = getDb();
  const session = (await db.selectFrom("sessions").select("id").where("title", "=", "La Cripta del Rey Dragón").executeTakeFirstOrThrow()).id;
  const pages: Record<string, string> = options.pages ?? {
    home: "/es",
    search: "/es/sessions",
    session: `/es/session/${session}`,
    confirmation: `/es/session/${session}/confirm`,
    chats: "/es/chats",
  };
  const who = options.who ?? { email: "lucia@mesa.test", password: "Jugadora-2026!" };
  const budget = { ...BUDGET, ...options.budget };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const rows: Record<string, unknown>[] = [];
  try {
    await pool.query("create extension if not exists pg_stat_statements");
    const pinned = new Map<string, number>();
    const one = await startBenchServer(databaseUrl, { workers: 1, extraEnv: { JOBS_IN_SERVER: "false" } });
    try {
      const cookie = await signIn(one.base, who.email, who.password);
      const pinning = pinServerApart(one.pid, postgresDataDir);
      for (const [name, url] of Object.entries(pages)) {
        pinned.set(name, (await measure(`${one.base}${url}`, { ...HEADERS, Cookie: cookie }, one.pid, pool, false)).cpuMs);
      }
      console.error(`page table, one worker: ${pinning ?? "not pinned (one CPU, or no taskset)"}`);
    } finally {
      await one.stop();
      unpin(postgresDataDir);
    }

    const server = await startBenchServer(databaseUrl, { workers: 2, extraEnv: { JOBS_IN_SERVER: "false" } });
    try {
      const cookie = await signIn(server.base, who.email, who.password);
      for (const [name, url] of Object.entries(pages)) {
        const status = (await fetch(`${server.base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" })).status;
        const loadBefore = os.loadavg()[0]!;
        const shared = await measure(`${server.base}${url}`, { ...HEADERS, Cookie: cookie }, server.pid, pool, true);
        rows.push(row(name, status, pinned.get(name)!, shared, `${loadBefore.toFixed(1)}→${os.loadavg()[0]!.toFixed(1)}`, budget));
      }
    } finally {
      await server.stop();
    }
    if (options.floor !== false) rows.push(await minimalAppRow(databaseUrl, pool, postgresDataDir));
  } finally {
    await pool.end();
  }
  console.log(
    `\nPages, signed in as ${who.email}, ${PAGE_RATE} requests/s paced evenly for ${PAGE_SECONDS} s each, ${CORES} CPUs (budget: CPU ≤ ${budget.cpuMs} ms on one pinned worker, PG ≤ ${budget.pgMs} ms, p95 ≤ ${budget.p95Ms} ms with WEB_CONCURRENCY=2)`,
  );
  console.table(rows);
  return rows;
}

function row(
  name: string,
  status: number | null,
  pinnedCpuMs: number,
  shared: Measured,
  load: string,
  limits: typeof BUDGET = BUDGET,
): Record<string, unknown> {
  const { run } = shared;
  const budget = [
    pinnedCpuMs <= limits.cpuMs ? "" : `CPU>${limits.cpuMs}`,
    shared.pgMs <= limits.pgMs ? "" : `PG>${limits.pgMs}`,
    run.latencyMs.p95 <= limits.p95Ms ? "" : `p95>${limits.p95Ms}`,
  ];
  return {
    page: name,
    status,
    "CPU ms/req, 1 pinned worker": pinnedCpuMs,
    "CPU ms/req, 2 workers": shared.cpuMs,
    "of which primary": shared.primaryMs,
    "PG ms/req": shared.pgMs,
    "PG statements/req": shared.statements,
    "rate/s": run.achievedPerSecond,
    "p50 ms": run.latencyMs.p50,
    "p95 ms": run.latencyMs.p95,
    "p99 ms": run.latencyMs.p99,
    non2xx: run.non2xx + run.errors,
    budget: status === null ? "floor" : budget.filter(Boolean).join(" ") || "ok",
    "load avg": load,
  };
}

/**
 * The floor (stack notes G35): the minimal Remix app in server/bench/minimal (same installed
 * versions, a 20-row loader, a page of about 570 elements and 46 KB, no compression, headers or
 * logging), built here and measured exactly as the pages above, in the same run.
 */
async function minimalAppRow(databaseUrl: string, pool: pg.Pool, postgresDataDir: string): Promise<Record<string, unknown>> {
  const dir = "server/bench/minimal";
  execFileSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "ignore",
  });
  const start = async (workers: number) => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", `${dir}/server.ts`], {
      env: { ...process.env, NODE_ENV: "production", WEB_CONCURRENCY: String(workers), DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const base = `http://127.0.0.1:${port}`;
    const stop = async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    };
    try {
      await waitForHealthy(`${base}/healthz`, 120_000, "the minimal app");
    } catch (error) {
      await stop();
      throw error;
    }
    return { base, pid: child.pid!, stop };
  };
  const one = await start(1);
  let pinnedCpuMs: number;
  try {
    pinServerApart(one.pid, postgresDataDir);
    pinnedCpuMs = (await measure(`${one.base}/`, {}, one.pid, pool, false)).cpuMs;
  } finally {
    await one.stop();
    unpin(postgresDataDir);
  }
  const two = await start(2);
  try {
    const page = await (await fetch(`${two.base}/`)).text();
    const shared = await measure(`${two.base}/`, {}, two.pid, pool, false);
    const name = `minimal Remix app (${(page.length / 1024).toFixed(0)} KB, ${(page.match(/<[a-z]/g) ?? []).length} elements)`;
    return row(name, null, pinnedCpuMs, shared, os.loadavg()[0]!.toFixed(1));
  } finally {
    await two.stop();
  }
}
