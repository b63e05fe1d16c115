import { isUuid } from "#app/lib/ids";
import { seatNewSubscriber, underSessionLock } from "#app/modules/bookings/bookings.server";
import type { LockedSession } from "#app/modules/bookings/index.server";
import * as bookingsRepo from "#app/modules/bookings/index.server";
import { seatPaymentDeadline, seatsOpenTo } from "#app/modules/bookings/rules";
import { eventData, type Notice, offerFreedSeats } from "#app/modules/bookings/waitlist.server";
import * as groupsRepo from "#app/modules/groups/index.server";
import { mailPaidGroup } from "#app/modules/groups/mail.server";
import { findUserById } from "#app/modules/users/index.server";
import { displayNameOf } from "#app/modules/users/rules";
import { type RefundReason, type WebhookEvent, WebhookSignatureError } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";
import { recordDispute } from "./disputes.server";
import { chosenMethod, isCardDecline, meaning, type Obj, paidAmount, type WebhookAnswer } from "./event-meaning";
import type { PayDeps } from "./payments.server";
import { askForRefund } from "./refunds.server";
import * as repo from "./repo.server";
import { delayedHoldUntil, isFinalPayment, onPaymentSucceeded } from "./rules";
import { settleTip } from "./tip-events.server";

export type { WebhookAnswer, WebhookRefusal } from "./event-meaning";

/** Payment statuses that record a success (a refund of such a payment adds no news of the success). */
const PAID_STATUSES = ["succeeded", "refund_pending", "refund_failed"] as const;

/**
 * What a success does to its booking now: confirm it, take back a lapsed seat, or (a second paid
 * payment of a booking already paid, or no seat to take back) give the money back.
 */
async function successDecision(trx: Database, now: Date, s: LockedSession, b: { id: string; status: string }, paymentId: string) {
  if (b.status === "CONFIRMED" || (await repo.otherPaidPayment(trx, b.id, paymentId))) return "duplicate" as const;
  // A group's seats, once given back, may have gone to others: its late payment is refunded whole (decision record 062).
  if (b.status !== "PENDING_PAYMENT" && (await groupsRepo.seatsPaidBy(trx, b.id)).length > 0) return "refund" as const;
  const open = seatsOpenTo(s.max_participants, await bookingsRepo.bookedCount(trx, s.id), await bookingsRepo.countRunningOffers(trx, s.id, now));
  return onPaymentSucceeded(b, open);
}

/** What a confirmed paid seat tells: the player their payment and seat, the host who joined. */
async function confirmedNotices(trx: Database, s: LockedSession, b: { user_id: string }): Promise<Notice[]> {
  const player = await findUserById(trx, b.user_id);
  const name = displayNameOf({ displayName: player?.display_name ?? "", email: player?.email ?? "" });
  return [
    { userId: b.user_id, type: "payment_received", data: eventData(s) },
    { userId: b.user_id, type: "booking_confirmed", data: eventData(s) },
    { userId: s.dm_id, type: "player_joined", data: eventData(s, { playerName: name }) },
  ];
}

type Outcome = {
  ok: true;
  outcome: string;
  /** A refund decided in the transaction, asked for once it committed. */
  refund?: { paymentId: string };
  /** A card subscription this payment made active: its other seats are given once it committed. */
  activated?: { subscriptionId: string; sessionId: string };
};

