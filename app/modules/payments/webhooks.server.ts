import { underSessionLock } from "#app/modules/bookings/bookings.server";
import * as bookingsRepo from "#app/modules/bookings/repo.server";
import { seatsOpenTo } from "#app/modules/bookings/rules";
import { eventData, type Notice, offerFreedSeats } from "#app/modules/bookings/waitlist.server";
import { findUserById } from "#app/modules/users/repo.server";
import { displayNameOf } from "#app/modules/users/rules";
import { type RefundReason, type WebhookEvent, WebhookSignatureError } from "#app/services/payments/payments";
import { isUuid } from "#app/utils/http";
import type { PayDeps } from "./payments.server";
import { askForRefund } from "./refunds.server";
import * as repo from "./repo.server";
import { isFinalPayment, onPaymentSucceeded } from "./rules";

export type WebhookAnswer = { status: number; body: { received: true; duplicate?: true; outcome?: string } | { error: string } };

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : null);

/** What an event means for one of our payments; null for events we do not act on. */
function meaning(
  event: WebhookEvent,
): { kind: "paid" | "failed" | "actionNeeded" | "lapsed" | "refunded"; ref: string | null; paymentIntent: string | null } | null {
  const o = event.data.object as Obj;
  const id = str(o.id);
  switch (event.type) {
    case "payment_intent.succeeded":
      return { kind: "paid", ref: id, paymentIntent: id };
    case "payment_intent.payment_failed":
      return { kind: "failed", ref: id, paymentIntent: id };
    case "payment_intent.requires_action":
      return { kind: "actionNeeded", ref: id, paymentIntent: id };
    case "payment_intent.canceled":
      return { kind: "lapsed", ref: id, paymentIntent: id };
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return o.payment_status === "paid" ? { kind: "paid", ref: id, paymentIntent: str(o.payment_intent) } : null;
    case "checkout.session.async_payment_failed":
      return { kind: "failed", ref: id, paymentIntent: str(o.payment_intent) };
    case "checkout.session.expired":
      return { kind: "lapsed", ref: id, paymentIntent: null };
    case "charge.refunded":
      return o.refunded === true ? { kind: "refunded", ref: str(o.payment_intent), paymentIntent: str(o.payment_intent) } : null;
    default:
      return null;
  }
}

/** The amount and currency the provider says were paid (a checkout's total, or an intent's amount). */
function paidAmount(event: WebhookEvent): { amount: number | null; currency: string | null } {
  const o = event.data.object as Obj;
  const amount = typeof o.amount_total === "number" ? o.amount_total : typeof o.amount === "number" ? o.amount : null;
  return { amount, currency: str(o.currency)?.toUpperCase() ?? null };
}

type Outcome = {
  ok: true;
  outcome: string;
  /** A refund decided in the transaction, asked for once it committed. */
  refund?: { paymentId: string };
};

/**
 * POST /api/webhooks/stripe, from Stripe or the offline adapter alike (docs/decisions/028-the-webhook-confirms.md).
 * The signature is checked over the raw body; the event id is stored in the same transaction
 * that applies it, so a replay (or two deliveries at once) changes nothing. Events may arrive in
 * any order: a payment never leaves a final state except to a refund, and a late success for a
 * seat that was given back takes the seat again if one is free, or is refunded.
 */
