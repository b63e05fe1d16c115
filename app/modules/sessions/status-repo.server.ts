import { sql } from "kysely";
import type { Database } from "#db/client.server";

/**
 * The session lifecycle as set-based statements (docs/decisions/024-session-status-rules.md;
 * app/modules/jobs/rules.ts `statusAt` is the same rule for one session). Each statement only
 * moves sessions forward and only those whose time has come, so running them again, or twice at
 * once, changes nothing more: the second UPDATE waits for the first and then finds no row left.
 * `booked_count` is the seat counter the bookings trigger keeps (active bookings).
 */

const end = sql`s.starts_at + s.duration_minutes * interval '1 minute'`;

/**
 * A session of `table` (its name or alias) that has not started and still takes place: the one
 * condition for "still to come". Cancelling a series and banning a host cancel these (the cancel
 * itself refuses one marked in progress by hand, bookings/rules.ts `closedReason`); a series with
 * none left can end; the host's subscriber table lists them.
 */
export const stillToCome = (now: Date, table = "s") =>
  sql<boolean>`${sql.ref(`${table}.starts_at`)} > ${now} and ${sql.ref(`${table}.status`)} not in ('CANCELLED', 'COMPLETED')`;

/** Sessions whose end has passed are COMPLETED (CANCELLED and COMPLETED never change). */
export async function completeEnded(db: Database, now: Date) {
  const result = await db
    .updateTable("sessions as s")
    .set({ status: "COMPLETED", updated_at: now })
    .where("s.status", "in", ["UPCOMING", "CONFIRMED", "IN_PROGRESS", "ACTIVE"])
    // Implied by the end, but it lets the partial index on starts_at of live sessions bound the scan.
    .where("s.starts_at", "<=", now)
    .where(sql<boolean>`${end} <= ${now}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sessions that have started and not ended are ACTIVE (IN_PROGRESS, set by hand, is left as it is). */
export async function activateStarted(db: Database, now: Date) {
  const result = await db
    .updateTable("sessions as s")
    .set({ status: "ACTIVE", updated_at: now })
    .where("s.status", "in", ["UPCOMING", "CONFIRMED"])
    .where("s.starts_at", "<=", now)
    .where(sql<boolean>`${end} > ${now}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * In the pre-session check: starts within its check hours and has not started yet. The 168-hour
 * bound (the most check hours a session can have) lets the index bound the scan.
 */
const inCheck = (now: Date) =>
  sql<boolean>`s.starts_at > ${now} and s.starts_at <= ${now}::timestamptz + interval '168 hours' and s.starts_at - s.pre_session_check_hours * interval '1 hour' <= ${now}`;

/** UPCOMING sessions in their pre-session check with at least min_participants active bookings become CONFIRMED. */
export async function confirmReady(db: Database, now: Date) {
  const result = await db
    .updateTable("sessions as s")
    .set({ status: "CONFIRMED", updated_at: now })
    .where("s.status", "=", "UPCOMING")
    .where(inCheck(now))
    .where(sql<boolean>`s.booked_count >= s.min_participants`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims the host's warning for each UPCOMING session in its check that is short of players, once:
 * the 'players_missing' notice row is the marker, and only the rows this statement inserted come
 * back (a concurrent run's insert waits for this transaction, then conflicts and skips). `missing`
 * is the shortfall at this moment. Call it in the transaction that writes the notifications.
 */
export async function claimShortSessionWarnings(db: Database, now: Date) {
  const result = await sql<{ session_id: string; dm_id: string; title: string; missing: number }>`
    with due as (
      select s.id, s.dm_id, s.title, s.min_participants - s.booked_count as missing
      from sessions s
      where s.status = 'UPCOMING' and ${inCheck(now)} and s.booked_count < s.min_participants
    ), claimed as (
      insert into session_notices (session_id, user_id, kind, sent_at)
      select id, dm_id, 'players_missing', ${now}::timestamptz from due order by id -- one order for every run, so two never deadlock
      on conflict do nothing
      returning session_id
    )
    select due.id as session_id, due.dm_id, due.title, due.missing from due join claimed on claimed.session_id = due.id`.execute(db);
  return result.rows;
}
