// The earnings desk's pure rules (decision record 086): the month a DM looks at, in their own time
// zone; what is pending, available and paid out; and the CSV's cells. No clock, no database.

import { DateTime } from "luxon";
import { businessCalendar, businessDaysAfter } from "#app/lib/business-days";
import { currencyDigits } from "#app/modules/pricing/rules";
import { PAYOUT_DELAY_BUSINESS_DAYS } from "#app/services/connect/connect";

/** A line's state, as the SQL function payment_line_state names it (migration create_earnings_ledger). */
export const LINE_STATES = ["held", "paid", "refunded", "disputed", "failed"] as const;
export type LineState = (typeof LINE_STATES)[number];

/** Lines per page on the desk: a phone's few screens of the table (the CSV has every line at once). */
export const EARNINGS_PAGE_SIZE = 25;

/** A month as the desk's filter writes it: "2026-11". */
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

// Every desk request asks for its month and that month's bounds: luxon's zone arithmetic is the
// slow part of it, so each answer is kept (zones and months are few; the store is emptied if a
// process ever meets too many).
const yearMonthFormats = new Map<string, Intl.DateTimeFormat>();
const spans = new Map<string, { start: Date; end: Date }>();
function remembered(key: string, compute: () => { start: Date; end: Date }) {
  let span = spans.get(key);
  if (!span) {
    if (spans.size >= 5_000) spans.clear();
    spans.set(key, (span = compute()));
  }
  return { start: new Date(span.start), end: new Date(span.end) };
}

/** The month `now` falls in, in the DM's time zone. */
export function monthOf(now: Date, zone: string): string {
  let format = yearMonthFormats.get(zone);
  if (!format) {
    // Canadian English writes a year and month as ISO does: "2026-11".
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit" });
    yearMonthFormats.set(zone, format);
  }
  return format.format(now);
}

/** The instants a month begins and ends in the DM's time zone (a month in Mexico City starts at 06:00 UTC). */
export function monthRange(month: string, zone: string): { start: Date; end: Date } {
  const [, y, m] = MONTH.exec(month) ?? [];
  if (!y || !m) throw new RangeError(`not a month: ${month}`);
  return remembered(`${month}|${zone}`, () => {
    const start = DateTime.fromObject({ year: Number(y), month: Number(m), day: 1 }, { zone });
    return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate() };
  });
}

/** The instants a calendar year begins and ends in the DM's time zone. */
export function yearRange(year: number, zone: string): { start: Date; end: Date } {
  return remembered(`${year}|${zone}`, () => {
    const start = DateTime.fromObject({ year, month: 1, day: 1 }, { zone });
    return { start: start.toJSDate(), end: start.plus({ years: 1 }).toJSDate() };
  });
}

/** The months before and after, for the desk's arrows. */
export function neighbourMonths(month: string): { previous: string; next: string } {
  const [, y, m] = MONTH.exec(month) ?? [];
  if (!y || !m) throw new RangeError(`not a month: ${month}`);
  const index = Number(y) * 12 + Number(m) - 1;
  const name = (i: number) => `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;
  return { previous: name(index - 1), next: name(index + 1) };
}

/** When a paid line's money may be paid out: two business days after the charge, in the account's country. */
export const availableOn = (paidAt: Date, country: string) => businessDaysAfter(paidAt, PAYOUT_DELAY_BUSINESS_DAYS, country);

/**
 * The first instant whose charges are still pending at `now`: a charge's availability depends only
 * on its local day and never comes earlier for a later day, so every charge from this local midnight
 * on is pending and every one before it is available. One answer per request instead of one per line.
 */
export function pendingSince(now: Date, country: string): Date {
  // The answer moves only at a local midnight, a whole UTC hour in every calendar we keep: one walk per hour and country.
  const key = `${country}|${Math.floor(now.getTime() / 3_600_000)}`;
  let since = cutoffs.get(key);
  if (since === undefined) {
    if (cutoffs.size >= 1_000) cutoffs.clear();
    cutoffs.set(key, (since = walkToCutoff(now, country)));
  }
  return new Date(since);
}
const cutoffs = new Map<string, number>();

function walkToCutoff(now: Date, country: string): number {
  const DAY = 86_400_000;
  const { offset } = businessCalendar(country);
  const local = new Date(now.getTime() + offset);
  let start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset;
  // Neither country keeps summer time, so a local day is always 24 hours.
  while (availableOn(new Date(start - DAY), country).getTime() > now.getTime()) start -= DAY;
  return start;
}

/**
 * Pending, available and paid out, per currency. `balance` is the sum of every line's net (the
 * running balance the ledger keeps); `pending` the part of it not yet available; payouts on their
 * way count as paid out only once paid, but are no longer available. Available may be below zero
 * when refunds came after a payout: the provider takes it from the next charges.
 */
export function moneyFigures(input: { balance: number; pending: number; paidOut: number; onTheWay: number }) {
  return {
    pending: input.pending,
    available: input.balance - input.pending - input.paidOut - input.onTheWay,
    paidOut: input.paidOut,
    onTheWay: input.onTheWay,
  };
}

/**
 * Integer minor units as a decimal in the currency's own digits, by string arithmetic: 123456 MXN
 * is "1234.56", -5 is "-0.05"; a currency without decimals has none.
 */
export function centsAsDecimal(cents: number, currency: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError("cents must be a whole number");
  const digits = currencyDigits(currency);
  const sign = cents < 0 ? "-" : "";
  const text = String(Math.abs(cents));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (starting with =, +, -, @ or a control character) is
 * prefixed with an apostrophe: a player's name is theirs to choose, not a formula in the DM's sheet.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: (string | number)[]) => `${cells.map(csvCell).join(",")}\r\n`;

const UTC_DAY_MS = 86_400_000;

/**
 * A span cut at UTC midnights: the whole UTC days inside it (summed per day by the trigger of
 * migration create_earnings_days) and the partial days at its two edges (read from the index).
 * A span shorter than a day has no whole day: all of it is an edge.
 */
export function splitAtUtcDays(start: Date, end: Date) {
  const firstWhole = new Date(Math.ceil(start.getTime() / UTC_DAY_MS) * UTC_DAY_MS);
  const afterWhole = new Date(Math.floor(end.getTime() / UTC_DAY_MS) * UTC_DAY_MS);
  if (firstWhole >= afterWhole) return { days: null, edges: [{ start, end }] };
  const edges = [
    { start, end: firstWhole },
    { start: afterWhole, end },
  ].filter((e) => e.start < e.end);
  return { days: { from: firstWhole.toISOString().slice(0, 10), until: afterWhole.toISOString().slice(0, 10) }, edges };
}

/** A translator that looks each key up once: a page or a file repeats a handful of method and state words many times. */
export function wordsOnce(t: (key: string, options?: { defaultValue: string }) => string) {
  const words = new Map<string, string>();
  return (key: string, fallback?: string) => {
    let text = words.get(key);
    if (text === undefined) words.set(key, (text = fallback === undefined ? t(key) : t(key, { defaultValue: fallback })));
    return text;
  };
}
