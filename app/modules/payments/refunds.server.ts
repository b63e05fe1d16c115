import * as bookingsRepo from "#app/modules/bookings/repo.server";
import type { RefundReason } from "#app/services/payments/payments";
import { isUuid } from "#app/utils/http";
import type { PayDeps } from "./payments.server";
import * as repo from "./repo.server";
import { refundPayment } from "./webhooks.server";

/**
 * After a paid seat was given up (the player left, the host removed them or cancelled the
 * session): asks the provider to refund each paid payment of the cancelled bookings, in full
 * (spec shared rulebook: refund reasons). The booking becomes REFUNDED when the provider's
 * refund event reaches the webhook. Runs after the booking decision committed; a payment already
 * being refunded is skipped, so running it twice asks once.
 */
export async function refundCancelledBookings(deps: PayDeps, sessionId: string, userId: string | null, reason: RefundReason) {
  if (!isUuid(sessionId) || (userId !== null && !isUuid(userId))) return 0;
  const paid = await repo.paidPaymentsOfCancelledBookings(deps.db, sessionId, userId);
  let asked = 0;
  for (const payment of paid) {
    if (!payment.payment_intent_ref || !(await repo.markRefundPending(deps.db, payment.id, reason, deps.now))) continue;
    await refundPayment(deps, { paymentIntentId: payment.payment_intent_ref, paymentId: payment.id, bookingId: payment.booking_id, sessionId, reason });
    asked += 1;
  }
  return asked;
}

/** The same for one booking by its id (DELETE /api/bookings {bookingId}). */
export async function refundCancelledBooking(deps: PayDeps, bookingId: unknown, reason: RefundReason) {
  if (!isUuid(bookingId)) return 0;
  const booking = await bookingsRepo.findBooking(deps.db, bookingId);
  return booking ? refundCancelledBookings(deps, booking.session_id, booking.user_id, reason) : 0;
}