/** A card subscription that is not one yet: its first payment is running, or its last try was declined (decision record 070). */
const beginsWhenPaid = (b: { subscription_id: string | null; subscription_status: string | null }) =>
  b.subscription_id !== null && (b.subscription_status === "PENDING_PAYMENT" || b.subscription_status === "DECLINED");

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
    if (error instanceof WebhookSignatureError) return { ok: false, refusal: "badSignature", detail: error.message };
    throw error;
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string" || !event.data?.object) return { ok: false, refusal: "badPayload" };
  if (event.type.startsWith("charge.dispute.")) return recordDispute(deps, event);
  const what = meaning(event);
  const metadata = ((event.data.object as Obj).metadata ?? {}) as Obj;
  const byId = isUuid(metadata.paymentId) ? await repo.findPayment(deps.db, metadata.paymentId) : undefined;
  const payment = byId ?? (what?.ref ? await repo.findPaymentByRef(deps.db, what.ref) : undefined);
  if (!what || !payment) {
    // Nothing of ours to change; the id is kept so a replay is recognised all the same.
    const fresh = await repo.claimEvent(deps.db, event.id, event.type, deps.now);
    return { ok: true, outcome: fresh ? "ignored" : "duplicate" };
  }
  const bookingId = payment.booking_id;
  // A tip has no seat to confirm (decision record 086): its events only settle the payment.
  if (!bookingId) return settleTip(deps, event, what, payment.id);
  const booking = await bookingsRepo.findBooking(deps.db, bookingId);
  if (!booking) return { ok: true, outcome: "ignored" };

  const result = await underSessionLock<Outcome | { ok: true; outcome: "duplicate" }>(deps, booking.session_id, async (trx, s) => {
    if (!(await repo.claimEvent(trx, event.id, event.type, deps.now))) return { result: { ok: true, outcome: "duplicate" } };
    const p = (await repo.lockPayment(trx, payment.id))!;
    const b = (await bookingsRepo.lockBookingForPayment(trx, bookingId))!;
    const done = (outcome: string, notices: Notice[] = [], refund?: Outcome["refund"], activated?: Outcome["activated"]) => ({
      result: { ok: true as const, outcome, ...(refund ? { refund } : {}), ...(activated ? { activated } : {}) },
      notices,
    });
    const pi = what.paymentIntent ?? p.payment_intent_ref;

    if (what.kind === "refunded") {
      if (p.status === "refunded") return done("alreadyRefunded");
      // A refund proves a payment whose success has not reached us yet (the provider does not
      // promise order). What that success would have told is told now, by the same rule, so the
      // player and the host hear the same story in any order; the late success finds the payment settled.
      const unseenSuccess = !(PAID_STATUSES as readonly string[]).includes(p.status);
      const paid: Notice[] = unseenSuccess && (await successDecision(trx, deps.now, s, b, p.id)) !== "refund" ? await confirmedNotices(trx, s, b) : [];
      await repo.updatePayment(trx, p.id, { status: "refunded" }, deps.now);
      // A duplicate's refund leaves the booking to the payment that holds it.
      const stillPaid = (await repo.paidPaymentOf(trx, b.id)) !== undefined;
      const freed = !stillPaid && (await bookingsRepo.refundBooking(trx, b.id, deps.now));
      const notices: Notice[] = [...paid, { userId: b.user_id, type: "refund_processed", data: eventData(s) }];
      return done("refunded", freed ? [...notices, ...(await offerFreedSeats(trx, s, deps.now))] : notices);
    }
    // A declined card try is news whenever its event arrives (before or after the success or refund
    // that ended the story), so the player is told of it in any order of delivery.
    const declined: Notice[] = what.kind === "failed" && isCardDecline(event, p) ? [{ userId: b.user_id, type: "payment_failed", data: eventData(s) }] : [];
    if (isFinalPayment(p.status)) return done("alreadySettled", declined);

    if (what.kind === "paid") {
      const { amount, currency } = paidAmount(event);
      if (amount !== p.amount_cents || currency !== p.currency) {
        console.warn(JSON.stringify({ msg: "payments: paid amount differs from the payment", paymentId: p.id, amount, currency }));
        return done("amountMismatch");
      }
      const chosen = chosenMethod(event);
      await repo.updatePayment(
        trx,
        p.id,
        { status: "succeeded", ...(pi ? { payment_intent_ref: pi } : {}), ...(chosen ? { payment_method_type: chosen.type } : {}) },
        deps.now,
      );
      const decision = await successDecision(trx, deps.now, s, b, p.id);
      if (decision === "confirm" || decision === "retake") {
        // A card subscription's first seat confirmed makes it active (the trigger of migration pending_card_subscriptions).
        await bookingsRepo.moveBooking(trx, b.id, decision === "confirm" ? ["PENDING_PAYMENT"] : ["EXPIRED"], "CONFIRMED", deps.now);
        const activated = beginsWhenPaid(b) ? { subscriptionId: b.subscription_id!, sessionId: s.id } : undefined;
        return done(decision === "confirm" ? "confirmed" : "retaken", await confirmedNotices(trx, s, b), undefined, activated);
      }
      const duplicate = decision === "duplicate";
      const reason: RefundReason = duplicate ? "duplicate_payment" : s.status === "CANCELLED" ? "session_cancelled" : "other";
      if (!pi) return done("refundWithoutIntent");
      await repo.markRefundPending(trx, p.id, reason, deps.now);
      return done("refunding", [], { paymentId: p.id });
    }

    if (what.kind === "actionNeeded" || what.kind === "processing") {
      // A delayed method chosen inside a card payment (docs/decisions/033-payment-methods-by-currency.md):
      // its voucher is kept where the OXXO flow keeps one, and the seat is held while it can be paid.
      const chosen = chosenMethod(event);
      await repo.updatePayment(
        trx,
        p.id,
        {
          status: what.kind === "actionNeeded" ? "requires_action" : "processing",
          ...(pi ? { payment_intent_ref: pi } : {}),
          ...(chosen ? { payment_method_type: chosen.type } : {}),
          ...(chosen?.reference && chosen.expiresAt
            ? { voucher_reference: chosen.reference, voucher_url: chosen.url, voucher_expires_at: chosen.expiresAt }
            : {}),
        },
        deps.now,
      );
      const type = chosen?.type ?? p.payment_method_type;
      if (b.status !== "PENDING_PAYMENT" || !type) return done(what.kind);
      const expiresAt = chosen?.expiresAt ?? (p.voucher_expires_at ? new Date(p.voucher_expires_at) : null);
      const terms = (await bookingsRepo.sessionPaymentTerms(trx, s.id))!;
      const until = delayedHoldUntil(type, expiresAt, b.hold_until ? new Date(b.hold_until) : null, terms, deps.now);
      if (!until) return done(what.kind);
      await bookingsRepo.setHoldUntil(trx, b.id, until, deps.now);
      return done("holdExtended");
    }
    // A failed card can be tried again within its hold; a voucher or slip that failed (OXXO's own
    // flow, or one chosen inside a card payment) has lapsed unpaid, and a cancelled intent or
    // expired checkout is over: the seat goes back unless another try of the same booking is still running.
    // A card subscription that has not begun ends with its first declined card (decision record 070):
    // no subscription holds a seat unpaid; the player subscribes again, by card or OXXO.
    const endsSubscription = b.status === "PENDING_PAYMENT" && b.subscription_status === "PENDING_PAYMENT";
    const over = what.kind === "lapsed" || !isCardDecline(event, p) || endsSubscription;
    await repo.updatePayment(
      trx,
      p.id,
      // A declined card stays open to another try on the provider's page, even when its seat goes
      // back: a later success there takes the seat again if it is free, or is refunded.
      what.kind === "failed" && isCardDecline(event, p)
        ? { status: "requires_payment_method", declined_at: deps.now }
        : { status: what.kind === "lapsed" ? "canceled" : "failed" },
      deps.now,
    );
    if (!over || (await repo.otherLivePayment(trx, b.id, p.id))) return done("failed", declined);
    // A subscription's seat is due until its deadline, not lost with one try (decision record 051):
    // it stays held, as payment due again, and the player hears the try failed.
    const deadline = seatPaymentDeadline(new Date(s.starts_at), s.booking_lock_hours);
    if (b.subscription_id && !endsSubscription && b.status === "PENDING_PAYMENT" && deps.now.getTime() < deadline.getTime()) {
      await bookingsRepo.setHoldUntil(trx, b.id, deadline, deps.now);
      return done("failed", [{ userId: b.user_id, type: "payment_failed", data: eventData(s) }]);
    }
    // A card subscription's first seat given back leaves it DECLINED (the same trigger).
    const freed = await bookingsRepo.moveBooking(trx, b.id, ["PENDING_PAYMENT"], "EXPIRED", deps.now);
    // A payment that ends here has lost its seat, which the player should hear of.
    const told: Notice[] = freed ? [{ userId: b.user_id, type: "payment_failed", data: eventData(s) }] : [];
    return done(endsSubscription ? "declined" : "released", freed ? [...told, ...(await offerFreedSeats(trx, s, deps.now))] : []);
  });

  if (!result.ok) return { ok: true, outcome: "ignored" };
  if ("refund" in result && result.refund) await askForRefund(deps, result.refund.paymentId);
  // Outside the first session's lock, so no other session is waited for while it is held.
  if ("activated" in result && result.activated) await seatNewSubscriber(deps, result.activated.subscriptionId, result.activated.sessionId);
  // A paid group's guests are told of their seats once the payment that holds them is in.
  if (result.outcome === "confirmed") await mailPaidGroup(deps, booking.id);
  return { ok: true, outcome: result.outcome };
}
