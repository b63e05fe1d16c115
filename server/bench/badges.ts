// npx tsx server/bench/badges.ts: the award-badges job at scale. Seeds, into a throwaway PostgreSQL,
// 1,000 hosts and 20,000 players (verified, with a username; half the hosts with a bio and an avatar),
// BENCH_SESSIONS sessions (default 100,000) from 400 days ago to 50 days ahead (every 30th cancelled
// by its host, the past ones completed, every other one paid, six games and five genres), ten bookings
// each (BENCH_SESSIONS × 10 = 1,000,000: nine confirmed, one cancelled by its player 0-19 hours before
// the start, made 0-19 days before the start), a card payment for each confirmed paid seat (succeeded
// 0-47 hours after the booking), two reviews per completed session (a player rates the host and the
// host that player), and the chat of every tenth completed session with 20 messages.
// Then all completed sessions are marked as handled except the latest BENCH_PENDING (default
// 1,000), as if they had just completed, and the job runs until none is left. `msPerSession` is the
// whole time over the sessions handled (goal: under 50 ms); `users` is how many distinct hosts and
// players those sessions recomputed (each one's facts read in full: some 50 bookings per player,
// 100 sessions per host). The facts' queries' EXPLAIN ANALYZE for one batch of 500 users follows.
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { badgeFactsFor } from "../../app/modules/badges/facts-repo.server";
import { getDb } from "../../db/client.server";
import type { DB } from "../../db/schema";
import { drainBadgeRuns } from "./badge-runs";
import { benchDeps, timed, withBenchDatabase } from "./database";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const PENDING = Number(process.env.BENCH_PENDING ?? 1_000);
const HOSTS = 1_000;
const PLAYERS = 20_000;
const SEATS = 10;
const log = (msg: string) => process.stderr.write(`${msg}\n`);

