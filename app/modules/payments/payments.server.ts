import { track } from "#app/modules/analytics/analytics.server";
import { mailInTheirLanguage } from "#app/modules/auth/mail-in-their-language.server";
import type { Requester } from "#app/modules/auth/session.server";
import type { Writer } from "#app/modules/bookings/bookings.server";
import * as bookingsRepo from "#app/modules/bookings/index.server";
import { type Deps, deps as contextDeps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { recipientLang } from "#app/modules/i18n/rules";
import type { TypedInvite } from "#app/modules/invites/invites.server";
import type { SafetyInput } from "#app/modules/safety/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { getServices } from "#app/services/index.server";
import type { Transfer } from "#app/services/payments/payments";
import type { MethodChoice, Payments } from "#app/services/payments/payments";
import { type AlongsideHold, type Hold, holdPaidSeat, type HoldRefusal, releaseHold } from "./holds.server";
import * as repo from "./repo.server";
import { CARD_HOLD_MINUTES, checkoutExpiresAt, issuedVoucher, offeredPaymentMethods, oxxoHoldUntil } from "./rules";

/** A use case's dependencies with the payment port. */
export type PayDeps = Writer & { payments: Payments };
export type { AlongsideHold };

/** The request's dependencies with the chosen payment adapter. */
export function payDeps(context?: Parameters<typeof contextDeps>[0]): PayDeps {
  return { ...contextDeps(context), payments: getServices().payments };
}

export type PayRefusal = HoldRefusal | "providerError" | "notFound";
type Refused = { ok: false; refusal: PayRefusal; retryAfterSeconds?: number };

const absolute = (deps: Pick<Deps, "appUrl">, url: string) => (url.startsWith("/") ? `${deps.appUrl}${url}` : url);

export type OxxoStarted = {
  ok: true;
  bookingId: string;
  amountCents: number;
  currency: string;
  reference: string;
  voucherUrl: string | null;
  expiresAt: Date;
};

/**
 * OXXO (spec sections 4 and 7): holds the seat, creates and confirms an OXXO PaymentIntent with
 * the payer's billing name and email and `expires_after_days` = the session's voucherPaymentDays,
 * then holds the seat until the voucher lapses plus one Mexican business day and mails the
 * voucher. A form sent twice finds the first voucher. The booking is confirmed only by the webhook.
 */
export async function startOxxoPayment(
  deps: PayDeps,
  player: Requester,
  input: { sessionId: string; firstName: string; lastName: string; safety?: SafetyInput; alongside?: AlongsideHold } & TypedInvite,
): Promise<OxxoStarted | Refused> {
  await track(deps, { name: "booking_initiated", user: player, sessionId: input.sessionId, properties: { paymentMethod: "oxxo" } });
  const hold = await holdPaidSeat(deps, player, { ...input, method: "OXXO", provider: deps.payments.provider });
  if (!hold.ok) return hold;
  return issueOxxoVoucher(deps, player, hold, input);
}

/** The OXXO voucher for a seat (or a group's seats) just held: asked of the provider, kept, and mailed to the payer. */
export async function issueOxxoVoucher(
  deps: PayDeps,
  player: Requester,
  hold: Hold,
  input: { firstName: string; lastName: string },
): Promise<OxxoStarted | Refused> {
  const existing = await repo.findPayment(deps.db, hold.paymentId);
  if (hold.resumed && existing?.voucher_reference && existing.voucher_expires_at)
    return {
      ok: true,
      bookingId: hold.bookingId,
      amountCents: existing.amount_cents,
      currency: existing.currency,
      reference: existing.voucher_reference,
      voucherUrl: existing.voucher_url,
      expiresAt: new Date(existing.voucher_expires_at),
    };
  let voucher;
  try {
    voucher = await deps.payments.createOxxo({
      amountCents: hold.amountCents,
      currency: hold.currency,
      name: `${input.firstName} ${input.lastName}`,
      email: player.email,
      expiresAfterDays: hold.session.voucher_payment_days,
      metadata: { paymentId: hold.paymentId, bookingId: hold.bookingId, sessionId: hold.session.id },
      idempotencyKey: `oxxo-${hold.paymentId}`,
      transfer: hold.transfer,
      now: deps.now,
    });
  } catch (error) {
    console.warn(JSON.stringify({ msg: "payments: OXXO intent failed", paymentId: hold.paymentId, error: String(error) }));
    await repo.updatePayment(deps.db, hold.paymentId, { status: "failed" }, deps.now);
    // A seat held before (a card declined, then a voucher asked for) stays held for its hold's time.
    if (!hold.heldBefore) await releaseHold(deps, hold.session.id, hold.bookingId);
    return { ok: false, refusal: "providerError" };
  }
  await repo.updatePayment(deps.db, hold.paymentId, issuedVoucher(voucher), deps.now);
  // The voucher's hold, never shorter than the one the seat has: a subscription's seat is held until its deadline already.
  await bookingsRepo.extendHoldUntil(deps.db, hold.bookingId, oxxoHoldUntil(voucher.expiresAt), deps.now);
  const lang = recipientLang(player.preferredLanguage);
  const zone = player.timeZone || "America/Mexico_City";
  await mailInTheirLanguage(
    deps,
    { email: player.email, display_name: player.displayName, preferred_language: player.preferredLanguage },
    {
      kind: "oxxoVoucher",
      path: `/booking/${hold.bookingId}/voucher`,
      vars: {
        title: hold.session.title,
        reference: voucher.reference,
        amount: `${formatPrice(hold.amountCents, hold.currency, lang)} ${hold.currency}`,
        until: formatDateTime(voucher.expiresAt, lang, zone),
        pdf: voucher.hostedVoucherUrl ? absolute(deps, voucher.hostedVoucherUrl) : "",
      },
    },
  );
  await paymentStarted(deps, player, hold, "oxxo", hold.paymentId);
  return {
    ok: true,
    bookingId: hold.bookingId,
    amountCents: hold.amountCents,
    currency: hold.currency,
    reference: voucher.reference,
    voucherUrl: voucher.hostedVoucherUrl,
    expiresAt: voucher.expiresAt,
  };
}

/** The statuses of a card payment the player may still complete (a declined card can be tried again). */
const RESUMABLE = ["requires_payment_method", "requires_action"];

/**
 * What a card payment of the session offers (docs/decisions/033-payment-methods-by-currency.md):
 * the methods for its currency and the payer's country, in tab order; vouchers and slips live the
 * session's voucher days; a Pix code lapses inside the card hold, so it never needs a longer one.
 */
async function methodChoice(deps: Pick<Deps, "db" | "now">, sessionId: string, country: string | null): Promise<MethodChoice> {
  const terms = (await bookingsRepo.sessionPaymentTerms(deps.db, sessionId))!;
  return {
    paymentMethodTypes: offeredPaymentMethods(terms, country, deps.now),
    voucherDays: terms.voucher_payment_days,
    pixSeconds: (CARD_HOLD_MINUTES - 4) * 60,
  };
}

/**
 * Card without JavaScript (spec section 4, card return URLs): holds the seat and creates a hosted
 * card page (Stripe Checkout, or the offline test page) returning to /{lang}/session/{id}?payment=success.
 * Sent again while the hold runs, the page already opened is shown again; a new page (after the
 * first one expired or failed to open) is a new payment of the same booking within the same hold.
 */
export async function startCardCheckout(
  deps: PayDeps,
  player: Requester,
  input: { sessionId: string; lang: string; returnPaths?: { success: string; cancel: string }; safety?: SafetyInput; alongside?: AlongsideHold } & TypedInvite,
) {
  await track(deps, { name: "booking_initiated", user: player, sessionId: input.sessionId, properties: { paymentMethod: "card" } });
  const hold = await holdPaidSeat(deps, player, { ...input, method: "CARD", provider: deps.payments.provider });
  if (!hold.ok) return hold;
  return openCheckout(deps, player, hold, input);
}

/** The hosted card page for a seat (or a group's seats) just held; the one already open when the hold is resumed. */
export async function openCheckout(deps: PayDeps, player: Requester, hold: Hold, input: { lang: string; returnPaths?: { success: string; cancel: string } }) {
  if (hold.resumed) {
    const running = await repo.findPayment(deps.db, hold.paymentId);
    if (running?.checkout_url && RESUMABLE.includes(running.status)) return { ok: true as const, bookingId: hold.bookingId, url: running.checkout_url };
  }
  const paymentId = hold.resumed ? await newAttempt(deps, player, hold) : hold.paymentId;
  const sessionPath = `/${input.lang}/session/${hold.session.id}`;
  try {
    const checkout = await deps.payments.createCheckout({
      // The hosted page knows no country of ours: the provider checks the billing address itself.
      ...(await methodChoice(deps, hold.session.id, null)),
      amountCents: hold.amountCents,
      currency: hold.currency,
      productName: hold.session.title,
      email: player.email,
      lang: input.lang,
      // A subscription's first payment comes back to its own pages (spec section 4, card return URLs).
      successUrl: `${deps.appUrl}${input.returnPaths?.success ?? `${sessionPath}?payment=success`}`,
      cancelUrl: `${deps.appUrl}${input.returnPaths?.cancel ?? `${sessionPath}/confirm`}`,
      // Minutes inside the hold, so nobody pays for a seat the hold already gave back.
      expiresAt: checkoutExpiresAt(hold.holdUntil, deps.now),
      metadata: { paymentId, bookingId: hold.bookingId, sessionId: hold.session.id },
      idempotencyKey: `checkout-${paymentId}`,
      transfer: hold.transfer,
    });
    await repo.updatePayment(deps.db, paymentId, { status: "requires_payment_method", provider_ref: checkout.id, checkout_url: checkout.url }, deps.now);
    await paymentStarted(deps, player, hold, "card", paymentId);
    return { ok: true as const, bookingId: hold.bookingId, url: checkout.url };
  } catch (error) {
    return cardFailed(deps, hold, paymentId, error);
  }
}

/**
 * Card with JavaScript (spec section 7, create-intent for cards): a PaymentIntent whose client
 * secret goes to the Payment Element. Opening the dialog again while the hold runs resumes the
 * same intent (asked for again with its idempotency key, the provider answers with the same one).
 */
export async function startCardIntent(
  deps: PayDeps,
  player: Requester,
  input: { sessionId: string; country?: string | null; safety?: SafetyInput; alongside?: AlongsideHold } & TypedInvite,
) {
  await track(deps, { name: "booking_initiated", user: player, sessionId: input.sessionId, properties: { paymentMethod: "card" } });
  const hold = await holdPaidSeat(deps, player, { ...input, method: "CARD", provider: deps.payments.provider });
  if (!hold.ok) return hold;
  const running = hold.resumed ? await repo.findPayment(deps.db, hold.paymentId) : undefined;
  const reuse = running !== undefined && running.payment_intent_ref !== null && running.checkout_url === null && RESUMABLE.includes(running.status);
  const paymentId = hold.resumed && !reuse ? await newAttempt(deps, player, hold) : hold.paymentId;
  try {
    const intent = await deps.payments.createCardIntent({
      ...(await methodChoice(deps, hold.session.id, input.country ?? null)),
      amountCents: hold.amountCents,
      currency: hold.currency,
      email: player.email,
      metadata: { paymentId, bookingId: hold.bookingId, sessionId: hold.session.id },
      idempotencyKey: `card-${paymentId}`,
      transfer: hold.transfer,
    });
    if (!reuse) {
      await repo.updatePayment(deps.db, paymentId, { status: "requires_payment_method", provider_ref: intent.id, payment_intent_ref: intent.id }, deps.now);
      await paymentStarted(deps, player, hold, "card", paymentId);
    }
    return {
      ok: true as const,
      bookingId: hold.bookingId,
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: hold.amountCents,
      currency: hold.currency,
    };
  } catch (error) {
    return cardFailed(deps, hold, paymentId, error);
  }
}

/** booking_payment_started (spec section 7): the provider has the payment and the seat is held for it. */
function paymentStarted(
  deps: PayDeps,
  player: Requester,
  hold: { bookingId: string; amountCents: number; currency: string; session: { id: string } },
  paymentMethod: "card" | "oxxo",
  paymentId: string,
) {
  return track(deps, {
    name: "booking_payment_started",
    user: player,
    sessionId: hold.session.id,
    properties: { paymentMethod, bookingId: hold.bookingId, paymentId, amountCents: hold.amountCents, currency: hold.currency },
  });
}

/**
 * Another card try for a booking already held (its page or intent is over, or of the other kind):
 * a new payment row. The hold is not renewed: restarting must not keep a seat for ever.
 */
async function newAttempt(deps: PayDeps, player: Requester, hold: { bookingId: string; amountCents: number; currency: string; transfer: Transfer | null }) {
  return repo.insertPayment(deps.db, {
    bookingId: hold.bookingId,
    userId: player.id,
    provider: deps.payments.provider,
    method: "CARD",
    amountCents: hold.amountCents,
    currency: hold.currency,
    transfer: hold.transfer,
    now: deps.now,
  });
}

async function cardFailed(
  deps: PayDeps,
  hold: { bookingId: string; heldBefore: boolean; session: { id: string } },
  paymentId: string,
  error: unknown,
): Promise<Refused> {
  console.warn(JSON.stringify({ msg: "payments: card payment could not start", paymentId, error: String(error) }));
  await repo.updatePayment(deps.db, paymentId, { status: "failed" }, deps.now);
  if (!hold.heldBefore) await releaseHold(deps, hold.session.id, hold.bookingId);
  return { ok: false, refusal: "providerError" };
}
