import { isUuid } from "#app/lib/ids";
import * as bookingsRepo from "#app/modules/bookings/index.server";
import type { RefundReason } from "#app/services/payments/payments";
import type { PayDeps } from "./payments.server";
import * as repo from "./repo.server";
import { OWED_REFUND_GRACE_MINUTES, OWED_REFUND_LOOKBACK_DAYS, REFUND_MAX_TRIES, REFUND_RETRY_MINUTES, refundClaimMinutes, refundGivesUp } from "./rules";

// The claim of each try by its number (1-based), as the claiming statement reads it.
export const CLAIM_MINUTES = Array.from({ length: REFUND_MAX_TRIES }, (_, i) => refundClaimMinutes(i + 1));
/** How many due refunds one run of the retry job asks for; the rest wait for the next minute. */
const RETRY_BATCH = 50;

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
    await askForRefund(deps, payment.id);
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

/**
 * The first request for a refund just decided (the payment is refund_pending and due now). It
 * claims the payment like a retry does, so a retry job running at that moment cannot ask too.
 */
export async function askForRefund(deps: PayDeps, paymentId: string) {
  const [claimed] = await repo.claimDueRefunds(deps.db, { now: deps.now, claimMinutes: CLAIM_MINUTES, maxTries: REFUND_MAX_TRIES, limit: 1, paymentId });
  if (claimed) await requestRefund(deps, claimed);
}

/**
 * The retry-refunds job (docs/decisions/028-the-webhook-confirms.md): asks again for each refund
 * whose earlier request failed and whose wait is over, with the same idempotency key as the first
 * request, so the provider refunds once however often it is asked. A payment is claimed by the
 * statement that finds it due, so runs at the same time never ask for the same refund twice. After
 * REFUND_MAX_TRIES failed requests the payment becomes refund_failed and an error is logged, for a
 * person to refund by hand. It also asks for the refunds of paid seats cancelled without one
 * (markOwedRefunds). Returns how many requests were made.
 */
export async function retryPendingRefunds(deps: PayDeps) {
  // First the refunds a stopped process never asked for: they become due now and are claimed below.
  const owed = await repo.markOwedRefunds(deps.db, {
    since: new Date(deps.now.getTime() - OWED_REFUND_LOOKBACK_DAYS * 86_400_000),
    before: new Date(deps.now.getTime() - OWED_REFUND_GRACE_MINUTES * 60_000),
    now: deps.now,
    limit: RETRY_BATCH,
  });
  for (const paymentId of owed) console.warn(JSON.stringify({ msg: "payments: a cancelled paid seat had no refund asked for; asking now", paymentId }));
  for (const paymentId of await repo.giveUpAbandonedRefunds(deps.db, REFUND_MAX_TRIES, deps.now))
    console.error(JSON.stringify({ msg: "payments: refund given up, to be refunded by hand", paymentId, tries: REFUND_MAX_TRIES }));
  const due = await repo.claimDueRefunds(deps.db, { now: deps.now, claimMinutes: CLAIM_MINUTES, maxTries: REFUND_MAX_TRIES, limit: RETRY_BATCH });
  for (const claimed of due) await requestRefund(deps, claimed);
  return due.length;
}

/** One request to the provider for a claimed refund, and what came of it (true: the provider accepted it). */
export async function requestRefund(deps: PayDeps, claimed: repo.ClaimedRefund): Promise<boolean> {
  try {
    const refund = await deps.payments.refund({
      paymentIntentId: claimed.payment_intent_ref,
      reason: claimed.refund_reason as RefundReason,
      metadata: { paymentId: claimed.id, bookingId: claimed.booking_id, sessionId: claimed.session_id },
      // The same key on every try: a request that reached the provider before failing on the way back is not a second refund.
      idempotencyKey: `refund-${claimed.id}`,
      // A destination charge's refund takes back the DM's transfer and returns the fee in proportion (decision record 085).
      reverseTransfer: claimed.transfer_destination !== null,
    });
    await repo.recordRefundAsked(deps.db, claimed.id, refund.id, deps.now);
    return true;
  } catch (error) {
    const givesUp = refundGivesUp(claimed.refund_attempts);
    await repo.recordRefundFailure(deps.db, claimed.id, String(error).slice(0, 1000), givesUp, deps.now);
    const line = { paymentId: claimed.id, tries: claimed.refund_attempts, error: String(error) };
    if (givesUp) console.error(JSON.stringify({ msg: "payments: refund given up, to be refunded by hand", ...line }));
    else
      console.warn(
        JSON.stringify({ msg: "payments: refund request failed, will be tried again", ...line, inMinutes: REFUND_RETRY_MINUTES[claimed.refund_attempts - 1] }),
      );
    return false;
  }
}
