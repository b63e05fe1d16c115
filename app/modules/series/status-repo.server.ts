// The queries behind a series' status changes (decision record 053): the status under the
// series lock, ending its subscriptions, its sessions still to come, and the series that ended.
import { sql } from "kysely";
import { stillToCome } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";

/** The series' status as it is now (read under the series lock by a status change). */
export async function seriesStatus(db: Database, id: string) {
  const row = await db.selectFrom("series").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}

export async function setSeriesStatus(db: Database, id: string, status: string, now: Date) {
  await db.updateTable("series").set({ status, updated_at: now }).where("id", "=", id).execute();
}

/** Every active subscription of a cancelled series ends with it; returns the subscribers. */
export async function cancelSeriesSubscriptions(db: Database, seriesId: string, now: Date) {
  const rows = await db
    .updateTable("series_subscriptions")
    .set({ status: "CANCELLED", cancelled_at: now, updated_at: now })
    .where("series_id", "=", seriesId)
    .where("status", "=", "ACTIVE")
    .returning("user_id")
    .execute();
  return rows.map((r) => r.user_id);
}

/** The series' sessions that have not started and still take place (what cancelling the series cancels). */
export async function sessionsNotStarted(db: Database, seriesId: string, now: Date) {
  const rows = await db
    .selectFrom("sessions")
    .select("id")
    .where("series_id", "=", seriesId)
    .where(stillToCome(now, "sessions"))
    .orderBy("starts_at")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Upcoming sessions of the series in which no subscription seat or place was ever given (added
 * by hand while the series was paused, when enrol_subscribers gives nothing), each given its
 * subscribers' seats now. A session enrolment already reached is left alone, so a subscriber who
 * left one session is not seated there again. Returns the seats and places given.
 */
export async function enrolWhereMissing(db: Database, seriesId: string, now: Date) {
  const sessions = await db
    .selectFrom("sessions as s")
    .select("s.id")
    .where("s.series_id", "=", seriesId)
    .where("s.starts_at", ">", now)
    .where("s.status", "in", ["UPCOMING", "CONFIRMED"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("bookings as b")
            .innerJoin("series_subscriptions as su", "su.id", "b.subscription_id")
            .select("b.id")
            .whereRef("b.session_id", "=", "s.id"),
        ),
      ),
    )
    .orderBy("s.starts_at")
    .execute();
  let given = 0;
  for (const s of sessions) {
    // The same database function the new-session trigger calls (decision record 051), one session per statement.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from enrol_subscribers(${s.id}::uuid, ${now}::timestamptz, null)`.execute(db);
    given += Number(rows[0]?.n ?? 0);
  }
  return given;
}

/**
 * Series the end of their dates may have closed: not ongoing, an end date at most a day after
 * today in UTC (every zone's local date is within a day of it; the rule decides exactly), still
 * ACTIVE or PAUSED, with how many of their sessions are still to start.
 */
export function endingSeries(db: Database, now: Date) {
  return db
    .selectFrom("series as se")
    .select([
      "se.id",
      "se.status",
      "se.is_ongoing",
      "se.time_zone",
      sql<string | null>`to_char(se.end_date, 'YYYY-MM-DD')`.as("end_iso"),
      sql<number>`(select count(*)::int from sessions s where s.series_id = se.id and ${stillToCome(now)})`.as("to_start"),
    ])
    .where("se.status", "in", ["ACTIVE", "PAUSED"])
    .where("se.is_ongoing", "=", false)
    .where("se.end_date", "is not", null)
    .where("se.end_date", "<=", sql<Date>`(${now}::timestamptz at time zone 'UTC')::date + 1`)
    .execute();
}

/**
 * Marks series COMPLETED, checking again in the same statement that each is still ACTIVE or
 * PAUSED and has no session to start (one added a moment ago keeps the series going).
 */
export async function completeSeries(db: Database, ids: string[], now: Date) {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable("series as se")
    .set({ status: "COMPLETED", updated_at: now })
    .where("se.id", "in", ids)
    .where("se.status", "in", ["ACTIVE", "PAUSED"])
    .where(sql<boolean>`not exists (select 1 from sessions s where s.series_id = se.id and ${stillToCome(now)})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
