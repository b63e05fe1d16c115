import { sql, type SqlBool } from "kysely";
import type { Database } from "#db/client.server";
import { ACTIVE_BOOKING_STATUSES } from "./rules";

// Literals rather than parameters, so the planner matches the partial index on active bookings.
const activeList = sql.join(ACTIVE_BOOKING_STATUSES.map((status) => sql.lit(status)));

/**
 * A condition for queries over `sessions as s`: the session has an active booking (by `userId`
 * when given). Used by the search's 'joined' flag, the calendar's own entries and by series edits,
 * which leave booked sessions alone.
 */
export const activeBookingExists = (userId: string | null = null) =>
  sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id${userId === null ? sql`` : sql` and b.user_id = ${userId}`} and b.status in (${activeList}))`;

/** A condition for queries over `sessions as s`: a booking of any status points at the session (it may not be deleted then). */
export const anyBookingExists = () => sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id)`;

/** The players holding a seat, in booking order (the host's manage list). */
export function listParticipants(db: Database, sessionId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "b.status", "u.display_name", "u.email"])
    .where("b.session_id", "=", sessionId)
    .where("b.status", "in", ACTIVE_BOOKING_STATUSES)
    .orderBy("b.created_at")
    .execute();
}

/** The active bookings of some sessions with each player's email, oldest first (the API's past sessions). */
export function sessionBookings(db: Database, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.session_id", "b.user_id", "b.status", "u.email"])
    .where("b.session_id", "in", sessionIds)
    .where("b.status", "in", ACTIVE_BOOKING_STATUSES)
    .orderBy("b.created_at")
    .orderBy("b.user_id")
    .execute();
}

export function listWaitlist(db: Database, sessionId: string) {
  return db
    .selectFrom("waitlist_entries as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select(["w.id", "w.user_id", "w.position", "u.display_name", "u.email"])
    .where("w.session_id", "=", sessionId)
    .orderBy("w.position")
    .execute();
}

/** The user's active booking in a session, if any. */
export function findActiveBooking(db: Database, sessionId: string, userId: string) {
  return db
    .selectFrom("bookings")
    .select(["id", "status"])
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_BOOKING_STATUSES)
    .executeTakeFirst();
}

/** Whether the user holds a confirmed seat in any session of the series. */
export async function hasConfirmedSeatInSeries(db: Database, seriesId: string, userId: string) {
  const found = await db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select("b.id")
    .where("s.series_id", "=", seriesId)
    .where("b.user_id", "=", userId)
    .where("b.status", "=", "CONFIRMED")
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** The sessions of a series in which the user holds an active booking. */
export async function bookedSessionIdsInSeries(db: Database, seriesId: string, userId: string) {
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select("b.session_id")
    .where("s.series_id", "=", seriesId)
    .where("b.user_id", "=", userId)
    .where("b.status", "in", ACTIVE_BOOKING_STATUSES)
    .execute();
  return new Set(rows.map((r) => r.session_id));
}

/** Cancels a user's active booking (the row stays, as history); returns how many rows changed (0 or 1). */
export async function cancelActiveBooking(db: Database, sessionId: string, userId: string, now: Date) {
  const result = await db
    .updateTable("bookings")
    .set({ status: "CANCELLED", updated_at: now })
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_BOOKING_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes a waitlist entry and closes the gap in positions behind it. */
export async function deleteWaitlistEntry(db: Database, sessionId: string, userId: string) {
  const removed = await db
    .deleteFrom("waitlist_entries")
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .returning("position")
    .executeTakeFirst();
  if (!removed) return 0;
  await db
    .updateTable("waitlist_entries")
    .set((eb) => ({ position: eb("position", "-", 1) }))
    .where("session_id", "=", sessionId)
    .where("position", ">", removed.position)
    .execute();
  return 1;
}

/** The database's seat guard (sessions_seats_check: booked_count <= max_participants) refused a write. */
export function isSeatGuardViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === "23514" && e.constraint === "sessions_seats_check";
}
