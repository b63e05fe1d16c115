import type { Requester } from "#app/modules/auth/session.server";
import { refuseCode, underSessionLock, type Writer } from "#app/modules/bookings/bookings.server";
import * as repo from "#app/modules/bookings/repo.server";
import { type BookingRefusal, holdHasLapsed, inviteRefusal, seatRefusal, sessionShutTo } from "#app/modules/bookings/rules";
import { type Notice, offerFreedSeats } from "#app/modules/bookings/waitlist.server";
import { checkInvite, redeemInvite, screenTyped, type TypedInvite } from "#app/modules/invites/invites.server";
import { discountedPrice } from "#app/modules/invites/rules";
import { isUuid } from "#app/utils/uuid";
import { insertPayment, latestPaymentOf } from "./repo.server";
import { cardHoldUntil, heldSeatRetry, oxxoAvailability } from "./rules";

/** Why a paid seat cannot be held: a booking refusal, or one of the payment's own. */
export type HoldRefusal = BookingRefusal | "isFree" | "oxxoNotOffered" | "oxxoTooClose" | "paymentPending";

export type Hold = {
  ok: true;
  bookingId: string;
  paymentId: string;
  /** true when the player already held this seat for the same method (a form sent twice): the existing payment is resumed. */
  resumed: boolean;
  /**
   * true when the seat was held before this call (resumed, or another try after a declined one):
   * a try that cannot start then leaves the hold as it was instead of giving the seat back.
   */
  heldBefore: boolean;
  amountCents: number;
  currency: string;
  /** When the hold lapses; a resumed hold keeps the time its first try was given. */
  holdUntil: Date;
  session: { id: string; title: string; starts_at: Date; voucher_payment_days: number };
};
export type HoldResult = Hold | { ok: false; refusal: HoldRefusal; retryAfterSeconds?: number };

/**
 * Takes a seat for a player who is about to pay (card or OXXO): a PENDING_PAYMENT booking whose
 * hold lapses at `hold_until` (the cleanup job then frees it), and a payment row in 'creating'.
 * Runs under the session lock like the free path, so the seat invariant holds under any
 * concurrency. Whether the player may hold it is the seat rule (bookings/rules.ts seatRefusal):
 * a verified email and fewer than MAX_UNPAID_HOLDS unpaid holds, decided under a lock on the
 * account. The provider is called afterwards, outside the lock (holds.server's callers).
 */
