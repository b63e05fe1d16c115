// What cancelling a whole session writes: its bookings, its guests' held seats, its line and its row.
import type { Database } from "#db/client.server";
import { ACTIVE_BOOKING_STATUSES, type SessionCanceller } from "./rules";

/** Cancels every active booking of a session, as done `by` the session's canceller; returns the players who had one. */
export async function cancelAllActiveBookings(db: Database, sessionId: string, by: SessionCanceller, now: Date) {
  const rows = await db
    .updateTable("bookings")
    .set({ status: "CANCELLED", updated_at: now, cancelled_at: now, cancelled_by: by })
    .where("session_id", "=", sessionId)
    .where("status", "in", ACTIVE_BOOKING_STATUSES)
    .returning("user_id")
    .execute();
  return rows.map((r) => r.user_id);
}

/** Gives up the seats groups hold for guests in a session (decision record 062): the session was cancelled. */
export async function cancelHeldGroupSeats(db: Database, sessionId: string, now: Date) {
  await db
    .updateTable("group_seats")
    .set({ status: "CANCELLED", cancelled_at: now, updated_at: now })
    .where("session_id", "=", sessionId)
    .where("status", "=", "HELD")
    .execute();
}

/** Closes a session's waitlist; returns who was in it. */
export async function clearWaitlist(db: Database, sessionId: string) {
  const rows = await db.deleteFrom("waitlist_entries").where("session_id", "=", sessionId).returning("user_id").execute();
  return rows.map((r) => r.user_id);
}

/** The session is cancelled, by its host or an admin (decision record 058). */
export async function cancelSessionRow(db: Database, sessionId: string, by: SessionCanceller, now: Date) {
  await db.updateTable("sessions").set({ status: "CANCELLED", updated_at: now, cancelled_at: now, cancelled_by: by }).where("id", "=", sessionId).execute();
}
