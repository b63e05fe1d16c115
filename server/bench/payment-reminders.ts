// npx tsx server/bench/payment-reminders.ts: the send-payment-reminders job at scale. Seeds
// BENCH_SESSIONS sessions (default 100,000) spread over 210 days to the minute, five confirmed
// bookings and five unpaid subscription seats each (1,000,000 bookings, 500,000 of them held seats
// whose deadline is 24 hours before their session), into a throwaway PostgreSQL. Then:
// - steady: the reminders already sent up to a minute ago are marked, and the job runs once a
//   minute for BENCH_MINUTES minutes; each run finds the seats whose deadline crossed a 7-, 3- or
//   1-day mark in that minute (a handful) among the ~17,000 seats in the seven-day window.
//   `runMs` is each whole run (the lookup, each reminder's claim, notification and email).
// - catchUp: nothing marked (a first run after a long outage): one run sends its batch of 500.
// - the lookup's EXPLAIN ANALYZE, to show it reads the partial index bookings_subscription_due_idx.
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { paymentReminderCutoffs } from "../../app/modules/jobs/rules";
import { insertSeries } from "../../app/modules/series/repo.server";
import { duePaymentReminders } from "../../app/modules/subscriptions/reminders-repo.server";
import { getDb } from "../../db/client.server";
import type { DB } from "../../db/schema";
import { benchDeps, insertBenchHost, timed, withBenchDatabase } from "./database";
import { markRemindersSentUpTo } from "./reminders-sent";
import { summary } from "./stats";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const PLAYERS = 2_000;
const SEATS = 5;

async function seed(start: Date) {
  const db = getDb();
  const hostId = await insertBenchHost(db);
  await sql`insert into users (email, display_name, roles) select 'player' || g || '@bench.test', 'Player ' || g, '{user}' from generate_series(1, ${PLAYERS}) g`.execute(
    db,
  );
  const seriesId = await insertSeries(
    db,
    {
      dmId: hostId,
      title: "Campaña",
      description: "",
      sessionInstructions: "",
      game: "D&D 5e",
      genre: null,
      experienceLevel: null,
      frequency: "WEEKLY",
      timeZone: "America/Mexico_City",
      dayOfWeek: 1,
      dayOfMonth: null,
      timeOfDay: "19:00",
      durationMinutes: 180,
      startDate: start.toISOString().slice(0, 10),
      endDate: null,
      isOngoing: true,
      maxParticipants: 20,
      minParticipants: 1,
      priceCents: 25_000,
      currency: "MXN",
      allowedPaymentMethods: ["CARD", "OXXO"],
      minAdvanceBookingHours: 120,
      voucherPaymentDays: 3,
      autoGenerateAhead: 2,
      bookingLockHours: 24,
      preSessionCheckHours: 24,
      tags: [],
      location: null,
    },
    start,
  );
  // Every player subscribed (the seats below name these rows; which series a session belongs to does not matter to the lookup).
  await sql`insert into series_subscriptions (series_id, user_id, status, subscribed_at)
    select ${seriesId}, id, 'ACTIVE', ${start} from users where email like 'player%'`.execute(db);
  await sql`insert into sessions (dm_id, title, game, starts_at, time_zone, duration_minutes, max_participants, min_participants, price_cents, currency)
    select ${hostId}, 'Mesa ' || g, 'D&D 5e', ${start}::timestamptz + interval '1 day' + (g::bigint * 302400 / ${SESSIONS}) * interval '1 minute', 'UTC', 120, 20, 1, 25000, 'MXN'
    from generate_series(1, ${SESSIONS}) g`.execute(db);
  // Triggers off for the bulk load (the seat counter is recounted once afterwards).
  await sql`set session_replication_role = replica`.execute(db);
  await sql`insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, hold_until, subscription_id)
    select s.id, u.id,
           case when k <= ${SEATS} then 'CONFIRMED' else 'PENDING_PAYMENT' end,
           case when k <= ${SEATS} then 'CARD' end,
           25000, 'MXN',
           case when k > ${SEATS} then s.starts_at - interval '24 hours' end,
           case when k > ${SEATS} then su.id end
    from (select id, starts_at, row_number() over () as n from sessions) s
    cross join generate_series(1, ${2 * SEATS}) k
    join (select id, row_number() over (order by id) as n from users where email like 'player%') u on u.n = (s.n * 11 + k) % ${PLAYERS} + 1
    join series_subscriptions su on su.user_id = u.id`.execute(db);
  await sql`set session_replication_role = origin`.execute(db);
  await sql`update sessions s set booked_count = (select count(*) from bookings b where b.session_id = s.id and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

async function main() {
  await withBenchDatabase("reminders", async (server, parent) => {
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const [, seedSeconds] = await timed(() => seed(start));
    const db = getDb();
    const deps = (now: Date) => benchDeps(db, parent, now);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const inWindow = Number(
      (
        await sql<{ n: string }>`select count(*) as n from bookings where status = 'PENDING_PAYMENT' and subscription_id is not null
          and hold_until > ${at(0)} and hold_until <= ${paymentReminderCutoffs(at(0)).at(-1)!.until}`.execute(db)
      ).rows[0]?.n,
    );

    // A first run with nothing marked: one batch.
    let started = performance.now();
    const catchUp = await runJob(deps(at(0)), "send-payment-reminders");
    const catchUpMs = performance.now() - started;

    await markRemindersSentUpTo(getDb(), at(0));
    const runMs: number[] = [];
    let sent = 0;
    for (let minute = 1; minute <= MINUTES; minute += 1) {
      started = performance.now();
      sent += (await runJob(deps(at(minute)), "send-payment-reminders")).items;
      runMs.push(performance.now() - started);
    }

    // The lookup's plan at the last minute (everything due already marked, as in the steady state).
    const plan = await explainLookup(at(MINUTES));
    console.log(
      JSON.stringify(
        {
          sessions: SESSIONS,
          subscriptionSeats: SESSIONS * SEATS,
          seatsInWindow: inWindow,
          seedSeconds,
          catchUp: { sent: catchUp.items, ms: +catchUpMs.toFixed(1), msPerReminder: +(catchUpMs / Math.max(1, catchUp.items)).toFixed(2) },
          steady: { runs: MINUTES, sent, runMs: summary(runMs) },
          plan,
        },
        null,
        2,
      ),
    );
  });
}

/** EXPLAIN ANALYZE of the lookup the job sends, captured from Kysely's log so the plan shown is the plan used. */
async function explainLookup(now: Date) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const logging = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    await duePaymentReminders(logging, now, paymentReminderCutoffs(now));
    const query = captured[0]!;
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
    return rows.map((r) => r["QUERY PLAN"]);
  } finally {
    await logging.destroy();
  }
}

await main();
