/**
 * Tips after a game (decision record 087): pure rules over plain data with an explicit `now`, so
 * the page, the command and the tests ask the same questions the same way. Amounts are integer
 * minor units; a typed amount becomes one by string arithmetic, never through a float.
 */

const DAY = 86_400_000;

/** A player may tip from the session's end until this many days after it. */
export const TIP_WINDOW_DAYS = 7;

/**
 * The currencies a tip may be paid in, with their decimals and the smallest and largest tip in
 * minor units. The minimum keeps the provider's fixed fee from eating a tip; the maximum (about
 * 250 USD) keeps a typo from becoming a large charge and stays inside OXXO's voucher limit.
 */
export const TIP_CURRENCIES = {
  MXN: { digits: 2, minCents: 2_000, maxCents: 500_000 },
  BRL: { digits: 2, minCents: 500, maxCents: 125_000 },
  USD: { digits: 2, minCents: 200, maxCents: 25_000 },
} as const;
export type TipCurrency = keyof typeof TIP_CURRENCIES;

export const isTipCurrency = (currency: string): currency is TipCurrency => Object.hasOwn(TIP_CURRENCIES, currency);

/** What one OXXO voucher may ask for (the provider's limits): 10 to 10,000 MXN. */
export const OXXO_VOUCHER_LIMITS = { minCents: 1_000, maxCents: 1_000_000 } as const;

/** How long a tip's OXXO voucher may be paid: no seat waits on it, so the usual three days. */
export const TIP_VOUCHER_DAYS = 3;

export const TIP_METHODS = ["CARD", "OXXO"] as const;
export type TipMethod = (typeof TIP_METHODS)[number];

/** Seat statuses of a player who had their place at the table. */
const SEATED = ["CONFIRMED", "COMPLETED"];

export type TipSession = { dm_id: string; status: string; starts_at: Date; duration_minutes: number; currency: string };
export type TipSeat = { status: string; attendance: string | null };

/**
 * Why `userId` may not tip the session's DM at `now`, or null when they may. The first four are
 * "not theirs to tip" (the page does not exist for them); the window and the currency are said.
 */
export type TipRefusal = "isHost" | "sessionCancelled" | "notAttended" | "noShow" | "notEnded" | "windowClosed" | "currencyNotTipped";

/** The moments the tip window opens (the session's end) and closes (7 days later), both included. */
export function tipWindow(session: Pick<TipSession, "starts_at" | "duration_minutes">) {
  const opens = session.starts_at.getTime() + session.duration_minutes * 60_000;
  return { opens: new Date(opens), closes: new Date(opens + TIP_WINDOW_DAYS * DAY) };
}

export function tipRefusal(session: TipSession, seat: TipSeat | null, userId: string, now: Date): TipRefusal | null {
  if (session.dm_id === userId) return "isHost";
  if (session.status === "CANCELLED") return "sessionCancelled";
  if (!seat || !SEATED.includes(seat.status)) return "notAttended";
  if (seat.attendance === "NO_SHOW") return "noShow";
  const { opens, closes } = tipWindow(session);
  if (now.getTime() < opens.getTime()) return "notEnded";
  if (now.getTime() > closes.getTime()) return "windowClosed";
  if (!isTipCurrency(session.currency)) return "currencyNotTipped";
  return null;
}

/** The refusals that mean the tip page is not this person's at all: answered as a page that does not exist. */
export const hidesTipPage = (refusal: TipRefusal) =>
  refusal === "isHost" || refusal === "sessionCancelled" || refusal === "notAttended" || refusal === "noShow";

export type AmountError = "tipAmountRequired" | "tipAmountInvalid" | "tipAmountTooPrecise" | "tipAmountTooLow" | "tipAmountTooHigh";

/**
 * The typed amount ("50", "50.5", "50,50") as minor units of `currency`: digits, then at most the
 * currency's decimals after one point or comma. No sign, no thousands separator, no exponent.
 * Anything but one string is refused (a field sent twice arrives as an array).
 */
export function parseTipAmount(raw: unknown, currency: TipCurrency): { ok: true; cents: number } | { ok: false; error: AmountError } {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return { ok: false, error: "tipAmountRequired" };
  if (typeof raw !== "string") return { ok: false, error: "tipAmountInvalid" };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(raw.trim());
  if (!match) return { ok: false, error: "tipAmountInvalid" };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  const { digits, minCents, maxCents } = TIP_CURRENCIES[currency];
  if (fraction.length > digits) return { ok: false, error: "tipAmountTooPrecise" };
  // Longer than any tip may be: refused before it becomes a number at all.
  if (whole.length > 9) return { ok: false, error: "tipAmountTooHigh" };
  const cents = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (cents < minCents) return { ok: false, error: "tipAmountTooLow" };
  if (cents > maxCents) return { ok: false, error: "tipAmountTooHigh" };
  return { ok: true, cents };
}

/** The methods a tip in `currency` offers: card always, an OXXO voucher for pesos. */
export const tipMethods = (currency: TipCurrency): TipMethod[] => (currency === "MXN" ? ["CARD", "OXXO"] : ["CARD"]);

export type MethodError = "tipOxxoNotOffered" | "tipOxxoOutOfRange";

/** Whether `method` may pay this tip: OXXO only in pesos and within what one voucher may ask for. */
export function tipMethodError(method: TipMethod, currency: TipCurrency, cents: number): MethodError | null {
  if (!tipMethods(currency).includes(method)) return "tipOxxoNotOffered";
  if (method === "OXXO" && (cents < OXXO_VOUCHER_LIMITS.minCents || cents > OXXO_VOUCHER_LIMITS.maxCents)) return "tipOxxoOutOfRange";
  return null;
}

/** The amount as the field shows it again: "20" or "20.50" (for the hint's minimum and maximum). */
export function centsToText(cents: number, currency: TipCurrency): string {
  const { digits } = TIP_CURRENCIES[currency];
  const unit = 10 ** digits;
  const rest = cents % unit;
  return rest === 0 ? String(Math.floor(cents / unit)) : `${Math.floor(cents / unit)}.${String(rest).padStart(digits, "0")}`;
}

/** A tip's state as its player sees it: paid, a voucher to pay, on its way, or over unpaid. */
export function tipState(status: string): "paid" | "waiting" | "pending" | "over" {
  if (status === "succeeded" || status === "refund_pending" || status === "refunded" || status === "refund_failed") return "paid";
  if (status === "requires_action") return "waiting";
  if (status === "failed" || status === "canceled") return "over";
  return "pending";
}
