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
import { getDb } from "../../db/client.server";
import { bookingLoad } from "./booking-load";
import { insertBenchHost, insertBenchTable, timed, withBenchDatabase } from "./database";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PLAYERS = 2_000;

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
    const load = await bookingLoad(pg.socketUrl, parent, hotId, players);
    const bookings = (await sql<{ n: string }>`select count(*) as n from bookings`.execute(getDb())).rows[0]?.n;
    console.log(JSON.stringify({ sessions: SESSIONS, bookings: Number(bookings), seedSeconds, ...load }, null, 2));
  });
}

await main();
