import { dayAsUtc, isoDay, plusDays } from "#app/modules/dates/day";

// Plain UTC day arithmetic: this module runs in the browser, where luxon would cost ~21 KiB gzip.

export const MAX_EVENTS_PER_CELL = 3; // spec section 9

/** Sunday on or before a date (weeks start on Sunday). */
function sundayOf(day: Date): string {
  return plusDays(isoDay(day), -day.getUTCDay());
}

/** The month grid: whole weeks, Sunday first, covering every day of `month` (YYYY-MM). */
export function monthGrid(month: string): string[][] {
  const first = dayAsUtc(`${month}-01`);
  if (!first) return [];
  const last = isoDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0, 12)));
  const weeks: string[][] = [];
  for (let week = sundayOf(first); week <= last; week = plusDays(week, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => plusDays(week, i)));
  }
  return weeks;
}

/** The seven days (Sunday first) of the week containing `date`. */
export function weekOf(date: string): string[] {
  const day = dayAsUtc(date);
  if (!day) return [];
  const start = sundayOf(day);
  return Array.from({ length: 7 }, (_, i) => plusDays(start, i));
}

export function shiftMonth(month: string, by: number): string {
  const first = dayAsUtc(`${month}-01`);
  if (!first) return "";
  return isoDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + by, 1, 12))).slice(0, 7);
}

export function shiftDate(date: string, days: number): string {
  return plusDays(date, days);
}

/** What a cell shows: the first three events and how many more there are. */
export function cellEvents<T>(events: T[]): { shown: T[]; more: number } {
  return { shown: events.slice(0, MAX_EVENTS_PER_CELL), more: Math.max(0, events.length - MAX_EVENTS_PER_CELL) };
}

/** Week summary: series sessions versus one-shots. */
export function weekSummary(events: { isSeries: boolean }[]) {
  const series = events.filter((e) => e.isSeries).length;
  return { series, oneShots: events.length - series };
}

export const isMonth = (value: string | null): value is string => Boolean(value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value));
export const isDate = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayAsUtc(value) !== null);

/**
 * What the calendar's address asks for: one day (`?day=`), an agenda week (`?view=week&date=`) or a
 * month (`?month=`), with `today` where a part is missing or malformed; and the days whose sessions
 * the page shows.
 */
export function calendarView(query: URLSearchParams, today: string) {
  const day = query.get("day");
  const asked = query.get("date");
  const askedMonth = query.get("month");
  const view = isDate(day) ? ("day" as const) : query.get("view") === "week" ? ("week" as const) : ("month" as const);
  const date = isDate(asked) ? asked : today;
  const month = isMonth(askedMonth) ? askedMonth : date.slice(0, 7);
  const weeks = view === "month" ? monthGrid(month) : [weekOf(date)];
  const days = view === "day" && isDate(day) ? [day] : weeks.flat();
  return { view, date, month, day, weeks, days };
}
