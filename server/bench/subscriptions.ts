// npx tsx server/bench/subscriptions.ts: series subscriptions at scale. Seeds the demo accounts and
// BENCH_SESSIONS bulk sessions (default 100,000, seedBulkSessions as `npm run bench` does) into a
// throwaway PostgreSQL, then:
// - enrolment: a weekly series with 1,000 active subscribers (rows inserted in bulk) gets its next
//   occurrence from the scheduled top-up (topUpSeries); the insert's trigger runs
//   enrol_subscribers, which seats the first 20 (the schema's cap on max_participants) and puts the
//   other 980 on the session's waiting list. `ms` is the whole topUpSeries call, once for a free
//   series and once for a paid one, BENCH_ENROL_RUNS times each (a new series each time).
// - subscribing: subscribeFree (the first seat by the booking path, then a seat in each of the
//   series' other upcoming sessions) for 200 distinct players on free series of four upcoming
//   sessions, 20 players per series (its seats): 100 one after another, then 100 as five waves of
//   20 at once on one series each (each wave queues on the same session's lock).
import { sql } from "kysely";
import type { Requester } from "../../app/modules/auth/session.server";
import { insertSeries, type SeriesRow } from "../../app/modules/series/repo.server";
import { insertSeriesWithSessions, topUpSeries } from "../../app/modules/series/series.server";
import { subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { createDatabase, getDb } from "../../db/client.server";
import { seedBulkSessions } from "../seed/bulk";
import { seedDemo } from "../seed/demo";
import { benchDeps, withBenchDatabase } from "./database";
import { percentile } from "./stats";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const SUBSCRIBERS = 1_000;
const SEATS = 20;
const ENROL_RUNS = Number(process.env.BENCH_ENROL_RUNS ?? 5);
const SUBSCRIBING = 200;
const PARALLEL = 20;
const summary = (values: number[]) => ({
  n: values.length,
  p50: +percentile(values, 50).toFixed(1),
  p95: +percentile(values, 95).toFixed(1),
  max: +Math.max(...values).toFixed(1),
});
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const HOUR = 3_600_000;

/** A weekly series of the bench's host, first session three days on (so a paid seat's deadline is still ahead). */
function seriesRow(hostId: string, now: Date, title: string, priceCents: number, ahead: number): SeriesRow {
  const first = new Date(now.getTime() + 3 * 24 * HOUR);
  return {
    dmId: hostId,
    title,
    description: "",
    sessionInstructions: "Entra al canal de voz.",
    game: "D&D 5e",
    genre: null,
    experienceLevel: null,
    frequency: "WEEKLY",
    timeZone: "UTC",
    dayOfWeek: first.getUTCDay(),
    dayOfMonth: null,
    timeOfDay: "19:00",
    durationMinutes: 180,
    startDate: first.toISOString().slice(0, 10),
    endDate: null,
    isOngoing: true,
    maxParticipants: SEATS,
    minParticipants: 1,
    priceCents,
    currency: "MXN",
    allowedPaymentMethods: priceCents ? ["CARD"] : [],
    minAdvanceBookingHours: 120,
    voucherPaymentDays: 3,
    autoGenerateAhead: ahead,
    bookingLockHours: 24,
    preSessionCheckHours: 24,
    tags: [],
    location: null,
  };
}

async function main() {
  await withBenchDatabase("subscriptions", async (pg, parent) => {
    const seedStart = Date.now();
    await seedDemo();
    await seedBulkSessions(SESSIONS, () => {});
    await sql`insert into users (email, display_name, roles, email_verified_at)
      select 'sub' || g || '@bench.test', 'Player ' || g, '{user}', now() from generate_series(1, ${SUBSCRIBERS + SUBSCRIBING}) g`.execute(getDb());
    await sql`analyze`.execute(getDb());
    const seedSeconds = (Date.now() - seedStart) / 1000;
    log(`seeded ${SESSIONS} sessions in ${seedSeconds} s`);

    // A connection per parallel client, over the Unix socket (as the booking bench does).
    const db = createDatabase(pg.socketUrl, PARALLEL + 2);
    const deps = () => benchDeps(db, parent);
    const host = await db.selectFrom("users").select("id").where("email", "=", "ana.dm@mesa.test").executeTakeFirstOrThrow();
    const players = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "like", "sub%@bench.test")
      .orderBy("created_at")
      .orderBy("email")
      .execute();
    const subscribers = players.slice(0, SUBSCRIBERS);
    const joiners = players.slice(SUBSCRIBERS);

    // Enrolment of 1,000 subscribers into a generated occurrence.
    const enrolment: Record<string, { ms: ReturnType<typeof summary>; seated: number; waiting: number }> = {};
    for (const [kind, price] of [
      ["free", 0],
      ["paid", 25_000],
    ] as const) {
      const times: number[] = [];
      let seated = 0;
      let waiting = 0;
      for (let run = 0; run < ENROL_RUNS; run += 1) {
        const now = new Date();
        const seriesId = await insertSeries(db, seriesRow(host.id, now, `Enrolment ${kind} ${run}`, price, 1), now);
        // Subscribed a second apart, so the order (subscribed_at, id) is the list's order.
        await sql`insert into series_subscriptions (series_id, user_id, status, subscribed_at)
          select ${seriesId}, u.id, 'ACTIVE', ${now}::timestamptz - interval '1 day' + u.n * interval '1 second'
          from (select id, row_number() over (order by id) as n from users where id = any(${sql.val(subscribers.map((s) => s.id))}::uuid[])) u`.execute(db);
        // Statistics as autovacuum keeps them in a running database. Left stale, the waiting-list
        // insert's max(position) lookup (one per subscriber) is planned as a scan of the whole
        // table, and each run here, adding 980 entries, would be slower than the last (94 ms for
        // the first, 421 ms for the tenth when measured).
        await sql`analyze series_subscriptions, waitlist_entries, bookings`.execute(db);
        const started = performance.now();
        const created = await topUpSeries(deps(), seriesId);
        times.push(performance.now() - started);
        if (created !== 1) throw new Error(`the top-up created ${created} sessions`);
        const session = await db.selectFrom("sessions").select("id").where("series_id", "=", seriesId).executeTakeFirstOrThrow();
        seated = Number(
          (await sql<{ n: string }>`select count(*) as n from bookings where session_id = ${session.id} and subscription_id is not null`.execute(db)).rows[0]
            ?.n,
        );
        waiting = Number((await sql<{ n: string }>`select count(*) as n from waitlist_entries where session_id = ${session.id}`.execute(db)).rows[0]?.n);
        if (seated !== SEATS || waiting !== SUBSCRIBERS - SEATS) throw new Error(`enrolment gave ${seated} seats and ${waiting} places in line`);
      }
      enrolment[kind] = { ms: summary(times), seated, waiting };
    }

    // Subscribing: 100 one after another, then five waves of 20 at once, 20 per series.
    const asPlayer = (p: { id: string; email: string }): Requester => ({
      id: p.id,
      email: p.email,
      emailVerified: true,
      displayName: "Player",
      firstName: "Ana",
      lastName: "Robles",
      roles: ["user"],
      isDm: false,
      isAdmin: false,
      preferredLanguage: "es",
      timeZone: "UTC",
      loginSessionId: null,
    });
    const freeSeries = async (i: number) => (await insertSeriesWithSessions(deps(), seriesRow(host.id, new Date(), `Gratis ${i}`, 0, 4))).id;
    const subscribe = async (player: Requester, seriesId: string) => {
      const started = performance.now();
      const result = await subscribeFree(deps(), player, seriesId, {});
      if (!result.ok) throw new Error(`subscribing was refused: ${result.refusal}`);
      return performance.now() - started;
    };
    const half = SUBSCRIBING / 2;
    const sequential: number[] = [];
    for (let i = 0; i < half; i += SEATS) {
      const seriesId = await freeSeries(i);
      for (const p of joiners.slice(i, i + SEATS)) sequential.push(await subscribe(asPlayer(p), seriesId));
    }
    const parallel: number[] = [];
    for (let i = half; i < SUBSCRIBING; i += PARALLEL) {
      const seriesId = await freeSeries(i);
      parallel.push(...(await Promise.all(joiners.slice(i, i + PARALLEL).map((p) => subscribe(asPlayer(p), seriesId)))));
    }
    await db.destroy();

    const table = {
      [`enrol ${SUBSCRIBERS}, free (ms)`]: enrolment.free!.ms,
      [`enrol ${SUBSCRIBERS}, paid (ms)`]: enrolment.paid!.ms,
      "subscribeFree, sequential (ms)": summary(sequential),
      [`subscribeFree, ${PARALLEL} at once (ms)`]: summary(parallel),
    };
    log(
      Object.entries(table)
        .map(
          ([name, s]) =>
            `${name.padEnd(34)} n=${String(s.n).padStart(3)}  p50 ${String(s.p50).padStart(7)}  p95 ${String(s.p95).padStart(7)}  max ${String(s.max).padStart(7)}`,
        )
        .join("\n"),
    );
    console.log(
      JSON.stringify(
        {
          sessions: SESSIONS,
          seedSeconds,
          enrolment: { subscribers: SUBSCRIBERS, seats: SEATS, ...enrolment },
          subscribing: { players: SUBSCRIBING, sequentialMs: summary(sequential), parallel: PARALLEL, parallelMs: summary(parallel) },
        },
        null,
        2,
      ),
    );
  });
}

await main();
