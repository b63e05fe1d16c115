// npx tsx server/bench/booking.ts: seeds BENCH_SESSIONS sessions (default 100,000) and ten
// bookings each (1,000,000) into a throwaway PostgreSQL, then 20 clients at once book a free seat
// in one hot session and leave it again, over and over. Prints the booking use case's p50/p95/max
// in ms (the whole transaction: lock, checks, insert, seat trigger, and the notices after it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Requester } from "../../app/modules/auth/session.server";
import { bookFreeSeat, leaveList } from "../../app/modules/bookings/bookings.server";
import type { Deps } from "../../app/modules/deps.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { closeDb, createDatabase, getDb } from "../../db/client.server";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const PLAYERS = 2_000;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

async function seed() {
  const db = getDb();
  const host = await db
    .insertInto("users")
    .values({ email: "host@bench.test", display_name: "Host", roles: ["user", "dm"] })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("profiles").values({ user_id: host.id }).execute();
  await sql`insert into users (email, display_name, roles) select 'player' || g || '@bench.test', 'Player ' || g, '{user}' from generate_series(1, ${PLAYERS}) g`.execute(
    db,
  );
  await sql`insert into sessions (dm_id, title, game, starts_at, time_zone, duration_minutes, max_participants, min_participants)
    select ${host.id}, 'Mesa ' || g, 'D&D 5e', now() + (g % 60 + 1) * interval '1 day', 'UTC', 120, 20, 1 from generate_series(1, ${SESSIONS}) g`.execute(db);
  // Triggers off for the bulk load (the seat counter is recounted once afterwards).
  await sql`set session_replication_role = replica`.execute(db);
  await sql`insert into bookings (session_id, user_id, status, payment_method)
    select s.id, u.id, case when k = 10 then 'CANCELLED' else 'CONFIRMED' end, 'FREE'
    from (select id, row_number() over () as n from sessions) s
    cross join generate_series(1, 10) k
    join (select id, row_number() over (order by id) as n from users where email like 'player%') u on u.n = (s.n * 7 + k) % ${PLAYERS} + 1`.execute(db);
  await sql`set session_replication_role = origin`.execute(db);
  await sql`update sessions s set booked_count = (select count(*) from bookings b where b.session_id = s.id and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  const hot = await db
    .insertInto("sessions")
    .values({
      dm_id: host.id,
      title: "Hot",
      game: "D&D 5e",
      starts_at: new Date(Date.now() + 7 * 86_400_000),
      time_zone: "UTC",
      duration_minutes: 120,
      max_participants: 20,
      min_participants: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const players = await db.selectFrom("users").select(["id", "email"]).where("email", "like", "player%").limit(CLIENTS).execute();
  return { hotId: hot.id, players };
}

async function main() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-bench-booking-"));
  fs.chmodSync(parent, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
  try {
    await migrateToLatest(pg.url);
    process.env.DATABASE_URL = pg.url;
    const seedStart = Date.now();
    const { hotId, players } = await seed();
    const seedSeconds = (Date.now() - seedStart) / 1000;
    // A connection per client, so the times are the database's (lock waits included), not the pool's queue.
    const db = createDatabase(pg.url, CLIENTS + 2);
    const deps = (): Deps => ({
      db,
      mailer: { send: () => Promise.resolve() },
      storage: createDiskStorage(path.join(parent, "uploads"), "http://127.0.0.1/uploads"),
      now: new Date(),
      appUrl: "http://127.0.0.1",
    });
    const times: number[] = [];
    await Promise.all(
      players.map(async (p) => {
        const player = { id: p.id, email: p.email, displayName: "Player", isAdmin: false, isDm: false, preferredLanguage: "es", timeZone: "UTC" } as Requester;
        for (let i = 0; i < ROUNDS; i += 1) {
          const started = performance.now();
          const result = await bookFreeSeat(deps(), player, { sessionId: hotId });
          times.push(performance.now() - started);
          if (!result.ok) throw new Error(`booking refused: ${result.refusal}`);
          await leaveList(deps(), player, { sessionId: hotId, userId: player.id, list: "bookings" });
        }
      }),
    );
    await db.destroy();
    const bookings = (await sql<{ n: string }>`select count(*) as n from bookings`.execute(getDb())).rows[0]?.n;
    console.log(
      JSON.stringify(
        {
          sessions: SESSIONS,
          bookings: Number(bookings),
          seedSeconds,
          clients: CLIENTS,
          bookingsTimed: times.length,
          bookMs: { p50: +percentile(times, 50).toFixed(2), p95: +percentile(times, 95).toFixed(2), max: +Math.max(...times).toFixed(2) },
        },
        null,
        2,
      ),
    );
  } finally {
    await closeDb();
    await pg.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

await main();
