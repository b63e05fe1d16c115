// npm run bench:profile: where a page's Node CPU goes. Seeds 100,000 sessions into a throwaway
// PostgreSQL, starts one production server process under V8's sampling profiler, warms the page up,
// then sends PROFILE_REQUESTS requests (4 at a time) and reads the profile for that window only:
// CPU per request from /proc, the functions with the most self time, the packages they belong to,
// and the inclusive time of the stages a request passes (compression, logging, render, loaders).
// PROFILE_COMPARE (see compare()) measures server variants against each other; with PROFILE_RATE
// their requests are paced evenly, as in the page table. PROFILE_URL picks the page (default /es/sessions, signed in as the demo player; `{session}` stands
// for the demo session's id); PROFILE_KEEP=file.cpuprofile keeps the profile for Chrome's DevTools.
// PROFILE_EARNINGS=1 also seeds the earnings bench's 50,000 lines and signs in as their DM, Ana
// (PROFILE_URL=/es/earnings). PROFILE_CHAT=1 seeds the chat bench's group of 50 with 10,000 messages
// (`{chat}` in PROFILE_URL stands for its id, e.g. /es/chats/{chat}). PROFILE_WARMUP: requests before the measured ones (600).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { closeDb, getDb } from "../../db/client.server";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";
import { seedBulkSessions } from "../seed/bulk";
import { seedCatalogue } from "../seed/catalogue";
import { seedDemo } from "../seed/demo";
import { seedBigGroup } from "./chat";
import { cpuSeconds } from "./cpu";
import { seedEarnings } from "./earnings";
import { pacedLoad } from "./paced";
import { type CpuProfile, summarizeProfile } from "./profile-summary";
import { type BenchServer, signIn, startBenchServer } from "./server";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 2000);
const URL_PATH = process.env.PROFILE_URL ?? "/es/sessions";
const RATE = Number(process.env.PROFILE_RATE ?? 0);
const EARNINGS = process.env.PROFILE_EARNINGS === "1";
const CHAT = process.env.PROFILE_CHAT === "1";
let chatId = "";
/** The scheduled jobs would add their own CPU to the server's. */
const NO_JOBS = { JOBS_IN_SERVER: "false" };

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

function get(url: string, agent: http.Agent, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      })
      .on("error", reject);
  });
}

async function burst(url: string, headers: Record<string, string>, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let next = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        next += 1;
        const status = await get(url, agent, headers);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return Object.fromEntries(statuses);
}

async function main() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-profile-"));
  fs.chmodSync(parent, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
  const profileDir = path.join(parent, "profile");
  let server: BenchServer | null = null;
  try {
    await migrateToLatest(pg.url);
    process.env.DATABASE_URL = pg.url;
    // The demo's paid seats sign their offline payment references with it.
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
    await seedDemo();
    await seedCatalogue(
      createDiskStorage(path.join(parent, "uploads"), "http://127.0.0.1/uploads"),
      createDiskStorage(path.join(parent, "private"), "/private-files-are-not-served"),
    );
    await seedBulkSessions(SESSIONS, () => {});
    if (EARNINGS) await seedEarnings(new Date());
    if (CHAT) chatId = (await seedBigGroup(new Date())).chatId;
    const session = await getDb().selectFrom("sessions").select("id").where("title", "=", "La Cripta del Rey Dragón").executeTakeFirstOrThrow();
    await closeDb();
    if (process.env.PROFILE_COMPARE) {
      await compare(pg.url, session.id, process.env.PROFILE_COMPARE);
      return;
    }
    server = await startBenchServer(pg.url, { workers: 1, nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`], extraEnv: NO_JOBS });
    const { url, headers } = await signedIn(server.base, session.id);
    await burst(url, headers, Number(process.env.PROFILE_WARMUP ?? 600));
    const from = monotonicMicros();
    const cpuBefore = cpuSeconds(server.pid);
    const statuses = await burst(url, headers, REQUESTS);
    const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / REQUESTS;
    const to = monotonicMicros();
    // The profile is written when the process exits.
    await server.stop();
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no profile");
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
    console.log(`${URL_PATH}: ${REQUESTS} requests ${JSON.stringify(statuses)}, ${cpuMs.toFixed(2)} ms CPU per request (/proc)`);
    console.log(summarizeProfile(profile, { from, to, requests: REQUESTS }));
    if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(profileDir, file), process.env.PROFILE_KEEP);
  } finally {
    await server?.stop();
    await closeDb();
    await pg.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

/**
 * PROFILE_COMPARE="name:KEY=value,KEY2=value;other:…": servers started with each variant's
 * environment, in interleaved rounds (PROFILE_ROUNDS, default 5), without the profiler; prints each
 * variant's median CPU per request. Interleaving spreads the machine's other load over all variants.
 */
async function compare(databaseUrl: string, sessionId: string, spec: string) {
  const variants = spec.split(";").map((part) => {
    const [name, vars = ""] = part.split(":");
    return {
      name: name!,
      env: Object.fromEntries(
        vars
          .split(",")
          .filter(Boolean)
          .map((kv) => kv.split("=") as [string, string]),
      ),
    };
  });
  const results = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < Number(process.env.PROFILE_ROUNDS ?? 5); round += 1) {
    for (const variant of variants) {
      // `{socket}` in a variant's value: the same database through its Unix socket instead of TCP.
      const socketUrl = databaseUrl.replace(/@127\.0\.0\.1:/, "@%2Ftmp:");
      const env = Object.fromEntries(Object.entries(variant.env).map(([k, v]) => [k, v.replace("{socket}", socketUrl)]));
      const variantServer = await startBenchServer(databaseUrl, { workers: 1, extraEnv: { ...NO_JOBS, ...env } });
      try {
        const { url, headers } = await signedIn(variantServer.base, sessionId);
        // PROFILE_RATE: requests paced evenly at that rate (open loop, as the page table), else 4 at a time.
        const load = (count: number) => (RATE ? pacedLoad(url, headers, RATE, count / RATE) : burst(url, headers, count));
        await load(RATE ? RATE * 5 : 400);
        const before = cpuSeconds(variantServer.pid);
        await load(REQUESTS);
        results.get(variant.name)!.push(((cpuSeconds(variantServer.pid) - before) * 1000) / REQUESTS);
      } finally {
        await variantServer.stop();
      }
    }
  }
  for (const [name, values] of results) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`${name.padEnd(20)} median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms  (${values.map((v) => v.toFixed(2)).join(" ")})`);
  }
}

async function signedIn(base: string, sessionId: string) {
  const cookie = EARNINGS ? await signIn(base, "ana.dm@mesa.test", "Dragones-2026!") : await signIn(base, "lucia@mesa.test", "Jugadora-2026!");
  const headers = { Cookie: cookie, "Accept-Encoding": "br, gzip", "User-Agent": "Mozilla/5.0 (Linux; Android 10; bench) Chrome/120 Mobile" };
  return { url: `${base}${URL_PATH.replace("{session}", sessionId).replace("{chat}", chatId)}`, headers };
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
