import { DateTime } from "luxon";

export const MAX_EVENTS_PER_CELL = 3; // spec section 9

const iso = (d: DateTime) => d.toISODate() ?? "";

/** Sunday on or before a date (weeks start on Sunday; luxon's weekday 7 is Sunday). */
function sundayOf(day: DateTime): DateTime {
  return day.minus({ days: day.weekday % 7 });
}

/** The month grid: whole weeks, Sunday first, covering every day of `month` (YYYY-MM). */
export function monthGrid(month: string): string[][] {
  const first = DateTime.fromISO(`${month}-01`);
  if (!first.isValid) return [];
  const start = sundayOf(first);
  const last = first.endOf("month");
  const weeks: string[][] = [];
  for (let week = start; week <= last; week = week.plus({ weeks: 1 })) {
    weeks.push(Array.from({ length: 7 }, (_, i) => iso(week.plus({ days: i }))));
  }
  return weeks;
}

/** The seven days (Sunday first) of the week containing `date`. */
export function weekOf(date: string): string[] {
  const day = DateTime.fromISO(date);
  if (!day.isValid) return [];
  const start = sundayOf(day);
  return Array.from({ length: 7 }, (_, i) => iso(start.plus({ days: i })));
}

export function shiftMonth(month: string, by: number): string {
  return DateTime.fromISO(`${month}-01`).plus({ months: by }).toFormat("yyyy-MM");
}

export function shiftDate(date: string, days: number): string {
  return iso(DateTime.fromISO(date).plus({ days }));
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
export const isDate = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid);