export async function handleWebhook(deps: PayDeps, payload: string, signature: string | null): Promise<WebhookAnswer> {
  let event: WebhookEvent;
  try {
    event = deps.payments.parseWebhook(payload, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: { error: `Webhook signature verification failed: ${error.message}` } };
    throw error;
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string" || !event.data?.object) return { status: 400, body: { error: "Malformed event" } };
  const what = meaning(event);
  const metadata = ((event.data.object as Obj).metadata ?? {}) as Obj;
  const byId = isUuid(metadata.paymentId) ? await repo.findPayment(deps.db, metadata.paymentId) : undefined;
  const payment = byId ?? (what?.ref ? await repo.findPaymentByRef(deps.db, what.ref) : undefined);
  if (!what || !payment) {
    // Nothing of ours to change; the id is kept so a replay is recognised all the same.
    const fresh = await repo.claimEvent(deps.db, event.id, event.type, deps.now);
    return { status: 200, body: fresh ? { received: true, outcome: "ignored" } : { received: true, duplicate: true } };
  }
  const booking = await bookingsRepo.findBooking(deps.db, payment.booking_id);
  if (!booking) return { status: 200, body: { received: true, outcome: "ignored" } };

  const result = await underSessionLock<Outcome | { ok: true; outcome: "duplicate" }>(deps, booking.session_id, async (trx, s) => {
    if (!(await repo.claimEvent(trx, event.id, event.type, deps.now))) return { result: { ok: true, outcome: "duplicate" } };
    const p = (await repo.lockPayment(trx, payment.id))!;
    const b = (await bookingsRepo.lockBookingForPayment(trx, p.booking_id))!;
    const done = (outcome: string, notices: Notice[] = [], refund?: Outcome["refund"]) => ({
      result: { ok: true as const, outcome, ...(refund ? { refund } : {}) },
      notices,
    });
    const pi = what.paymentIntent ?? p.payment_intent_ref;

    if (what.kind === "refunded") {
      if (p.status === "refunded") return done("alreadyRefunded");
      await repo.updatePayment(trx, p.id, { status: "refunded" }, deps.now);
      // A duplicate's refund leaves the booking to the payment that holds it.
      const stillPaid = (await repo.paidPaymentOf(trx, b.id)) !== undefined;
      const freed = !stillPaid && (await bookingsRepo.moveBooking(trx, b.id, ["CONFIRMED", "PENDING_PAYMENT", "CANCELLED", "EXPIRED"], "REFUNDED", deps.now));
      const notices: Notice[] = [{ userId: b.user_id, type: "refund_processed", data: eventData(s) }];
      return done("refunded", freed ? [...notices, ...(await offerFreedSeats(trx, s, deps.now))] : notices);
    }
    if (isFinalPayment(p.status)) return done("alreadySettled");

    if (what.kind === "paid") {
      const { amount, currency } = paidAmount(event);
      if (amount !== p.amount_cents || currency !== p.currency) {
        console.warn(JSON.stringify({ msg: "payments: paid amount differs from the payment", paymentId: p.id, amount, currency }));
        return done("amountMismatch");
      }
      await repo.updatePayment(trx, p.id, { status: "succeeded", ...(pi ? { payment_intent_ref: pi } : {}) }, deps.now);
      const duplicate = b.status === "CONFIRMED" || (await repo.otherPaidPayment(trx, b.id, p.id));
      const open = seatsOpenTo(s.max_participants, await bookingsRepo.bookedCount(trx, s.id), await bookingsRepo.countRunningOffers(trx, s.id, deps.now));
      const decision = duplicate ? "refund" : onPaymentSucceeded(b, open);
      if (decision === "confirm" || decision === "retake") {
        await bookingsRepo.moveBooking(trx, b.id, decision === "confirm" ? ["PENDING_PAYMENT"] : ["EXPIRED"], "CONFIRMED", deps.now);
        const player = await findUserById(trx, b.user_id);
        const name = displayNameOf({ displayName: player?.display_name ?? "", email: player?.email ?? "" });
        return done(decision === "confirm" ? "confirmed" : "retaken", [
          { userId: b.user_id, type: "booking_confirmed", data: eventData(s) },
          { userId: s.dm_id, type: "player_joined", data: eventData(s, { playerName: name }) },
        ]);
      }
      const reason: RefundReason = duplicate ? "duplicate_payment" : s.status === "CANCELLED" ? "session_cancelled" : "other";
      if (!pi) return done("refundWithoutIntent");
      await repo.markRefundPending(trx, p.id, reason, deps.now);
      return done("refunding", [], { paymentId: p.id });
    }

    if (what.kind === "actionNeeded") {
      await repo.updatePayment(trx, p.id, { status: "requires_action" }, deps.now);
      return done("actionNeeded");
    }
    // A failed card can be tried again within its hold; an OXXO voucher that failed has lapsed
    // unpaid, and a cancelled intent or expired checkout is over: the seat goes back unless another
    // try of the same booking is still running.
    const over = what.kind === "lapsed" || p.method === "OXXO";
    await repo.updatePayment(trx, p.id, { status: over ? (what.kind === "lapsed" ? "canceled" : "failed") : "requires_payment_method" }, deps.now);
    if (!over || (await repo.otherLivePayment(trx, b.id, p.id))) return done("failed");
    const freed = await bookingsRepo.moveBooking(trx, b.id, ["PENDING_PAYMENT"], "EXPIRED", deps.now);
    return done("released", freed ? await offerFreedSeats(trx, s, deps.now) : []);
  });

  if (!result.ok) return { status: 200, body: { received: true, outcome: "ignored" } };
  if (result.outcome === "duplicate") return { status: 200, body: { received: true, duplicate: true } };
  if ("refund" in result && result.refund) await askForRefund(deps, result.refund.paymentId);
  return { status: 200, body: { received: true, outcome: result.outcome } };
}
