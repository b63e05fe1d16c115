/**
 * Paid-booking rules: pure functions over plain data and an explicit `now` (spec sections 4, 5
 * and 9; docs/decisions/027-seat-holds-while-paying.md).
 */
import { PAYMENT_METHOD_ORDER, type PaymentMethodType } from "./card-outcome";

const HOUR = 3_600_000;

/** Spec section 9: OXXO minimum advance booking default 120 hours; voucher payment window default 3 days. */
export const OXXO_DEFAULTS = { minAdvanceBookingHours: 120, voucherPaymentDays: 3 } as const;
/** Spec section 9: voucher polling every 2 s, 30 tries; copy confirmation 2 s; countdown refresh 60 s. */
export const VOUCHER_POLL = { intervalMs: 2000, tries: 30, copiedMs: 2000, countdownMs: 60_000 } as const;
/** Default voucher expiry when none is supplied (spec section 9: 259200000 ms). */
export const DEFAULT_VOUCHER_EXPIRY_MS = 259_200_000;

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes, or later than 24 hours, after it is made. */
export const CHECKOUT_MIN_MINUTES = 30;
export const CHECKOUT_MAX_HOURS = 24;
/** A hosted card page expires this long before its hold, so nobody pays for a seat the hold already gave back. */
export const CHECKOUT_MARGIN_MINUTES = 4;
/** How long a card payment holds its seat: long enough for the first hosted page's shortest life and the margin. */
export const CARD_HOLD_MINUTES = CHECKOUT_MIN_MINUTES + 1 + CHECKOUT_MARGIN_MINUTES;

/**
 * When a hosted card page expires: the margin before its hold, but never sooner than Stripe
 * accepts (a minute spare for the clocks). A later page inside the same hold may so outlive the
 * hold by a few minutes; a payment made then is a late one, which takes the seat back if it is
 * still free and is refunded otherwise (decision record 028).
 */
export function checkoutExpiresAt(holdUntil: Date, now: Date): Date {
  const beforeHold = holdUntil.getTime() - CHECKOUT_MARGIN_MINUTES * 60_000;
  const earliest = now.getTime() + (CHECKOUT_MIN_MINUTES + 1) * 60_000;
  // Nor later than Stripe's 24 hours, should a voucher chosen in an earlier try have lengthened the hold.
  const latest = now.getTime() + CHECKOUT_MAX_HOURS * 3_600_000 - 60_000;
  return new Date(Math.min(Math.max(beforeHold, earliest), latest));
}

export type OxxoSession = {
  currency: string;
  allowed_payment_methods: readonly string[];
  starts_at: Date | string | null;
  min_advance_booking_hours: number;
};

export type OxxoAvailability = "hidden" | "tooClose" | "available";

/**
 * Whether the OXXO button shows: hidden for sessions not in MXN, not allowing OXXO or without a
 * date; greyed out ('not eligible') when the start is less than minAdvanceBookingHours away.
 */
export function oxxoAvailability(session: OxxoSession, now: Date): OxxoAvailability {
  if (session.currency !== "MXN" || !session.allowed_payment_methods.includes("OXXO") || !session.starts_at) return "hidden";
  const hoursLeft = (new Date(session.starts_at).getTime() - now.getTime()) / HOUR;
  return hoursLeft < session.min_advance_booking_hours ? "tooClose" : "available";
}

/** Card payments are always offered for paid sessions (spec section 9: cards are always enabled). */
export const cardHoldUntil = (now: Date) => new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000);

// Payment-method types as the provider names them, in tab order; kept with the card dialog's
// outcome rules so the browser's chunk carries them without this file's schema library.
export { PAYMENT_METHOD_ORDER, type PaymentMethodType };
// The voucher holds' calendars live in business-days.ts; the callers keep importing them from here.
export { boletoHoldUntil, delayedHoldUntil, mexicanHolidays, oxxoHoldUntil } from "./business-days";

/**
 * Where Klarna (the buy-now-pay-later method) is offered: the presentment currency must be the
 * customer's own. Source: Stripe's Klarna page (https://stripe.com/docs/payments/klarna, customer
 * countries per merchant country, "provided the presentment currency matches the currency of the
 * customer's country"). Of our 14 currencies that leaves USD (United States), CAD (Canada) and EUR
 * (the euro countries Stripe lists). Affirm (https://docs.stripe.com/payments/affirm/accept-a-payment:
 * customer geography CA and US, currencies cad and usd) covers less, so it is not offered as well.
 */
const BNPL_COUNTRIES: Record<string, readonly string[]> = {
  USD: ["US"],
  CAD: ["CA"],
  EUR: ["AT", "BE", "DE", "ES", "FI", "FR", "GR", "IE", "IT", "NL", "PT"],
};

