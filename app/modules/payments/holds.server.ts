import { isUuid } from "#app/lib/ids";
import type { Requester } from "#app/modules/auth/session.server";
import { refuseCode, underSessionLock, type Writer } from "#app/modules/bookings/bookings.server";
import * as repo from "#app/modules/bookings/index.server";
import type { BookingRefusal } from "#app/modules/bookings/rules";
import { holdSeats, ownBookingAfterLapse } from "#app/modules/bookings/seat-pipeline.server";
import { sessionShutTo } from "#app/modules/bookings/seat-rule";
import { offerFreedSeats } from "#app/modules/bookings/waitlist.server";
import { type ScreenedCode, screenTyped, type TypedInvite } from "#app/modules/invites/invites.server";
import { recordSeatSafety } from "#app/modules/safety/index.server";
import type { SafetyInput } from "#app/modules/safety/rules";
import { hostMayCharge } from "#app/modules/sessions/index.server";
import type { Transfer } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";
import { insertPayment, latestPaymentOf } from "./repo.server";
import { cardHoldUntil, heldSeatRetry, oxxoAvailability } from "./rules";
import { seatTransfer, transferOf } from "./transfer.server";

type LockedSession = repo.LockedSession;

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
  /** The destination charge's account and fee, fixed with the payment row (decision record 085); null: the platform keeps the charge. */
  transfer: Transfer | null;
  session: { id: string; title: string; starts_at: Date; voucher_payment_days: number };
};
export type HoldResult = Hold | { ok: false; refusal: HoldRefusal; retryAfterSeconds?: number };

/**
 * What a caller's command writes with the hold, in its transaction under the session's lock (a
 * subscription begun for the seat). It throws to refuse: the hold and everything else is then
 * rolled back.
 */
export type AlongsideHold = (trx: Database, hold: Hold) => Promise<void>;

/**
 * Takes a seat for a player who is about to pay (card or OXXO): a PENDING_PAYMENT booking whose
 * hold lapses at `hold_until` (the cleanup job then frees it), and a payment row in 'creating'.
 * Runs under the session lock like the free path, so the seat invariant holds under any
 * concurrency. Whether the player may hold it is the seat rule (bookings/rules.ts seatRefusal):
 * a verified email and fewer than MAX_UNPAID_HOLDS unpaid holds, decided under a lock on the
 * account. The provider is called afterwards, outside the lock (holds.server's callers). The
 * player's lines and veils (`safety`) and what the caller adds (`alongside`) are written with the
 * hold in its transaction; the DM sees the lines once the payment settles (decision record 061).
 */
export async function holdPaidSeat(
  deps: Writer,
  player: Requester,
  input: { sessionId: string; method: "CARD" | "OXXO"; provider: string; safety?: SafetyInput; alongside?: AlongsideHold } & TypedInvite,
): Promise<HoldResult> {
  if (!isUuid(input.sessionId)) return { ok: false, refusal: "notFound" };
  // A typed code passes the limited screen before the session is locked.
  const screened = await screenTyped(deps, player.id, input.sessionId, input);
  if (screened && !screened.ok) return refuseCode(screened);
  const code = screened?.code ?? null;
  return underSessionLock<Hold | { ok: false; refusal: HoldRefusal }>(deps, input.sessionId, async (trx, s) => {
    const shut = sessionShutTo(player, s, deps.now);
    if (shut) return { result: { ok: false, refusal: shut } };
    // Seats the player's own lapsed hold gave back go to the line first (as the cleanup job would).
    const { existing, notices } = await ownBookingAfterLapse(trx, s, player.id, deps.now);
    const held = existing
      ? await tryHeldSeatAgain(deps, trx, s, player, existing, input)
      : await holdPaidSeats(deps, trx, s, player, { count: 1, code, method: input.method, provider: input.provider });
    if (held.ok && input.safety) await recordSeatSafety({ db: trx, now: deps.now }, player.id, s.id, input.safety);
    if (held.ok && input.alongside) await input.alongside(trx, held);
    return { result: held.ok ? held : { ok: false, refusal: held.refusal }, notices: existing ? [] : notices };
  });
}

type PayingSession = { id: string; title: string; starts_at: Date; voucher_payment_days: number };

/**
 * The payment's part of every paid hold, one seat or a paid group's: the OXXO window, then the
 * seat pipeline (bookings/seat-pipeline holdSeats: the rule, the code's use, the price, the
 * booking), then the payment row in 'creating'. Runs in the caller's transaction under the
 * session's lock; the provider is called afterwards, outside it.
 */
