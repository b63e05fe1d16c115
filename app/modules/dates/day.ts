// Calendar-day arithmetic for code that also runs in the browser. It uses only Intl and UTC dates,
// never luxon: luxon cannot be tree-shaken and would add ~21 KiB gzip to every page that imports
// it (decision record 021). Zone-aware scheduling stays on the server (local-time.ts, the series rules).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date (YYYY-MM-DD) in the given zone; "" for an unknown zone. */
export function todayIn(timeZone: string, now: Date): string {
  try {
    const parts = dayFormat(timeZone).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    return `${part("year")}-${part("month")}-${part("day")}`;
  } catch {
    return "";
  }
}

// Building an Intl formatter costs far more than using one (about a hundredth of a search page's
// CPU here): one per zone, a finite set. An unknown zone throws while building and is not kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** True when `date` (YYYY-MM-DD) is today or later in the given zone. */
export function isTodayOrLater(date: string, timeZone: string, now: Date): boolean {
  const today = todayIn(timeZone, now);
  return today !== "" && DAY.test(date) && date >= today;
}

/** The day at noon UTC, so adding days never crosses a date line; null when not a real date. */
export function dayAsUtc(date: string): Date | null {
  const m = DAY.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? d : null;
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** `date` moved by whole days. */
export function plusDays(date: string, days: number): string {
  const d = dayAsUtc(date);
  if (!d) return "";
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}