/**
 * The payment methods a card payment offers for a session's currency and the payer's country
 * (ISO 3166 alpha-2, or null when unknown: the hosted card page, where the provider checks the
 * billing address itself). Card always comes first; Klarna only where the currency is the payer's
 * own; OXXO for MXN; boleto and Pix for BRL. Every other currency (zero-decimal ones like CLP
 * included) is card only.
 */
export function paymentMethodsFor(currency: string, country: string | null): PaymentMethodType[] {
  const code = currency.toUpperCase();
  const methods: PaymentMethodType[] = ["card"];
  const bnpl = BNPL_COUNTRIES[code];
  if (bnpl && (country === null || bnpl.includes(country.toUpperCase()))) methods.push("klarna");
  if (code === "MXN") methods.push("oxxo");
  if (code === "BRL") methods.push("boleto", "pix");
  return methods;
}

/** Methods paid later at a till or bank, whose vouchers live for days (the seat is held as long). */
export const isVoucherMethod = (type: string | null | undefined): type is "oxxo" | "boleto" => type === "oxxo" || type === "boleto";

export type MethodSession = OxxoSession & { voucher_payment_days: number };

/**
 * The methods a card payment of this session offers: `paymentMethodsFor`, less the voucher
 * methods when the session starts too soon for a voucher (the same minAdvanceBookingHours that
 * greys out the OXXO button), and less OXXO when the host does not accept it.
 */
export function offeredPaymentMethods(session: MethodSession, country: string | null, now: Date): PaymentMethodType[] {
  const tooSoon = !session.starts_at || (new Date(session.starts_at).getTime() - now.getTime()) / HOUR < session.min_advance_booking_hours;
  return paymentMethodsFor(session.currency, country).filter((m) => {
    if (m === "oxxo") return oxxoAvailability(session, now) === "available";
    if (m === "boleto") return !tooSoon;
    return true;
  });
}

/** The countries the card dialog sends (spec section 7: MX, BR, AR, or US by default). */
export const parseCountry = (value: unknown): string | null => (typeof value === "string" && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null);

/** Days, hours and minutes until `expiresAt` (null once it passed: 'Expirado'). */
export function countdown(expiresAt: Date, now: Date): { days: number; hours: number; minutes: number } | null {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

// The OXXO names and the dates on OXXO's papers live beside these rules, in oxxo-papers.ts.
export { oxxoDateTime, type OxxoNameErrors, oxxoNameErrors, type OxxoNames, oxxoNameSchema, oxxoNamesTyped, oxxoSessionDate } from "./oxxo-papers";

/** Payment statuses that end a payment's story; a later event never moves a payment out of them but to a refund. */
export const FINAL_PAYMENT_STATUSES = ["succeeded", "refund_pending", "refunded", "refund_failed", "canceled"] as const;
export const isFinalPayment = (status: string) => (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);

/** What a successful payment does to its booking, by the booking's state when the event arrives. */
export function onPaymentSucceeded(booking: { status: string }, seatsOpen: number): "confirm" | "alreadyConfirmed" | "retake" | "refund" {
  if (booking.status === "CONFIRMED") return "alreadyConfirmed";
  if (booking.status === "PENDING_PAYMENT") return "confirm";
  // The hold lapsed (or the player left) before the money arrived: the seat is taken again if one
  // is free, otherwise the money goes back.
  if (booking.status === "EXPIRED" && seatsOpen > 0) return "retake";
  return "refund";
}

/**
 * Refund retries (docs/decisions/028-the-webhook-confirms.md): after the n-th failed request the
 * next one waits REFUND_RETRY_MINUTES[n - 1] (1 minute, 5, 30, 2 hours, 8 hours: a provider
 * outage of half a day is ridden out); the request after the last wait is the last one.
 */
export const REFUND_RETRY_MINUTES = [1, 5, 30, 120, 480] as const;
export const REFUND_MAX_TRIES = REFUND_RETRY_MINUTES.length + 1;

/**
 * A cancelled paid seat whose refund was never asked for (the process stopped between the cancel
 * and the request) is found by the retry job once this many minutes have passed, so the request
 * that cancelled it has had its chance, and for this many days after the cancel.
 */
export const OWED_REFUND_GRACE_MINUTES = 2;
export const OWED_REFUND_LOOKBACK_DAYS = 30;

/**
 * How long a refund request claims its payment, by the try's number (1-based): the wait before
 * the next try if this one fails. The last try has no next one; its claim lasts as long as the
 * one before, after which a try that never reported back (a process that died) is given up.
 */
export const refundClaimMinutes = (tryNumber: number) => REFUND_RETRY_MINUTES[Math.min(tryNumber, REFUND_RETRY_MINUTES.length) - 1]!;

/** Whether a failed refund request was the last one: the payment then becomes refund_failed, for a person to refund. */
export const refundGivesUp = (triesMade: number) => triesMade >= REFUND_MAX_TRIES;

/** Amounts are minor units; display divides by 100 only when formatting. */
export const isValidAmount = (cents: number) => Number.isInteger(cents) && cents > 0;

/**
 * A return address as a location to redirect to: an address on the app's own origin (APP_URL)
 * becomes its path, query and fragment, so the redirect stays on whatever host name the player
 * used; a path stays a path; another site's address is left as it is.
 */
export function pathWithinApp(url: string, appUrl: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url;
  }
  return target.origin === new URL(appUrl).origin ? `${target.pathname}${target.search}${target.hash}` : url;
}

