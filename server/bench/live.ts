// npx tsx server/bench/live.ts (also `BENCH_ONLY=live npm run bench`): two production server
// processes on a throwaway PostgreSQL; 100 event streams (20 chat members, 5 each: tabs and phones),
// half on each process; the host posts chat messages through the first process, and each stream's
// arrival is timed from the moment the post was sent. Prints p50/p95/max in ms; budget p95 100 ms.
import http from "node:http";
import os from "node:os";
import { getDb } from "../../db/client.server";
import { createUser, loginCookie } from "../../tests/fixtures/users";
import { insertBenchTable, withBenchDatabase } from "./database";
import { onEventBlocks } from "./event-blocks";
import { startBenchServer } from "./server";

const STREAMS = 100;
const MEMBERS = 20;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const SECRET = "bench-secret-bench-secret-bench-secret-00";
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

/** The app's server with one worker and no jobs (the bench only measures the live layer). */
const startLiveServer = (databaseUrl: string) => startBenchServer(databaseUrl, { workers: 1, extraEnv: { JOBS_IN_SERVER: "false" } });

/** One open stream: calls `onMessage(id)` with each chat message id as it arrives; resolves once the stream has started. */
export function openStream(base: string, cookie: string, onMessage: (id: number) => void) {
  return new Promise<() => void>((resolve, reject) => {
    const req = http.get(`${base}/api/notifications/stream`, { headers: { Cookie: cookie, Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      onEventBlocks(res, (block) => {
        if (block.includes("event: chat_message")) {
          const data = block.slice(block.indexOf("data: ") + 6);
          onMessage((JSON.parse(data) as { message: { id: number } }).message.id);
        }
        if (block.includes("event: unread_count")) resolve(() => req.destroy());
      });
    });
    req.on("error", reject);
  });
}

export function benchLive() {
  return withBenchDatabase("live", async (pg) => {
    const servers: { base: string; stop: () => Promise<unknown> }[] = [];
    const closers: (() => void)[] = [];
    try {
      process.env.SESSION_SECRET = SECRET;
      const db = getDb();
      const host = await createUser({ role: "dm", displayName: "Host" });
      const players = [];
      for (let i = 1; i < MEMBERS; i += 1) players.push(await createUser({ displayName: `Player ${i}` }));
      const sessionId = await insertBenchTable(db, host.id, "Bench table");
      await db
        .insertInto("bookings")
        .values(players.map((p) => ({ session_id: sessionId, user_id: p.id, status: "CONFIRMED" })))
        .execute();
      const chat = await db.insertInto("chats").values({ kind: "session", session_id: sessionId }).returning("id").executeTakeFirstOrThrow();
      const members = [host, ...players];
      const cookies = await Promise.all(members.map((m) => loginCookie(m.id)));

      servers.push(await startLiveServer(pg.url), await startLiveServer(pg.url));
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
    }
  });
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
