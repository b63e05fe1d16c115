import type { Requester } from "#app/modules/auth/session.server";
import { leaveBooking, leaveList, removeFromSession } from "#app/modules/bookings/bookings.server";
import { cancelSession } from "#app/modules/bookings/cancel-session.server";
import type { PayDeps } from "./payments.server";
import { refundCancelledBooking, refundCancelledBookings } from "./refunds.server";

// Giving up a seat, whole: the seat goes back (to the line first, in the booking's own call), then a
// paid one is refunded once that decision committed (refunds.server: the provider is asked after it).

/** A player leaves their own seat (the leave page). */
export async function leaveSeat(deps: PayDeps, player: Requester, sessionId: string) {
  const left = await leaveList(deps, player, { sessionId, userId: player.id, list: "bookings" });
  if (left.ok) await refundCancelledBookings(deps, sessionId, player.id, "customer_request");
  return left;
}

/** DELETE /api/bookings {bookingId}: the booking's holder leaves (the host or an admin may remove it). */
export async function leaveBookingById(deps: PayDeps, actor: Requester, bookingId: unknown) {
  const left = await leaveBooking(deps, actor, bookingId);
  if (left.ok) await refundCancelledBooking(deps, bookingId, "customer_request");
  return left;
}

/** DELETE /api/bookings {sessionId, userId}: a player leaves, or the host removes them; the refund says which. */
export async function removeSeat(deps: PayDeps, actor: Requester, input: { sessionId: string; userId: string }) {
  const removed = await removeFromSession(deps, actor, { ...input, list: "bookings" });
  if (removed.ok) await refundCancelledBookings(deps, input.sessionId, input.userId, input.userId === actor.id ? "customer_request" : "other");
  return removed;
}

/** The host takes a player out of the seats (a paid seat refunded, as removeSeat does) or out of the line. */
export const removeParticipant = (deps: PayDeps, actor: Requester, input: { sessionId: string; userId: string; list: "bookings" | "waitlist" }) =>
  input.list === "bookings" ? removeSeat(deps, actor, input) : removeFromSession(deps, actor, input);

/**
 * A host or an admin cancels a session that has not started: every seat goes back, then each paid one
 * is refunded in full (session_cancelled; the webhook records each refund). A refusal (already
 * cancelled, not theirs, started) refunds nothing here: whoever cancelled it asked for its refunds,
 * and the retry-refunds job asks again for any a stopped process left owed.
 */
export async function cancelSessionWithRefunds(deps: PayDeps, actor: Requester, sessionId: string) {
  const result = await cancelSession(deps, actor, sessionId);
  if (result.ok) await refundCancelledBookings(deps, sessionId, null, "session_cancelled");
  return result;
}
