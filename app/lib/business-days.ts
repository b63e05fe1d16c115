/**
 * The business days of the countries Mesa sells in: Mexico (statutory rest days) and Brazil
 * (FEBRABAN's banking days), as UTC midnights standing for a local calendar day, and the local
 * offsets of Mexico City and São Paulo (neither keeps summer time). Pure; no clock.
 * Used by voucher holds (decision records 027 and 033) and the payout schedule (086).
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

// Mexico City has kept UTC-6 all year since 2022.
export const MX_OFFSET = -6 * HOUR;

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
export function isMexicanBusinessDay(dayUtc: Date) {
  const weekday = dayUtc.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const key = `${String(dayUtc.getUTCMonth() + 1).padStart(2, "0")}-${String(dayUtc.getUTCDate()).padStart(2, "0")}`;
  return !mexicanHolidays(dayUtc.getUTCFullYear()).has(key);
}

// São Paulo has kept UTC-3 all year since 2019.
export const BR_OFFSET = -3 * HOUR;

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
export function isBrazilianBankingDay(dayUtc: Date) {
  const weekday = dayUtc.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const key = `${String(dayUtc.getUTCMonth() + 1).padStart(2, "0")}-${String(dayUtc.getUTCDate()).padStart(2, "0")}`;
  if (BRAZILIAN_FIXED_HOLIDAYS.has(key)) return false;
  const sunday = easter(dayUtc.getUTCFullYear()).getTime();
  // Carnival Monday and Tuesday, Good Friday and Corpus Christi, counted from Easter Sunday.
  return ![-48, -47, -2, 60].some((offset) => sunday + offset * DAY === dayUtc.getTime());
}

/** The country's offset from UTC and its business-day test; elsewhere (the US among them), weekdays in UTC. */
export function businessCalendar(country: string): { offset: number; isBusinessDay: (dayUtc: Date) => boolean } {
  if (country === "MX") return { offset: MX_OFFSET, isBusinessDay: isMexicanBusinessDay };
  if (country === "BR") return { offset: BR_OFFSET, isBusinessDay: isBrazilianBankingDay };
  return { offset: 0, isBusinessDay: (d) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6 };
}

/**
 * The start (local midnight) of the `n`-th business day after the local calendar day of `at`, in
 * `country`: two business days after a charge taken on a Friday in Mexico is Tuesday, 00:00
 * Mexico City, or Wednesday when Monday is a rest day.
 */
export function businessDaysAfter(at: Date, n: number, country: string): Date {
  const { offset, isBusinessDay } = businessCalendar(country);
  const local = new Date(at.getTime() + offset);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  for (let counted = 0; counted < n;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isBusinessDay(day)) counted += 1;
  }
  return new Date(day.getTime() - offset);
}
