import type { Database } from "#db/client.server";

/**
 * The guests whose seats a group holds in a session, paid for or with the payment under way
 * (decision record 062), with who booked them: the seat counter counts these, so the host's list
 * names them too. Claimed seats are their guests' own bookings and appear among the participants.
 */
export async function heldGuestSeats(db: Database, sessionId: string) {
  return db
    .selectFrom("group_seats")
    .innerJoin("users", "users.id", "group_seats.booker_id")
    .select(["group_seats.id", "group_seats.guest_name", "users.display_name as booker_name", "users.email as booker_email", "group_seats.status"])
    .where("group_seats.session_id", "=", sessionId)
    .where("group_seats.status", "in", ["PENDING", "HELD"])
    .orderBy("group_seats.created_at")
    .orderBy("group_seats.guest_name")
    .execute();
}