async function seed(now: Date) {
  const db = getDb();
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await step("users", async () => {
    await sql`insert into users (email, display_name, username, roles, email_verified_at)
      select 'host' || g || '@bench.test', 'Host ' || g, 'host' || g, '{user,dm}', ${now} from generate_series(1, ${HOSTS}) g`.execute(db);
    await sql`insert into users (email, display_name, username, roles, email_verified_at)
      select 'player' || g || '@bench.test', 'Player ' || g, 'player' || g, '{user}', ${now} from generate_series(1, ${PLAYERS}) g`.execute(db);
    await sql`insert into profiles (user_id, bio, avatar_url)
      select id, case when username like 'host%' and right(username, 1) in ('0','2','4','6','8') then 'Narro desde 2010.' else '' end,
             case when username like 'host%' then 'https://img.test/' || username || '.webp' end
        from users`.execute(db);
    // Numbered hosts and players, for the generated rows below to pick from.
    await sql`create table bench_people as
      select id, substr(username, 1, 4) = 'host' as host, row_number() over (partition by substr(username, 1, 4) = 'host' order by username) as n from users`.execute(
      db,
    );
    await sql`create index on bench_people (host, n)`.execute(db);
  });
  await step("sessions", () =>
    sql`insert into sessions (dm_id, title, game, genre, starts_at, time_zone, duration_minutes, max_participants, min_participants, price_cents, currency, status,
                              cancelled_at, cancelled_by)
      select h.id, 'Mesa ' || g,
             (array['D&D 5e','Pathfinder','Call of Cthulhu','Vampire','Starfinder','Other'])[g % 6 + 1],
             (array['Fantasy','Horror','Sci-Fi','Mystery', null])[g % 5 + 1],
             t.starts_at, 'UTC', 180, 12, 1,
             case when g % 2 = 0 then 20000 else 0 end, 'MXN',
             case when g % 30 = 0 then 'CANCELLED' when t.starts_at + interval '3 hours' <= ${now} then 'COMPLETED' else 'UPCOMING' end,
             case when g % 30 = 0 then t.starts_at - interval '2 days' end, case when g % 30 = 0 then 'HOST' end
        from generate_series(1, ${SESSIONS}) g
        join bench_people h on h.host and h.n = g % ${HOSTS} + 1
        cross join lateral (select ${now}::timestamptz - interval '400 days' + (g::bigint * 450 * 1440 / ${SESSIONS}) * interval '1 minute' as starts_at) t`.execute(
      db,
    ),
  );
  // Triggers (seat counts, chat unread counts, ratings) and foreign-key checks off for the bulk load,
  // on one connection so the setting holds for these statements and for no others.
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    try {
      await step("bookings", () =>
        sql`insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, created_at, updated_at, cancelled_at, cancelled_by)
        select s.id, p.id, case when k < ${SEATS} then 'CONFIRMED' else 'CANCELLED' end,
               case when s.price_cents > 0 then 'CARD' end, s.price_cents, 'MXN',
               s.starts_at - ((s.n * 7 + k) % 20) * interval '1 day', s.starts_at - ((s.n * 7 + k) % 20) * interval '1 day',
               case when k = ${SEATS} then s.starts_at - ((s.n * 7 + k) % 20) * interval '1 hour' end, case when k = ${SEATS} then 'PLAYER' end
          from (select id, starts_at, price_cents, row_number() over (order by starts_at) as n from sessions) s
          cross join generate_series(1, ${SEATS}) k
          join bench_people p on not p.host and p.n = (s.n * ${SEATS} + k * 7919) % ${PLAYERS} + 1`.execute(conn),
      );
      await step("payments", () =>
        sql`insert into payments (booking_id, user_id, provider, method, amount_cents, currency, status, created_at, updated_at)
        select b.id, b.user_id, 'offline', 'CARD', b.amount_cents, 'MXN', 'succeeded', b.created_at,
               b.created_at + (abs(hashtext(b.id::text)) % 48) * interval '1 hour'
          from bookings b where b.payment_method = 'CARD' and b.status = 'CONFIRMED'`.execute(conn),
      );
      await step("reviews", async () => {
        await sql`insert into reviews (session_id, author_id, target_id, target_role, rating, created_at, updated_at)
        select s.id, b.user_id, s.dm_id, 'DM', 3 + abs(hashtext(b.id::text)) % 3, s.starts_at + interval '1 day', s.starts_at + interval '1 day'
          from sessions s
          join lateral (select id, user_id from bookings where session_id = s.id and status = 'CONFIRMED' limit 1) b on true
         where s.status = 'COMPLETED'
        union all
        select s.id, s.dm_id, b.user_id, 'PLAYER', 3 + abs(hashtext(s.id::text)) % 3, s.starts_at + interval '2 days', s.starts_at + interval '2 days'
          from sessions s
          join lateral (select id, user_id from bookings where session_id = s.id and status = 'CONFIRMED' limit 1) b on true
         where s.status = 'COMPLETED'`.execute(conn);
        await sql`insert into user_ratings (user_id, role, rating_sum, rating_count)
        select target_id, target_role, sum(rating), count(*) from reviews group by target_id, target_role`.execute(conn);
      });
      await step("chats", async () => {
        await sql`insert into chats (kind, session_id, host_id) select 'session', id, dm_id from sessions s
        where s.status = 'COMPLETED' and abs(hashtext(s.id::text)) % 10 = 0`.execute(conn);
        await sql`insert into chat_messages (chat_id, sender_id, content, created_at)
        select c.id, case when m % 4 = 0 then s.dm_id else b.user_id end, 'mensaje ' || m, s.starts_at + m * interval '1 minute'
          from chats c
          join sessions s on s.id = c.session_id
          join lateral (select user_id from bookings where session_id = s.id and status = 'CONFIRMED' limit 1) b on true
          cross join generate_series(1, 20) m`.execute(conn);
      });
    } finally {
      await sql`set session_replication_role = origin`.execute(conn);
    }
  });
  await sql`drop table bench_people`.execute(db);
  // Everything completed so far counts as handled, except the latest PENDING: those just completed.
  await sql`update sessions set badges_checked_at = ${now} where status = 'COMPLETED'`.execute(db);
  await sql`update sessions set badges_checked_at = null
    where id in (select id from sessions where status = 'COMPLETED' order by starts_at desc limit ${PENDING})`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function main() {
  await withBenchDatabase("badges", async (server, parent) => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const [, seedSeconds] = await timed(() => seed(now));
    const db = getDb();
    const counts = (
      await sql<{ sessions: number; completed: number; bookings: number; payments: number; reviews: number; messages: number }>`
        select (select count(*) from sessions)::int as sessions, (select count(*) from sessions where status = 'COMPLETED')::int as completed,
               (select count(*) from bookings)::int as bookings, (select count(*) from payments)::int as payments,
               (select count(*) from reviews)::int as reviews, (select count(*) from chat_messages)::int as messages`.execute(db)
    ).rows[0]!;
    const users = (
      await sql<{ n: number }>`
        select count(*)::int as n from (
          select dm_id as id from sessions where status = 'COMPLETED' and badges_checked_at is null
          union
          select b.user_id from bookings b join sessions s on s.id = b.session_id
           where s.status = 'COMPLETED' and s.badges_checked_at is null and b.status = 'CONFIRMED') u`.execute(db)
    ).rows[0]!.n;
    const deps = benchDeps(db, parent, now);

    const { handled, runMs, totalMs } = await drainBadgeRuns(deps);
    const awarded = (await sql<{ n: number }>`select count(*)::int as n from user_badges`.execute(db)).rows[0]!.n;
    const plans = await explainFacts(now);
    console.log(
      JSON.stringify(
        {
          ...counts,
          seedSeconds,
          job: {
            sessionsHandled: handled,
            usersRecomputed: users,
            runs: runMs,
            totalMs: +totalMs.toFixed(1),
            msPerSession: +(totalMs / Math.max(1, handled)).toFixed(2),
            msPerUser: +(totalMs / Math.max(1, users)).toFixed(2),
            goalMsPerSession: 50,
            badgesStored: awarded,
          },
          plans,
        },
        null,
        2,
      ),
    );
  });
}

/** EXPLAIN ANALYZE of the facts' queries for 500 players, captured from Kysely's log so the plans shown are the plans used. */
async function explainFacts(now: Date) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  // The server stops right after; a client it terminates then is expected, not a crash.
  pool.on("error", (error) => log(`explain pool: ${error.message}`));
  const logging = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    const ids = (await logging.selectFrom("users").select("id").where("email", "like", "player%").limit(500).execute()).map((r) => r.id);
    await badgeFactsFor(logging, ids, now);
    const plans: string[][] = [];
    for (const query of captured) {
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, costs off) ${query.sql}`, query.parameters as unknown[]);
      plans.push(rows.map((r) => r["QUERY PLAN"]));
    }
    return plans;
  } finally {
    await logging.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
