/**
 * Paid-booking rules: pure functions over plain data and an explicit `now` (spec sections 4, 5
 * and 9; docs/decisions/027-seat-holds-while-paying.md).
 */
import { z } from "zod";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Spec section 9: OXXO minimum advance booking default 120 hours; voucher payment window default 3 days. */
export const OXXO_DEFAULTS = { minAdvanceBookingHours: 120, voucherPaymentDays: 3 } as const;
/** Spec section 9: voucher polling every 2 s, 30 tries; copy confirmation 2 s; countdown refresh 60 s. */
export const VOUCHER_POLL = { intervalMs: 2000, tries: 30, copiedMs: 2000, countdownMs: 60_000 } as const;
/** Default voucher expiry when none is supplied (spec section 9: 259200000 ms). */
export const DEFAULT_VOUCHER_EXPIRY_MS = 259_200_000;

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after it is made. */
export const CHECKOUT_MIN_MINUTES = 30;
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
  return new Date(Math.max(beforeHold, earliest));
}

export type OxxoSession = {
  currency: string;
  allowed_payment_methods: readonly string[];
  starts_at: Date | string | null;
  min_advance_booking_hours: number;
};

/**
 * Whether the OXXO button shows: hidden for sessions not in MXN, not allowing OXXO or without a
 * date; greyed out ('not eligible') when the start is less than minAdvanceBookingHours away.
 */
export function oxxoAvailability(session: OxxoSession, now: Date): "hidden" | "tooClose" | "available" {
  if (session.currency !== "MXN" || !session.allowed_payment_methods.includes("OXXO") || !session.starts_at) return "hidden";
  const hoursLeft = (new Date(session.starts_at).getTime() - now.getTime()) / HOUR;
  return hoursLeft < session.min_advance_booking_hours ? "tooClose" : "available";
}

/** Card payments are always offered for paid sessions (spec section 9: cards are always enabled). */
export const cardHoldUntil = (now: Date) => new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000);

// Mexico City has kept UTC-6 all year since 2022.
const MX_OFFSET = -6 * HOUR;

const nthMonday = (year: number, month: number, n: number) => {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((8 - first) % 7) + (n - 1) * 7;
};

/** Mexico's statutory rest days (Ley Federal del Trabajo, art. 74) in a year, as "MM-DD". */
export function mexicanHolidays(year: number): Set<string> {
  const md = (m: number, d: number) => `${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const days = [md(0, 1), md(1, nthMonday(year, 1, 1)), md(2, nthMonday(year, 2, 3)), md(4, 1), md(8, 16), md(10, nthMonday(year, 10, 3)), md(11, 25)];
  // Every six years the federal executive changes hands on 1 October (2024, 2030, …).
  if ((year - 2024) % 6 === 0) days.push(md(9, 1));
  return new Set(days);
}

/** Whether a Mexico City calendar day (given as a UTC midnight) is a business day. */
function isMexicanBusinessDay(dayUtc: Date) {
  const weekday = dayUtc.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const key = `${String(dayUtc.getUTCMonth() + 1).padStart(2, "0")}-${String(dayUtc.getUTCDate()).padStart(2, "0")}`;
  return !mexicanHolidays(dayUtc.getUTCFullYear()).has(key);
}

/**
 * An OXXO seat is held until the voucher's expiry plus one Mexican business day (a payment made
 * at the till on the last day may be reported the next business day): the end (23:59:59, Mexico
 * City) of the first business day after the day the voucher lapses.
 */
export function oxxoHoldUntil(voucherExpiresAt: Date): Date {
  const local = new Date(voucherExpiresAt.getTime() + MX_OFFSET);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1));
  while (!isMexicanBusinessDay(day)) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() + DAY - 1000 - MX_OFFSET);
}

/** Days, hours and minutes until `expiresAt` (null once it passed: 'Expirado'). */
export function countdown(expiresAt: Date, now: Date): { days: number; hours: number; minutes: number } | null {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

const hasNul = (v: string) => v.includes("\u0000");

/** Spec section 5: first and last name, trimmed, at least 2 characters each. Messages are keys of the validation namespace. */
export const oxxoNameSchema = z.object({
  firstName: z
    .string({ required_error: "firstNameRequired" })
    .trim()
    .min(2, "firstNameRequired")
    .max(50, "firstNameTooLong")
    .refine((v) => !hasNul(v), "firstNameRequired"),
  lastName: z
    .string({ required_error: "lastNameRequired" })
    .trim()
    .min(2, "lastNameRequired")
    .max(50, "lastNameTooLong")
    .refine((v) => !hasNul(v), "lastNameRequired"),
});

export type OxxoNames = z.infer<typeof oxxoNameSchema>;
export type OxxoNameErrors = { [K in keyof OxxoNames]?: string[] };

/**
 * The schema's verdict on the typed names, field by field, as validation keys; null when both are
 * valid. The dialog shows these in the browser, as the name page does after its round trip.
 */
export function oxxoNameErrors(values: { firstName: string; lastName: string }): OxxoNameErrors | null {
  const parsed = oxxoNameSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: OxxoNameErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "firstName" || field === "lastName") errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** The OXXO dialog's confirm button waits for both names (spec section 5: disabled while either is empty). */
export const oxxoNamesTyped = (values: { firstName: string; lastName: string }) => values.firstName !== "" && values.lastName !== "";

/** Spec section 2: the session's date on the OXXO dialog, in Mexican Spanish and Mexico City time, whatever the page's language. */
export function oxxoSessionDate(startsAt: Date): string {
  return new Intl.DateTimeFormat("es-MX", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Mexico_City",
    timeZoneName: "short",
  }).format(startsAt);
}

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
 * How long a refund request claims its payment, by the try's number (1-based): the wait before
 * the next try if this one fails. The last try has no next one; its claim lasts as long as the
 * one before, after which a try that never reported back (a process that died) is given up.
 */
export const refundClaimMinutes = (tryNumber: number) => REFUND_RETRY_MINUTES[Math.min(tryNumber, REFUND_RETRY_MINUTES.length) - 1]!;

/** Whether a failed refund request was the last one: the payment then becomes refund_failed, for a person to refund. */
export const refundGivesUp = (triesMade: number) => triesMade >= REFUND_MAX_TRIES;

/** Amounts are minor units; display divides by 100 only when formatting. */
export const isValidAmount = (cents: number) => Number.isInteger(cents) && cents > 0;
