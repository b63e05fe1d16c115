// The page table of `npm run bench` (and `BENCH_ONLY=pages`): the signed-in pages a player uses
// most, each at an evenly paced rate on two workers, with Node CPU, PostgreSQL time and latency per
// request against their budgets, and the minimal Remix app of the same versions as the floor.
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { getDb } from "../../db/client.server";
import { freePort } from "../../db/embedded";
import { cpuSeconds, cpuSplit } from "./cpu";
import { pacedLoad } from "./paced";
import { CORES } from "./pin";
import { signIn, startBenchServer, waitUntilUp } from "./server";

const PAGE_RATE = Number(process.env.BENCH_RATE ?? 100);
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 8);
/** Each page is served this long at the same rate before it is measured, so both workers measure JIT-compiled code, as a server that has been up a while runs. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** pg_stat_statements, for PostgreSQL's time per request in the page table (planning included). */
export const PG_SETTINGS = { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track_planning": "on" };

/** PostgreSQL's time (planning and execution) and statements since the last reset, this database only. */
async function statementTotals(pool: pg.Pool) {
  const { rows } = await pool.query<{ ms: number; calls: string }>(
    `select coalesce(sum(total_exec_time + total_plan_time), 0)::float8 as ms, coalesce(sum(calls), 0)::int8 as calls
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query not ilike '%pg_stat_statements%'`,
  );
  return { ms: rows[0]!.ms, calls: Number(rows[0]!.calls) };
}

/**
 * The page table: each page a signed-in player uses most, on a production server with two workers,
 * at an evenly paced PAGE_RATE requests/s for PAGE_SECONDS (after 2 s of warm-up at the same rate).
 * Node CPU per request is the server's CPU time (primary and workers) over the requests served;
 * PostgreSQL's is pg_stat_statements' planning and execution time over the same requests.
 * On a machine shared with other work these read high: compare runs of the same machine and load.
 */
export async function pageTable(databaseUrl: string) {
  const db = getDb();
  const session = (await db.selectFrom("sessions").select("id").where("title", "=", "La Cripta del Rey Dragón").executeTakeFirstOrThrow()).id;
  const pages: Record<string, string> = {
    home: "/es",
    search: "/es/sessions",
    session: `/es/session/${session}`,
    confirmation: `/es/session/${session}/confirm`,
    chats: "/es/chats",
  };
  const server = await startBenchServer(databaseUrl, { workers: 2, extraEnv: { JOBS_IN_SERVER: "false" } });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const rows: Record<string, unknown>[] = [];
  try {
    await pool.query("create extension if not exists pg_stat_statements");
    const cookie = await signIn(server.base, "lucia@mesa.test", "Jugadora-2026!");
    const headers = { Cookie: cookie, "Accept-Encoding": "br, gzip", "User-Agent": "Mozilla/5.0 (Linux; Android 10; bench) Chrome/120 Mobile" };
    for (const [name, url] of Object.entries(pages)) {
      const status = (await fetch(`${server.base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" })).status;
      await pacedLoad(`${server.base}${url}`, headers, PAGE_RATE, WARMUP_SECONDS);
      await pool.query("select pg_stat_statements_reset()");
      const loadBefore = os.loadavg()[0]!;
      const cpuBefore = cpuSplit(server.pid);
      const run = await pacedLoad(`${server.base}${url}`, headers, PAGE_RATE, PAGE_SECONDS);
      const cpuAfter = cpuSplit(server.pid);
      const cpu = cpuAfter.primary + cpuAfter.workers - cpuBefore.primary - cpuBefore.workers;
      const statements = await statementTotals(pool);
      const served = Math.max(1, run.sent - run.errors);
      const nodeCpuMs = +((cpu * 1000) / served).toFixed(2);
      const pgMs = +(statements.ms / served).toFixed(3);
      rows.push({
        page: name,
        status,
        "rate/s": run.achievedPerSecond,
        "node CPU ms/req": nodeCpuMs,
        "of which primary": +(((cpuAfter.primary - cpuBefore.primary) * 1000) / served).toFixed(2),
        "PG ms/req": pgMs,
        "PG statements/req": +(statements.calls / served).toFixed(1),
        "p50 ms": run.latencyMs.p50,
        "p95 ms": run.latencyMs.p95,
        "p99 ms": run.latencyMs.p99,
        non2xx: run.non2xx + run.errors,
        budget: [nodeCpuMs <= 5 ? "" : "CPU>5", pgMs <= 2 ? "" : "PG>2", run.latencyMs.p95 <= 50 ? "" : "p95>50"].filter(Boolean).join(" ") || "ok",
        "load avg": `${loadBefore.toFixed(1)}→${os.loadavg()[0]!.toFixed(1)}`,
      });
    }
    rows.push(await minimalAppRow(databaseUrl, pool));
  } finally {
    await pool.end();
    await server.stop();
  }
  console.log(
    `\nPages, signed in, ${PAGE_RATE} requests/s paced evenly for ${PAGE_SECONDS} s each, WEB_CONCURRENCY=2, ${CORES} CPUs (budget: CPU ≤ 5 ms, PG ≤ 2 ms, p95 ≤ 50 ms)`,
  );
  console.table(rows);
  return rows;
}

/**
 * The floor (stack notes G35): the minimal Remix app in server/bench/minimal (same installed
 * versions, a 20-row loader, a page of about 570 elements and 46 KB, no compression, headers or
 * logging), built here and measured exactly as the pages above, on two workers in the same run.
 */
async function minimalAppRow(databaseUrl: string, pool: pg.Pool): Promise<Record<string, unknown>> {
  const dir = "server/bench/minimal";
  execFileSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "ignore",
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", `${dir}/server.ts`], {
    env: { ...process.env, NODE_ENV: "production", WEB_CONCURRENCY: "2", DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitUntilUp(base, "the minimal app");
    const page = await (await fetch(`${base}/`)).text();
    await pacedLoad(`${base}/`, {}, PAGE_RATE, WARMUP_SECONDS);
    await pool.query("select pg_stat_statements_reset()");
    const cpuBefore = cpuSeconds(child.pid!);
    const run = await pacedLoad(`${base}/`, {}, PAGE_RATE, PAGE_SECONDS);
    const served = Math.max(1, run.sent - run.errors);
    const statements = await statementTotals(pool);
    return {
      page: `minimal Remix app (${(page.length / 1024).toFixed(0)} KB, ${(page.match(/<[a-z]/g) ?? []).length} elements)`,
      status: 200,
      "rate/s": run.achievedPerSecond,
      "node CPU ms/req": +(((cpuSeconds(child.pid!) - cpuBefore) * 1000) / served).toFixed(2),
      "of which primary": null,
      "PG ms/req": +(statements.ms / served).toFixed(3),
      "PG statements/req": +(statements.calls / served).toFixed(1),
      "p50 ms": run.latencyMs.p50,
      "p95 ms": run.latencyMs.p95,
      "p99 ms": run.latencyMs.p99,
      non2xx: run.non2xx + run.errors,
      budget: "floor",
      "load avg": os.loadavg()[0]!.toFixed(1),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}
