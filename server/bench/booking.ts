// npx tsx server/bench/booking.ts: seeds BENCH_SESSIONS sessions (default 100,000) and ten
// bookings each (1,000,000) into a throwaway PostgreSQL, then times free bookings of one hot
// session by 20 parallel clients, each with its own connection:
// - burst: all 20 book at the same moment (a popular table opening), then all leave; BENCH_ROUNDS
//   times. `bookMs` is the booking's database part (decideFreeSeat: the one take_free_seat call,
//   its wait for the session's lock included), timed before any notice is written, so that one
//   client's email rendering does not hold up another's clock; `noticesMs` is each booking's
//   notices afterwards (the session read, the notification rows with their live events, the
//   emails with calendar files), all 20 at once.
// - steady: every client books (notices included, untimed) and leaves again without pause for
//   BENCH_STEADY_SECONDS, so each booking queues behind other bookings and leaves on the same row
//   lock while the process also renders everyone's notices.
import { sql } from "kysely";
import type { Requester } from "../../app/modules/auth/session.server";
import { decideFreeSeat, leaveList, tellBooked } from "../../app/modules/bookings/bookings.server";
import { createDatabase, getDb } from "../../db/client.server";
import { benchDeps, insertBenchHost, insertBenchTable, timed, withBenchDatabase } from "./database";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const PLAYERS = 2_000;
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const summary = (values: number[]) => ({
  p50: +percentile(values, 50).toFixed(2),
  p95: +percentile(values, 95).toFixed(2),
  max: +Math.max(...values).toFixed(2),
});
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

async function seed() {
  const db = getDb();
  const hostId = await insertBenchHost(db);
  await db.insertInto("profiles").values({ user_id: hostId }).execute();
  await sql`insert into users (email, display_name, roles) select 'player' || g || '@bench.test', 'Player ' || g, '{user}' from generate_series(1, ${PLAYERS}) g`.execute(
    db,
  );
  await sql`insert into sessions (dm_id, title, game, starts_at, time_zone, duration_minutes, max_participants, min_participants)
    select ${hostId}, 'Mesa ' || g, 'D&D 5e', now() + (g % 60 + 1) * interval '1 day', 'UTC', 120, 20, 1 from generate_series(1, ${SESSIONS}) g`.execute(db);
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
  const hotId = await insertBenchTable(db, hostId, "Hot");
  const players = await db.selectFrom("users").select(["id", "email"]).where("email", "like", "player%").limit(CLIENTS).execute();
  return { hotId, players };
}

async function main() {
  await withBenchDatabase("booking", async (pg, parent) => {
    const [{ hotId, players }, seedSeconds] = await timed(() => seed());
    // A connection per client, so the times are the database's (lock waits included), not the pool's
    // queue; over the Unix socket, so the loopback TCP stack does not eat the CPUs PostgreSQL needs.
    const db = createDatabase(pg.socketUrl, CLIENTS + 2);
    const deps = () => benchDeps(db, parent);
    const asPlayer = (p: { id: string; email: string }) =>
      ({ id: p.id, email: p.email, displayName: "Player", isAdmin: false, isDm: false, preferredLanguage: "es", timeZone: "UTC" }) as Requester;
    const decide = async (player: Requester) => {
      const started = performance.now();
      const result = await decideFreeSeat(deps(), player, { sessionId: hotId });
      if (!result.ok) throw new Error(`booking refused: ${result.refusal}`);
      return performance.now() - started;
    };
    const notices = async (player: Requester) => {
      const started = performance.now();
      await tellBooked(deps(), player, hotId);
      return performance.now() - started;
    };
    const book = async (player: Requester) => {
      const db = await decide(player);
      await notices(player);
      return { db };
    };
    const leave = (player: Requester) => leaveList(deps(), player, { sessionId: hotId, userId: player.id, list: "bookings" });
    // One untimed round first: a serving process's pool is warm, its connections long open.
    await Promise.all(players.map((p) => book(asPlayer(p))));
    await Promise.all(players.map((p) => leave(asPlayer(p))));
    const burstDb: number[] = [];
    const burstNotices: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      burstDb.push(...(await Promise.all(players.map((p) => decide(asPlayer(p))))));
      burstNotices.push(...(await Promise.all(players.map((p) => notices(asPlayer(p))))));
      await Promise.all(players.map((p) => leave(asPlayer(p))));
    }
    const steadyDb: number[] = [];
    const until = performance.now() + STEADY_SECONDS * 1000;
    await Promise.all(
      players.map(async (p) => {
        const player = asPlayer(p);
        while (performance.now() < until) {
          steadyDb.push((await book(player)).db);
          await leave(player);
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
          burst: { bookingsTimed: burstDb.length, bookMs: summary(burstDb), noticesMs: summary(burstNotices) },
          steady: { bookingsTimed: steadyDb.length, bookMs: summary(steadyDb) },
        },
        null,
        2,
      ),
    );
  });
}

await main();
