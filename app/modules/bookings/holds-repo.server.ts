import type { Database } from "#db/client.server";

/**
 * Pending-payment bookings whose hold ran out become EXPIRED; the bookings trigger then recounts
 * the session's seats, so each expiry frees its seat. One conditional UPDATE: a hold paid a moment
 * ago (status CONFIRMED) is no longer matched, and a second run finds nothing left to expire.
 */
export async function expireLapsedHolds(db: Database, now: Date) {
  const result = await db
    .updateTable("bookings")
    .set({ status: "EXPIRED", updated_at: now })
    .where("status", "=", "PENDING_PAYMENT")
    .where("hold_until", "is not", null)
    .where("hold_until", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
