import { sql } from "kysely";
import { runJob } from "../../../app/modules/jobs/jobs.server";
import type { Database } from "../../../db/client.server";
import { drainBadgeRuns } from "../badge-runs";
import { bookingLoad } from "../booking-load";
import { benchDeps, insertBenchTable } from "../database";
import { markRemindersSentUpTo } from "../reminders-sent";
import { summary } from "../stats";

const PENDING = Number(process.env.BENCH_PENDING ?? 1_000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);

/**
 * The booking bench's load (server/bench/booking-load.ts) on a new hot table of a million-session
 * host, among 10,000,000 bookings: its indexes are the ones every booking writes. The table is
 * cancelled after, so it shows in no later search.
 */
export async function benchBookingAtScale(db: Database, socketUrl: string, folder: string) {
  const host = await db.selectFrom("users").select("id").where("email", "=", "host-1@million.test").executeTakeFirstOrThrow();
  const hotId = await insertBenchTable(db, host.id, "Mesa concurrida");
  // Players with a long history: they already hold some 100 bookings each.
  const players = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "like", "player-1__@million.test")
    .orderBy("email")
    .limit(CLIENTS)
    .execute();
  try {
    return await bookingLoad(socketUrl, folder, hotId, players);
  } finally {
    await db.updateTable("sessions").set({ status: "CANCELLED", cancelled_at: new Date(), cancelled_by: "HOST" }).where("id", "=", hotId).execute();
  }
}

/**
 * The award-badges job as it runs after a busy evening: the latest PENDING completed sessions not
 * yet handled among 850,000 completed ones; each recomputes its host's and players' facts in full
 * (a host with up to thousands of tables, players with some 100 bookings each).
 */
export async function benchBadgesAtScale(db: Database, folder: string) {
  await sql`update sessions set badges_checked_at = null
    where id in (select id from sessions where status = 'COMPLETED' order by starts_at desc limit ${PENDING})`.execute(db);
  const deps = benchDeps(db, folder);
  const { handled, runMs, totalMs } = await drainBadgeRuns(deps);
  return {
    sessionsHandled: handled,
    runs: runMs,
    totalMs: +totalMs.toFixed(1),
    msPerSession: +(totalMs / Math.max(1, handled)).toFixed(2),
    goalMsPerSession: 50,
  };
}

/**
 * The send-payment-reminders job over the campaigns' unpaid seats: one run after everything since
 * the last bench run (a catch-up, at most one batch), then once a minute for MINUTES minutes of
 * simulated time with what was due before marked as sent, as the scheduler leaves it.
 */
export async function benchRemindersAtScale(db: Database, folder: string) {
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const heldSeats = Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from bookings where status = 'PENDING_PAYMENT' and subscription_id is not null and hold_until > ${start}`.execute(db)
    ).rows[0]!.n,
  );
  let started = performance.now();
  const catchUp = await runJob(benchDeps(db, folder, at(0)), "send-payment-reminders");
  const catchUpMs = performance.now() - started;
  await markRemindersSentUpTo(db, at(0));
  const runMs: number[] = [];
  let sent = 0;
  for (let minute = 1; minute <= MINUTES; minute += 1) {
    started = performance.now();
    sent += (await runJob(benchDeps(db, folder, at(minute)), "send-payment-reminders")).items;
    runMs.push(performance.now() - started);
  }
  return {
    heldSeats,
    catchUp: { sent: catchUp.items, ms: +catchUpMs.toFixed(1) },
    steady: { runs: MINUTES, sent, runMs: summary(runMs) },
    goalMsPerRun: 1000,
  };
}