export async function holdPaidSeat(
  deps: Writer,
  player: Requester,
  input: { sessionId: string; method: "CARD" | "OXXO"; provider: string } & TypedInvite,
): Promise<HoldResult> {
  if (!isUuid(input.sessionId)) return { ok: false, refusal: "notFound" };
  // A typed code passes the limited screen before the session is locked.
  const screened = await screenTyped(deps, player.id, input.sessionId, input);
  if (screened && !screened.ok) return refuseCode(screened);
  const code = screened?.code ?? null;
  const result = await underSessionLock<Hold | { ok: false; refusal: HoldRefusal }>(deps, input.sessionId, async (trx, s) => {
    // Seats the player's own lapsed hold gave back go to the line first (as the cleanup job would).
    let notices: Notice[] = [];
    const refuse = (refusal: HoldRefusal) => ({ result: { ok: false as const, refusal }, notices });
    const shut = sessionShutTo(player, s, deps.now);
    if (shut) return refuse(shut);
    const terms = (await repo.sessionPaymentTerms(trx, s.id))!;
    const session = { id: s.id, title: s.title, starts_at: new Date(s.starts_at), voucher_payment_days: terms.voucher_payment_days };
    let booked = s.booked_count;
    const existing = await repo.findActiveBookingDetail(trx, s.id, player.id);
    if (existing && holdHasLapsed(existing, deps.now)) {
      // Restarting after the hold ran out (before the cleanup job came by) is not a way to keep
      // the seat: the hold ends here, and a new try needs a seat free like anyone else's.
      await repo.moveBooking(trx, existing.id, ["PENDING_PAYMENT"], "EXPIRED", deps.now);
      notices = await offerFreedSeats(trx, s, deps.now);
      booked = await repo.bookedCount(trx, s.id);
    } else if (existing) {
      if (existing.status !== "PENDING_PAYMENT") return refuse("alreadyBooked");
      const payment = await latestPaymentOf(trx, existing.id);
      // A subscription's seat waits for its first payment try until the deadline (decision record 051).
      const firstTry = !payment && existing.subscription_id !== null;
      const retry = firstTry ? "anotherTry" : heldSeatRetry(payment, input.method);
      if ((!payment && !firstTry) || retry === "refuse") return refuse("paymentPending");
      const price = payment ?? { amount_cents: existing.amount_cents, currency: existing.currency };
      // A restart resumes the hold as it is: its time was fixed by the first try (decision record 027).
      const kept = { ok: true as const, bookingId: existing.id, heldBefore: true, amountCents: price.amount_cents, currency: price.currency, session };
      const holdUntil = new Date(existing.hold_until!);
      if (retry === "resume" && payment) return { result: { ...kept, paymentId: payment.id, resumed: true, holdUntil } };
      // After a declined card the same seat may be paid another way (an OXXO voucher, when the
      // session still offers it): a new payment of the same booking, never a second booking.
      if (input.method === "OXXO") {
        const oxxo = oxxoAvailability({ ...terms, starts_at: s.starts_at }, deps.now);
        if (oxxo !== "available") return refuse(oxxo === "tooClose" ? "oxxoTooClose" : "oxxoNotOffered");
      }
      await repo.setBookingMethod(trx, existing.id, input.method, deps.now);
      const paymentId = await insertPayment(trx, {
        bookingId: existing.id,
        userId: player.id,
        provider: input.provider,
        method: input.method,
        amountCents: price.amount_cents,
        currency: price.currency,
        // The latest try is the one a seat's state is read from: it sorts after the try it follows
        // even when a request that started earlier (an earlier `now`) reaches the lock later.
        now: payment ? new Date(Math.max(deps.now.getTime(), new Date(payment.created_at).getTime() + 1)) : deps.now,
      });
      return { result: { ...kept, paymentId, resumed: false, holdUntil } };
    }
    if (input.method === "OXXO") {
      const oxxo = oxxoAvailability({ ...terms, starts_at: s.starts_at }, deps.now);
      if (oxxo === "hidden") return refuse("oxxoNotOffered");
      if (oxxo === "tooClose") return refuse("oxxoTooClose");
    }
    const facts = await repo.seatFacts(trx, s.id, player.id, deps.now);
    const invite = code ? await checkInvite(trx, s.id, code, deps.now) : null;
    // The account is locked (after the session, the order every hold takes) before its unpaid
    // holds are counted, so two holds of one account in different sessions cannot both pass the cap.
    const holder = await repo.lockSeatHolder(trx, player.id);
    if (!holder) return refuse("notAllowed");
    const unpaidHolds = await repo.countUnpaidHolds(trx, player.id, deps.now);
    const seeker = { id: player.id, isAdmin: player.isAdmin, emailVerified: holder.emailVerified };
    const refusal = seatRefusal("paidSeat", seeker, { ...s, booked_count: booked }, { ...facts, unpaidHolds }, invite, deps.now);
    if (refusal) return refuse(refusal);
    const redeemed = code ? await redeemInvite(trx, s.id, code, deps.now) : null;
    if (redeemed && !redeemed.ok) return refuse(inviteRefusal(redeemed.problem));
    // A discount invite's percentage comes from the use just taken, not from the earlier look.
    const amountCents = discountedPrice(s.price_cents, redeemed?.ok ? redeemed.discountPercent : null);
    const holdUntil = cardHoldUntil(deps.now);
    const bookingId = await repo.insertPendingBooking(trx, {
      sessionId: s.id,
      userId: player.id,
      method: input.method,
      amountCents,
      currency: s.currency,
      // Short until the provider made the voucher or page; the caller extends an OXXO hold then.
      holdUntil,
      now: deps.now,
      inviteId: redeemed?.ok ? redeemed.inviteId : null,
    });
    if (facts.waiting) await repo.deleteWaitlistEntry(trx, s.id, player.id);
    const paymentId = await insertPayment(trx, {
      bookingId,
      userId: player.id,
      provider: input.provider,
      method: input.method,
      amountCents,
      currency: s.currency,
      now: deps.now,
    });
    return {
      result: { ok: true as const, bookingId, paymentId, resumed: false, heldBefore: false, amountCents, currency: s.currency, holdUntil, session },
      notices,
    };
  });
  return result;
}

/** Gives up a hold whose payment could not even be started (the provider refused or failed): the seat goes back, to the line first. */
export async function releaseHold(deps: Writer, sessionId: string, bookingId: string) {
  await underSessionLock<{ ok: true }>(deps, sessionId, async (trx, s) => {
    const moved = await repo.moveBooking(trx, bookingId, ["PENDING_PAYMENT"], "EXPIRED", deps.now);
    return { result: { ok: true }, notices: moved ? await offerFreedSeats(trx, s, deps.now) : [] };
  });
}