export async function holdPaidSeats(
  deps: Pick<Writer, "now">,
  trx: Database,
  s: LockedSession,
  payer: Requester,
  order: { count: number; code: ScreenedCode | null; method: "CARD" | "OXXO"; provider: string },
): Promise<Hold | { ok: false; refusal: HoldRefusal; seatsLeft?: number }> {
  const terms = (await repo.sessionPaymentTerms(trx, s.id))!;
  if (order.method === "OXXO") {
    const oxxo = oxxoAvailability({ ...terms, starts_at: s.starts_at }, deps.now);
    if (oxxo !== "available") return { ok: false, refusal: oxxo === "tooClose" ? "oxxoTooClose" : "oxxoNotOffered" };
  }
  // Short until the provider made the voucher or page; the caller extends an OXXO hold then.
  const holdUntil = cardHoldUntil(deps.now);
  const held = await holdSeats(trx, s, payer, { count: order.count, code: order.code, method: order.method, holdUntil }, deps.now);
  if (!held.ok) return held;
  const { bookingId, amountCents, currency } = held;
  const transfer = await seatTransfer(trx, s.dm_id, amountCents, order.provider);
  const paymentId = await insertPayment(trx, {
    bookingId,
    userId: payer.id,
    provider: order.provider,
    method: order.method,
    amountCents,
    currency,
    transfer,
    now: deps.now,
  });
  return {
    ok: true,
    bookingId,
    paymentId,
    resumed: false,
    heldBefore: false,
    amountCents,
    currency,
    holdUntil,
    transfer,
    session: payingSession(s, terms),
  };
}

const payingSession = (s: LockedSession, terms: { voucher_payment_days: number }): PayingSession => ({
  id: s.id,
  title: s.title,
  starts_at: new Date(s.starts_at),
  voucher_payment_days: terms.voucher_payment_days,
});

/**
 * The player already holds this seat (their hold still runs): a form sent twice resumes the
 * payment under way; after a declined card the same seat may be paid another way; a
 * subscription's seat waits for its first try until its deadline (decision record 051).
 */
async function tryHeldSeatAgain(
  deps: Writer,
  trx: Database,
  s: LockedSession,
  player: Requester,
  existing: NonNullable<Awaited<ReturnType<typeof repo.findActiveBookingDetail>>>,
  input: { method: "CARD" | "OXXO"; provider: string },
): Promise<Hold | { ok: false; refusal: HoldRefusal }> {
  const refuse = (refusal: HoldRefusal) => ({ ok: false as const, refusal });
  if (existing.status !== "PENDING_PAYMENT") return refuse("alreadyBooked");
  const terms = (await repo.sessionPaymentTerms(trx, s.id))!;
  const payment = await latestPaymentOf(trx, existing.id);
  const firstTry = !payment && existing.subscription_id !== null;
  const retry = firstTry ? "anotherTry" : heldSeatRetry(payment, input.method);
  if ((!payment && !firstTry) || retry === "refuse") return refuse("paymentPending");
  const price = payment ?? { amount_cents: existing.amount_cents, currency: existing.currency };
  // Another try of the same seat pays the same DM the same way; a subscription's first try decides it now.
  const transfer = payment ? transferOf(payment) : await seatTransfer(trx, s.dm_id, price.amount_cents, input.provider);
  // A restart resumes the hold as it is: its time was fixed by the first try (decision record 027).
  const kept = {
    ok: true as const,
    bookingId: existing.id,
    heldBefore: true,
    amountCents: price.amount_cents,
    currency: price.currency,
    transfer,
    session: payingSession(s, terms),
  };
  const holdUntil = new Date(existing.hold_until!);
  if (retry === "resume" && payment) return { ...kept, paymentId: payment.id, resumed: true, holdUntil };
  // A new try is a new charge: none while the DM's payout account cannot take charges (decision record 084).
  if (!(await hostMayCharge(trx, s.dm_id, price.amount_cents))) return refuse("hostCannotBePaid");
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
    transfer,
    // The latest try is the one a seat's state is read from: it sorts after the try it follows
    // even when a request that started earlier (an earlier `now`) reaches the lock later.
    now: payment ? new Date(Math.max(deps.now.getTime(), new Date(payment.created_at).getTime() + 1)) : deps.now,
  });
  return { ...kept, paymentId, resumed: false, holdUntil };
}

/** Gives up a hold whose payment could not even be started (the provider refused or failed): the seat goes back, to the line first. */
export async function releaseHold(deps: Writer, sessionId: string, bookingId: string) {
  await underSessionLock<{ ok: true }>(deps, sessionId, async (trx, s) => {
    const moved = await repo.moveBooking(trx, bookingId, ["PENDING_PAYMENT"], "EXPIRED", deps.now);
    return { result: { ok: true }, notices: moved ? await offerFreedSeats(trx, s, deps.now) : [] };
  });
}
