import { DateTime } from "luxon";

export type Frequency = "WEEKLY" | "BIWEEKLY" | "MONTHLY" | "IRREGULAR";

export type Schedule = {
  frequency: Frequency;
  /** IANA zone the host plans in; occurrences keep their local time across DST changes. */
  timeZone: string;
  /** Local calendar dates, YYYY-MM-DD. */
  startDate: string;
  endDate: string | null;
  /** Local time, HH:MM (24 h). */
  timeOfDay: string;
  /** 0 = Sunday … 6 = Saturday (WEEKLY and BIWEEKLY). */
  dayOfWeek: number | null;
  /** 1–31 (MONTHLY); months without that day use their last day. */
  dayOfMonth: number | null;
};

const MAX_SCAN = 500; // guards against a schedule that never yields (e.g. an end date before the start)

/** A local date and time in a zone as an instant; null when either part is malformed. */
export function localToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const local = DateTime.fromObject(
    { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) },
    { zone: timeZone },
  );
  return local.isValid ? local.toJSDate() : null;
}

/** True when `date` (YYYY-MM-DD) is today or later in the given zone. */
export function isTodayOrLater(date: string, timeZone: string, now: Date): boolean {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate();
  return today !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
}

function atLocalTime(day: DateTime, timeOfDay: string): DateTime {
  const [hour, minute] = timeOfDay.split(":").map(Number);
  // Built from calendar fields, so the wall-clock time is kept whatever the UTC offset that day.
  return DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: day.zone });
}

/** The local dates a schedule falls on, from its start date on, in order. */
function* scheduleDays(schedule: Schedule): Generator<DateTime> {
  const start = DateTime.fromISO(schedule.startDate, { zone: schedule.timeZone }).startOf("day");
  if (!start.isValid) return;
  if (schedule.frequency === "WEEKLY" || schedule.frequency === "BIWEEKLY") {
    const weekday = schedule.dayOfWeek ?? start.weekday % 7;
    const offset = (weekday - (start.weekday % 7) + 7) % 7; // luxon: Monday = 1 … Sunday = 7
    const step = schedule.frequency === "WEEKLY" ? 7 : 14;
    for (let i = 0; ; i += 1) yield start.plus({ days: offset + i * step });
  }
  if (schedule.frequency === "MONTHLY") {
    const wanted = schedule.dayOfMonth ?? start.day;
    for (let i = 0; ; i += 1) {
      const month = start.startOf("month").plus({ months: i });
      const day = month.set({ day: Math.min(wanted, month.daysInMonth ?? 28) });
      if (day >= start) yield day;
    }
  }
}

/** The next `count` occurrences strictly after `after`, never past the end date. IRREGULAR has none. */
export function nextOccurrences(schedule: Schedule, after: Date, count: number): Date[] {
  if (schedule.frequency === "IRREGULAR" || count <= 0) return [];
  const end = schedule.endDate ? DateTime.fromISO(schedule.endDate, { zone: schedule.timeZone }).endOf("day") : null;
  const result: Date[] = [];
  let scanned = 0;
  for (const day of scheduleDays(schedule)) {
    if (end && day > end) break;
    if (++scanned > MAX_SCAN + count) break;
    const instant = atLocalTime(day, schedule.timeOfDay);
    if (instant.toMillis() > after.getTime()) result.push(instant.toJSDate());
    if (result.length >= count) break;
  }
  return result;
}

/** 'Generate next sessions': `count` (1–10) sessions every `daysBetween` (1–30) days after the last one, same local time. */
export function spacedOccurrences(last: Date, timeZone: string, count: number, daysBetween: number): Date[] {
  const base = DateTime.fromJSDate(last, { zone: timeZone });
  const time = base.toFormat("HH:mm");
  return Array.from({ length: count }, (_, i) => atLocalTime(base.plus({ days: daysBetween * (i + 1) }).startOf("day"), time).toJSDate());
}

/** True when [aStart, aStart + aMinutes) and [bStart, bStart + bMinutes) overlap (the picker's conflict warning). */
export function overlaps(aStart: Date, aMinutes: number, bStart: Date, bMinutes: number): boolean {
  const aEnd = aStart.getTime() + aMinutes * 60_000;
  const bEnd = bStart.getTime() + bMinutes * 60_000;
  return aStart.getTime() < bEnd && bStart.getTime() < aEnd;
}
