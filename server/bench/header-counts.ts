// `npx tsx server/bench/header-counts.ts`: what the root loader's header counts (unread notifications
// and the chat badge) cost PostgreSQL at 100,000 sessions and 1,000,000 bookings. Seeds a throwaway
// database, captures the very statements the app sends for a player and for a host, and prints their
// EXPLAIN (ANALYZE, BUFFERS) and the median planning plus execution time over repeated runs (decision record 044).
// BENCH_SESSIONS and BENCH_BOOKINGS change the size.
import fs from "node:fs";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { unreadChatTotal } from "../../app/modules/chat/chat.server";
import { unreadCount } from "../../app/modules/notifications/notifications.server";
import { closeDb, getDb } from "../../db/client.server";
import type { DB } from "../../db/schema";
import { seedBulkBookings, seedBulkSessions } from "../seed/bulk";
import { seedDemo } from "../seed/demo";
import { withBenchDatabase } from "./database";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const RUNS = 200;

async function main() {
  await withBenchDatabase("header", async (server) => {
    await seedDemo();
    const started = Date.now();
    await seedBulkSessions(SESSIONS, () => {});
    const db = getDb();
    const idOf = async (email: string) => (await db.selectFrom("users").select(["id", "roles"]).where("email", "=", email).executeTakeFirstOrThrow()).id;
    const people = { player: await idOf("lucia@mesa.test"), host: await idOf("ana.dm@mesa.test") };
    await seedBulkBookings(BOOKINGS, people.player, (m) => console.error(m));
    console.error(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await closeDb();
    const report = await measure(server.url, people);
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync(
      "bench-results/header-counts.json",
      JSON.stringify({ date: new Date().toISOString(), sessions: SESSIONS, bookings: BOOKINGS, ...report }, null, 2),
    );
  });
}

async function measure(databaseUrl: string, people: Record<string, string>) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void (event.level === "query" && captured.push(event.query)) });
  const sizes = await pool.query<{ sessions: string; bookings: string; chats: string; messages: string }>(
    "select (select count(*) from sessions) as sessions, (select count(*) from bookings) as bookings, (select count(*) from chats) as chats, (select count(*) from chat_messages) as messages",
  );
  console.log(`rows: ${JSON.stringify(sizes.rows[0])}`);
  const results: Record<string, unknown> = { rows: sizes.rows[0] };
  try {
    for (const [who, id] of Object.entries(people)) {
      captured.length = 0;
      const actor = { id, roles: ["user"], isAdmin: false, isDm: who === "host" } as unknown as Parameters<typeof unreadChatTotal>[1];
      const counts = { notifications: await unreadCount({ db }, id), chats: await unreadChatTotal({ db }, actor) };
      const statements = [...captured];
      const perStatement = [];
      for (const query of statements) {
        const explain = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, timing off, summary on, format json) ${query.sql}`, [
            ...query.parameters,
          ]);
          // Planning is database time too: the driver sends each statement unprepared.
          const summary = (rows[0]!["QUERY PLAN"] as unknown as { "Planning Time": number; "Execution Time": number }[])[0]!;
          times.push(summary["Planning Time"] + summary["Execution Time"]);
        }
        times.sort((a, b) => a - b);
        const plan = explain.rows.map((r) => r["QUERY PLAN"]);
        perStatement.push({ sql: query.sql, medianMs: +times[Math.floor(RUNS / 2)]!.toFixed(3), p95Ms: +times[Math.floor(RUNS * 0.95)]!.toFixed(3), plan });
        console.log(`\n-- ${who}: ${query.sql}\n-- median ${times[Math.floor(RUNS / 2)]!.toFixed(3)} ms over ${RUNS} runs\n${plan.join("\n")}`);
      }
      const total = perStatement.reduce((sum, s) => sum + s.medianMs, 0);
      console.log(`\n== ${who}: counts ${JSON.stringify(counts)}, ${statements.length} statements, ${total.toFixed(3)} ms of PostgreSQL (medians)`);
      results[who] = { counts, totalMedianMs: +total.toFixed(3), statements: perStatement };
    }
  } finally {
    await db.destroy();
  }
  return results;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