/** A seat held while its payment is not in: what the player and the host are shown instead of a booking. */
export type HeldSeat = "voucherPending" | "paymentPending" | "paymentFailed" | "paymentDue";

/**
 * What a pending-payment booking is, from its latest payment: a voucher or slip waiting to be paid
 * at a store, a card payment under way (or not tried yet), or a card try that the provider declined
 * (or that could not start), to be tried again or paid another way while the hold runs; or, with
 * no payment at all, a subscription's seat waiting for its payment until its deadline (decision
 * record 051: single holds always have one).
 */
export function heldSeatState(
  payment: { method: string; status: string; payment_method_type: string | null; declined_at: Date | string | null } | null | undefined,
): HeldSeat {
  if (!payment) return "paymentDue";
  // An ended try is failed whatever its method: an OXXO voucher the provider could not make
  // leaves the seat held for another way to pay, not a voucher to pay.
  if (payment.status === "failed" || payment.status === "canceled") return "paymentFailed";
  if (payment.method === "OXXO" || (isVoucherMethod(payment.payment_method_type) && payment.status !== "requires_payment_method")) return "voucherPending";
  return payment.status === "requires_payment_method" && payment.declined_at !== null ? "paymentFailed" : "paymentPending";
}

/**
 * The ways a held seat may be paid from the confirmation page: a card always (another try, or the
 * page already opened); OXXO only once the card was declined (or a voucher could not be made), or
 * for a subscription's seat not tried yet, and
 * then as the session offers it (hidden outside MXN, greyed out too close to the start). A voucher
 * waiting to be paid is paid at the store, not again here.
 */
export function payAgainChoices(state: HeldSeat, oxxo: OxxoAvailability): { card: boolean; oxxo: OxxoAvailability } {
  if (state === "voucherPending") return { card: false, oxxo: "hidden" };
  return { card: true, oxxo: state === "paymentFailed" || state === "paymentDue" ? oxxo : "hidden" };
}

/**
 * What a new try of `method` does to a seat the player already holds, from the seat's latest
 * payment: resume that payment (a form sent twice), start another payment of the same booking
 * (after a declined or failed try, the other method, or the same one when it could not start), or
 * refuse while a payment of another method may still succeed.
 */
export function heldSeatRetry(
  payment: { method: string; status: string; payment_method_type: string | null; declined_at: Date | string | null } | null | undefined,
  method: "CARD" | "OXXO",
): "resume" | "anotherTry" | "refuse" {
  if (!payment) return "refuse";
  const failed = heldSeatState(payment) === "paymentFailed";
  // A try that ended (failed to start, or a voucher that lapsed on a seat still held) is never resumed.
  if (failed && (payment.method !== method || payment.status === "failed" || payment.status === "canceled")) return "anotherTry";
  return payment.method === method ? "resume" : "refuse";
}

/** What a voucher's page says first: paid (a receipt), still being made, waiting to be paid, or lapsed. */
export function voucherState(booking: { status: string }, payment: { voucher_reference: string | null }) {
  if (booking.status === "CONFIRMED") return "paid" as const;
  if (booking.status !== "PENDING_PAYMENT") return "lapsed" as const;
  return payment.voucher_reference ? ("waiting" as const) : ("creating" as const);
}

/** What a payment records of the OXXO voucher the provider issued for it: waiting to be paid at the till. */
export const issuedVoucher = (voucher: { id: string; reference: string; hostedVoucherUrl: string | null; expiresAt: Date }) => ({
  status: "requires_action" as const,
  provider_ref: voucher.id,
  payment_intent_ref: voucher.id,
  voucher_reference: voucher.reference,
  voucher_url: voucher.hostedVoucherUrl,
  voucher_expires_at: voucher.expiresAt,
});
