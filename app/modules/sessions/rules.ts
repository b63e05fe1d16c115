import { intlLocale, type Locale } from "#app/modules/i18n/config";

/**
 * The booking statuses that hold a seat in a session: pending payment or confirmed. Seats belong to the
 * session (its booked count, its capacity, its search filters), so the list lives here, below bookings;
 * bookings/rules.ts re-exports it beside the full list of booking statuses and checks it against them.
 */
export const ACTIVE_BOOKING_STATUSES = ["PENDING_PAYMENT", "CONFIRMED"] as const;
export type ActiveBookingStatus = (typeof ACTIVE_BOOKING_STATUSES)[number];

export type CardStatus =
  | { kind: "cancelled" }
  | { kind: "confirmed" }
  | { kind: "full" }
  | { kind: "lastSpot" }
  | { kind: "spotsLeft"; count: number }
  | { kind: "readyToStart" }
  | { kind: "needsPlayers"; count: number };

/**
 * Spec section 4, card display status, in the spec's order. Series pass `readyAt: 3`
 * (they are ready once 3 players are booked); sessions use their minimum players.
 */
export function cardStatus(input: { status: string; booked: number; capacity: number; readyAt: number }): CardStatus {
  if (input.status === "CANCELLED") return { kind: "cancelled" };
  if (input.status === "CONFIRMED") return { kind: "confirmed" };
  const left = Math.max(0, input.capacity - input.booked);
  if (left === 0) return { kind: "full" };
  if (left === 1) return { kind: "lastSpot" };
  if (left <= 3) return { kind: "spotsLeft", count: left };
  if (input.booked >= input.readyAt) return { kind: "readyToStart" };
  return { kind: "needsPlayers", count: input.readyAt - input.booked };
}

export const SERIES_READY_AT = 3;

/** Integer cents to a localised amount (en-US, es-MX, pt-BR), e.g. 15000 MXN → "$150.00". */
export function formatPrice(cents: number, currency: string, lang: Locale, opts: { wholeUnits?: boolean } = {}): string {
  // Intl takes a number; dividing an integer by 100 is exact enough for display and never stored.
  return priceFormat(lang, currency, Boolean(opts.wholeUnits)).format(cents / 100);
}

// One formatter per language, currency and style: creating one costs more than formatting many prices.
const priceFormats = new Map<string, Intl.NumberFormat>();
function priceFormat(lang: Locale, currency: string, wholeUnits: boolean) {
  const key = `${lang}|${currency}|${wholeUnits}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[lang], {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      // Cards show whole amounts with the decimals dropped, not rounded (spec section 9).
      ...(wholeUnits ? { maximumFractionDigits: 0, minimumFractionDigits: 0, roundingMode: "trunc" as const } : {}),
    });
    priceFormats.set(key, format);
  }
  return format;
}

/** Spec section 9: sessions and series last 15 to 480 minutes in steps of 15 (the presets 1–4 h among them), in the form and the API alike. */
export const DURATION = { min: 15, max: 480, step: 15 } as const;

/** What is wrong with a duration in minutes, as the form's message key (the API words it in English). */
export function durationProblem(minutes: number): "durationInvalid" | "durationTooLong" | null {
  if (!Number.isInteger(minutes) || minutes < DURATION.min || minutes % DURATION.step !== 0) return "durationInvalid";
  if (minutes > DURATION.max) return "durationTooLong";
  return null;
}

/** The API's words for the same problems. */
export const durationApiMessage = `duration must be between ${DURATION.min} and ${DURATION.max} minutes, in steps of ${DURATION.step}`;
