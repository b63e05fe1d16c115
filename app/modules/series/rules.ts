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

// Today's date in a zone (the earliest a date picker offers) lives in a luxon-free module, because
// forms validate dates in the browser too; code that runs only in the browser imports it from there.
export { isTodayOrLater, todayIn } from "#app/modules/dates/day";

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

/**
 * A session of a series as the edit planner sees it. `kept`: a player holds a seat in it as it
 * stands (any active booking but a subscriber's untouched seat, which follows the series).
 */
export type Occurrence = { id: string; startsAt: Date; isModified: boolean; kept: boolean; status: string };

/** What saving a series does to its sessions (docs/decisions/010-series-edits-reach-untouched-sessions.md). */
export type EditPlan = { update: { id: string; startsAt: Date }[]; insert: Date[]; remove: string[] };

/**
 * A session follows the series only while nobody has touched it: still upcoming, never edited on
 * its own, and without a seat a player holds as it stands (subscribers' untouched seats follow
 * with it, decision record 054). Everything else keeps what it has.
 */
export function followsSeries(s: Occurrence, now: Date): boolean {
  return s.startsAt.getTime() > now.getTime() && !s.isModified && !s.kept && s.status === "UPCOMING";
}

/**
 * Plans an edit: the sessions that follow the series move to the new schedule's next `ahead`
 * dates (exact matches first, then in order), extra dates are created and spare sessions removed.
 * Ids survive wherever possible, so links to a session keep working. An IRREGULAR series has no
 * schedule: its sessions keep their dates and only take the new details.
 */
export function planSeriesEdit(input: { schedule: Schedule; sessions: Occurrence[]; now: Date; ahead: number }): EditPlan {
  const following = input.sessions.filter((s) => followsSeries(s, input.now)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (input.schedule.frequency === "IRREGULAR") return { update: following.map((s) => ({ id: s.id, startsAt: s.startsAt })), insert: [], remove: [] };
  // A day that keeps a session of its own (booked, edited, cancelled) gets no second one, even
  // when the time of day changed; the unique (series, start) index needs this for exact matches.
  const localDay = (d: Date) => DateTime.fromJSDate(d, { zone: input.schedule.timeZone }).toISODate();
  const held = new Set(input.sessions.filter((s) => !following.includes(s)).map((s) => localDay(s.startsAt)));
  const targets = nextOccurrences(input.schedule, input.now, input.ahead).filter((d) => !held.has(localDay(d)));
  const update: EditPlan["update"] = [];
  const freeTargets = targets.filter((d) => {
    const same = following.find((s) => s.startsAt.getTime() === d.getTime());
    if (same) update.push({ id: same.id, startsAt: d });
    return !same;
  });
  const matched = new Set(update.map((u) => u.id));
  const spare = following.filter((s) => !matched.has(s.id));
  // The remaining dates are held by nobody, so moving a session there never meets another one.
  freeTargets.forEach((d, i) => {
    const s = spare[i];
    if (s) update.push({ id: s.id, startsAt: d });
  });
  return {
    update: update.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
    insert: freeTargets.slice(spare.length),
    remove: spare.slice(freeTargets.length).map((s) => s.id),
  };
}

export type BusySession = { id: string; title: string; startsAt: Date; minutes: number };

/** The host's sessions that overlap any of the planned start times (each lasting `minutes`). */
export function conflictsWith(starts: Date[], minutes: number, busy: BusySession[]): BusySession[] {
  return busy.filter((b) => starts.some((start) => overlaps(start, minutes, b.startsAt, b.minutes)));
}

/** A short, stable fingerprint of a set of conflicts: "Save anyway" confirms exactly these. */
export function conflictToken(conflicts: { id: string }[]): string {
  return conflicts
    .map((c) => c.id)
    .sort()
    .join(",");
}

/**
 * 'Generate next sessions' after the last one (or from the series' first date when it has none),
 * keeping only dates still ahead of `now`.
 */
export function handGeneratedDates(input: { last: Date | null; first: Date | null; timeZone: string; count: number; daysBetween: number; now: Date }): Date[] {
  const { last, first, timeZone, count, daysBetween, now } = input;
  let dates: Date[];
  if (last) dates = spacedOccurrences(last, timeZone, count, daysBetween);
  else if (first) dates = [first, ...spacedOccurrences(first, timeZone, count - 1, daysBetween)];
  else dates = [];
  return dates.filter((d) => d.getTime() > now.getTime());
}

/** A series' statuses (spec section 4). */
export const SERIES_STATUSES = ["ACTIVE", "PAUSED", "COMPLETED", "CANCELLED"] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** What the host (or an admin) may do to a series' status. */
export const SERIES_CHANGES = ["pause", "resume", "cancel"] as const;
export type SeriesChange = (typeof SERIES_CHANGES)[number];

/** Why a status change is refused, in words (each is a `sessions:seriesStatus.errors.*` key). */
export type SeriesChangeError = "alreadyPaused" | "alreadyActive" | "alreadyCancelled" | "seriesCancelled" | "seriesCompleted" | "unknownStatus";

const targets: Record<SeriesChange, SeriesStatus> = { pause: "PAUSED", resume: "ACTIVE", cancel: "CANCELLED" };

/**
 * The status a change leads to, or why not: pause only an active series, resume only a paused
 * one, cancel an active or paused one; a completed or cancelled series stays as it is. Asking
 * for the status the series already has is refused with its own word ('already…'), which the
 * use case treats as done, so a second click or a retried request changes nothing.
 */
export function seriesStatusChange(current: string, change: SeriesChange): { ok: true; to: SeriesStatus } | { ok: false; error: SeriesChangeError } {
  if (current === "COMPLETED") return { ok: false, error: "seriesCompleted" };
  if (current === "CANCELLED") return { ok: false, error: change === "cancel" ? "alreadyCancelled" : "seriesCancelled" };
  if (current !== "ACTIVE" && current !== "PAUSED") return { ok: false, error: "unknownStatus" };
  if (change === "pause" && current === "PAUSED") return { ok: false, error: "alreadyPaused" };
  if (change === "resume" && current === "ACTIVE") return { ok: false, error: "alreadyActive" };
  return { ok: true, to: targets[change] };
}

/** Whether a refusal only says the series already is where the change would take it. */
export const alreadyThere = (error: SeriesChangeError, change: SeriesChange) =>
  (change === "pause" && error === "alreadyPaused") ||
  (change === "resume" && error === "alreadyActive") ||
  (change === "cancel" && error === "alreadyCancelled");

/**
 * A series with an end date (not ongoing) is over once its local end day has passed at `now` and
 * none of its sessions is still to start; its status then becomes COMPLETED. Paused series end too.
 */
export function seriesEnded(input: { status: string; endDate: string | null; isOngoing: boolean; timeZone: string; sessionsToStart: number }, now: Date) {
  if (input.status !== "ACTIVE" && input.status !== "PAUSED") return false;
  if (input.isOngoing || !input.endDate || input.sessionsToStart > 0) return false;
  const end = DateTime.fromISO(input.endDate, { zone: input.timeZone }).endOf("day");
  return end.isValid && end.toMillis() < now.getTime();
}
