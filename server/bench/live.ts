// npx tsx server/bench/live.ts (also `BENCH_ONLY=live npm run bench`): two production server
// processes on a throwaway PostgreSQL; 100 event streams (20 chat members, 5 each: tabs and phones),
// half on each process; the host posts chat messages through the first process, and each stream's
// arrival is timed from the moment the post was sent. Prints p50/p95/max in ms; budget p95 100 ms.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "../../db/client.server";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";
import { createUser, loginCookie } from "../../tests/fixtures/users";

const STREAMS = 100;
const MEMBERS = 20;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const SECRET = "bench-secret-bench-secret-bench-secret-00";
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

async function startServer(databaseUrl: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "production",
      // Production requires the Stripe adapter's keys; the bench's pages never call Stripe.
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
      STRIPE_WEBHOOK_SECRET: "whsec_bench",
      WEB_CONCURRENCY: "1",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      SESSION_SECRET: SECRET,
      SMTP_URL: "smtp://127.0.0.1:1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "0",
      JOBS_IN_SERVER: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { base, stop: () => new Promise((r) => (child.kill("SIGTERM"), child.once("exit", r))) };
}

/** One open stream: calls `onMessage(id)` with each chat message id as it arrives. */
function openStream(base: string, cookie: string, onMessage: (id: number) => void) {
  return new Promise<() => void>((resolve, reject) => {
    const req = http.get(`${base}/api/notifications/stream`, { headers: { Cookie: cookie, Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.includes("event: chat_message")) {
            const data = block.slice(block.indexOf("data: ") + 6);
            onMessage((JSON.parse(data) as { message: { id: number } }).message.id);
          }
          if (block.includes("event: unread_count")) resolve(() => req.destroy());
        }
      });
    });
    req.on("error", reject);
  });
}

export async function benchLive() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-bench-live-"));
  fs.chmodSync(parent, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
  const servers: { base: string; stop: () => Promise<unknown> }[] = [];
  const closers: (() => void)[] = [];
  try {
    await migrateToLatest(pg.url);
    process.env.DATABASE_URL = pg.url;
    process.env.SESSION_SECRET = SECRET;
    const db = getDb();
    const host = await createUser({ role: "dm", displayName: "Host" });
    const players = [];
    for (let i = 1; i < MEMBERS; i += 1) players.push(await createUser({ displayName: `Player ${i}` }));
    const session = await db
      .insertInto("sessions")
      .values({
        dm_id: host.id,
        title: "Bench table",
        game: "D&D 5e",
        starts_at: new Date(Date.now() + 7 * 86_400_000),
        time_zone: "UTC",
        duration_minutes: 120,
        max_participants: 20,
        min_participants: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("bookings")
      .values(players.map((p) => ({ session_id: session.id, user_id: p.id, status: "CONFIRMED" })))
      .execute();
    const chat = await db.insertInto("chats").values({ kind: "session", session_id: session.id }).returning("id").executeTakeFirstOrThrow();
    const members = [host, ...players];
    const cookies = await Promise.all(members.map((m) => loginCookie(m.id)));

    servers.push(await startServer(pg.url), await startServer(pg.url));
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const early: { id: number; at: number }[] = [];
    const arrived = (id: number) => {
      const at = performance.now();
      const sent = sentAt.get(id);
      if (sent === undefined) early.push({ id, at });
      else latencies.push(at - sent);
    };
    for (let i = 0; i < STREAMS; i += 1) {
      // Member i % 20, alternating processes: every message crosses from process A to streams on B too.
      closers.push(await openStream(servers[i % 2]!.base, cookies[i % MEMBERS]!, arrived));
    }
    const post = async (content: string) => {
      const started = performance.now();
      const res = await fetch(`${servers[0]!.base}/api/chats/${chat.id}/messages`, {
        method: "POST",
        headers: { Cookie: cookies[0]!, "Content-Type": "application/json", Origin: servers[0]!.base },
        body: JSON.stringify({ content }),
      });
      const body = (await res.json()) as { message?: { id: number } };
      if (!body.message) throw new Error(`post answered ${res.status}: ${JSON.stringify(body)}`);
      sentAt.set(body.message.id, started);
      // Streams may see the message before the post's answer arrives: count those from the send too.
      for (const e of early.splice(0).filter((e) => e.id === body.message!.id)) latencies.push(e.at - started);
    };
    await post("warm-up");
    await new Promise((r) => setTimeout(r, 500));
    latencies.length = 0;
    for (let i = 0; i < MESSAGES; i += 1) {
      await post(`message ${i}`);
      // Stays under the sender's limits (10 a second, 60 a minute) and lets each fan-out finish.
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const result = {
      streams: STREAMS,
      processes: 2,
      messages: MESSAGES,
      deliveries: latencies.length,
      expected: MESSAGES * STREAMS,
      latencyMs: {
        p50: +percentile(latencies, 50).toFixed(1),
        p95: +percentile(latencies, 95).toFixed(1),
        max: +Math.max(...latencies).toFixed(1),
      },
      budgetP95Ms: 100,
      machineLoad: os.loadavg()[0],
    };
    console.log(JSON.stringify({ live: result }, null, 2));
    return result;
  } finally {
    for (const close of closers) close();
    for (const server of servers) await server.stop();
    await closeDb();
    await pg.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void benchLive().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
