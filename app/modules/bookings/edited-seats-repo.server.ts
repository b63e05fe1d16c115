// The seats of a session whose terms changed, by a series edit it followed or by its host's own edit
// (docs/decisions/054-subscribed-seats-follow-series-edits.md).
import { sql } from "kysely";
import type { Database } from "#db/client.server";

/**
 * A subscription's seat the series gave and nobody touched since (no invite code, no payment
 * tried), as a condition on `bookings as b`: only such seats let their session follow an edit
 * (sessions/repo.server.ts `keptSeatExists` is its converse), so only they take the edit's terms.
 */
const untouchedSubscribedSeat = sql<boolean>`b.status in ('PENDING_PAYMENT', 'CONFIRMED') and b.subscription_id is not null
  and b.invite_id is null and not exists (select 1 from payments p where p.booking_id = b.id)`;

/**
 * Gives the subscribers' untouched seats of a session just edited the session's new terms, as
 * enrol_subscribers would have given them: free, the seat is confirmed; paid, it is
 * held for the new price until `payBy` (a seat whose new deadline has already passed is released
 * by the cleanup job, which tells its subscriber). Seats keep their status count either way, so
 * the seat count is unchanged. Returns the seat holders.
 */
export async function followSubscribedSeats(db: Database, sessionId: string, payBy: Date, now: Date) {
  const rows = await db
    .updateTable("bookings as b")
    .from("sessions as s")
    .set({
      amount_cents: sql<number>`s.price_cents`,
      currency: sql<string>`s.currency`,
      status: sql<string>`case when s.price_cents = 0 then 'CONFIRMED' else 'PENDING_PAYMENT' end`,
      payment_method: sql<string | null>`case when s.price_cents = 0 then 'FREE' end`,
      hold_until: sql<Date | null>`case when s.price_cents = 0 then null else ${payBy}::timestamptz end`,
      updated_at: now,
    })
    .whereRef("s.id", "=", "b.session_id")
    .where("b.session_id", "=", sessionId)
    .where(untouchedSubscribedSeat)
    .returning(["b.user_id"])
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Forgets the payment reminders sent for these players' seats in a session whose deadline moved:
 * the reminders 7, 3 and 1 days before the new deadline are sent afresh, each once.
 */
export async function forgetPaymentReminders(db: Database, sessionId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .deleteFrom("session_notices")
    .where("session_id", "=", sessionId)
    .where("user_id", "in", userIds)
    .where("kind", "in", ["payment_due_7d", "payment_due_3d", "payment_due_1d"])
    .execute();
}

/** Who holds a seat in the session now (held or confirmed): those a change of its terms concerns. */
export async function seatHolders(db: Database, sessionId: string) {
  const rows = await db
    .selectFrom("bookings")
    .select("user_id")
    .where("session_id", "=", sessionId)
    .where("status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .execute();
  return rows.map((r) => r.user_id);
}
