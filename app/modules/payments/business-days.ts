/**
 * When a voucher's seat hold ends: the business days of the countries whose cash and bank-slip
 * methods we take (Mexico for OXXO, Brazil for boleto), and the hold a delayed method earns.
 * Pure functions over an explicit date (docs/decisions/027 and 033).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

// São Paulo has kept UTC-3 all year since 2019.
const BR_OFFSET = -3 * HOUR;

/** Brazil's national holidays with fixed dates (Lei 662/1949 and later laws), as "MM-DD". */
const BRAZILIAN_FIXED_HOLIDAYS = new Set(["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "11-20", "12-25"]);

/** Easter Sunday (anonymous Gregorian algorithm), as a UTC midnight. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** Whether a São Paulo calendar day (as a UTC midnight) is a banking day: no weekend, national holiday, Carnival, Good Friday or Corpus Christi (FEBRABAN's calendar). */
function isBrazilianBankingDay(dayUtc: Date) {
  const weekday = dayUtc.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const key = `${String(dayUtc.getUTCMonth() + 1).padStart(2, "0")}-${String(dayUtc.getUTCDate()).padStart(2, "0")}`;
  if (BRAZILIAN_FIXED_HOLIDAYS.has(key)) return false;
  const sunday = easter(dayUtc.getUTCFullYear()).getTime();
  // Carnival Monday and Tuesday, Good Friday and Corpus Christi, counted from Easter Sunday.
  return ![-48, -47, -2, 60].some((offset) => sunday + offset * DAY === dayUtc.getTime());
}

/**
 * A boleto seat is held until the slip's expiry plus one Brazilian banking day (a slip paid on its
 * last day clears the next banking day): the end (23:59:59, São Paulo) of the first banking day
 * after the day it lapses.
 */
export function boletoHoldUntil(expiresAt: Date): Date {
  const local = new Date(expiresAt.getTime() + BR_OFFSET);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1));
  while (!isBrazilianBankingDay(day)) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() + DAY - 1000 - BR_OFFSET);
}

/**
 * How long a payment that chose a delayed method holds its seat, given the provider's expiry of
 * what it issued (voucher, slip or QR code; null when the event carried none, and then the
 * session's voucher days from `now`). Never shorter than the hold it already has: a hold only grows.
 */
export function delayedHoldUntil(
  method: string,
  expiresAt: Date | null,
  current: Date | null,
  session: { voucher_payment_days: number },
  now: Date,
): Date | null {
  let wanted: Date | null = null;
  const expiry = expiresAt ?? new Date(now.getTime() + session.voucher_payment_days * DAY);
  if (method === "oxxo") wanted = oxxoHoldUntil(expiry);
  else if (method === "boleto") wanted = boletoHoldUntil(expiry);
  // Pix is paid in seconds: the card hold stands unless the QR code lives longer.
  else if (method === "pix" && expiresAt) wanted = expiresAt;
  if (!wanted || (current && wanted.getTime() <= current.getTime())) return null;
  return wanted;
}
