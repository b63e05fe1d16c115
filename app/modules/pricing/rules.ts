import { currencies, oxxoAdvanceHours, oxxoVoucherDays, type PaymentMethod } from "#app/modules/catalog/options";

/**
 * Prices are integer cents (hundredths of the currency unit) whatever the currency, so every
 * amount the API stores has one exact text in the form, and that text parses back to the same
 * integer: nothing is rounded on the way, so saving a form nobody touched never moves a price.
 */
export const MAX_PRICE_CENTS = 100_000_000;

/** Spec section 9: a new session or series is paid by card, in MXN, OXXO 5 days ahead with 3 days to pay. */
export const PRICING_DEFAULTS = {
  currency: "MXN",
  paymentMethods: ["CARD"] as PaymentMethod[],
  minAdvanceBookingHours: oxxoAdvanceHours[0],
  voucherPaymentDays: oxxoVoucherDays[0],
} as const;

// Building an Intl formatter costs some 45 µs; a year's CSV asks for the digits of 125,000 amounts.
const digitsByCurrency = new Map<string, number>();

/** The currency's usual decimals per Intl (CLP 0, MXN 2): prices in it are normally typed in whole units. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    // Intl throws on anything but three letters, so the store holds at most 26³ entries, in practice our few currencies.
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Cents as the price field shows them: "125" for whole units, "125.50" otherwise (exact, never rounded). */
export function centsToFormPrice(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) return "";
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/**
 * The price field to cents, by string arithmetic (no floating point): whole units as the spec
 * asks for new prices, or up to two decimals as an existing price is shown. Anything else is not
 * a price and becomes 0 (spec section 5: non-numeric input becomes 0).
 */
export function formPriceToCents(raw: unknown): number {
  const value = typeof raw === "string" ? raw.trim() : typeof raw === "number" ? String(raw) : "";
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return 0;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Whole currency units (at most 2 decimals, either separator) to integer cents, without floating-point
 * drift; null when it is not an amount. The host's rate on the profile and the search's price filter read
 * amounts with it (unlike the session's price field above, where anything else is 0).
 */
export function toCents(units: string | number): number | null {
  const text = typeof units === "number" ? units.toString() : units.trim();
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The `step` of the price input: whole units, unless the shown price has cents (then the browser must accept them). */
export const priceStep = (shown: string) => (shown.includes(".") ? "0.01" : "1");

/** What a paid offer accepts: cards always (spec section 9), nothing when it is free. */
export function acceptedMethods(priceCents: number, methods: readonly PaymentMethod[]): PaymentMethod[] {
  return priceCents === 0 ? [] : Array.from(new Set<PaymentMethod>(["CARD", ...methods]));
}

export const isCurrency = (value: string): value is (typeof currencies)[number] => (currencies as readonly string[]).includes(value);
