import { canManageSeries, canManageSession } from "#app/modules/access/rules";
import { localToInstant } from "#app/modules/dates/local-time";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { findSession } from "#app/modules/sessions/repo.server";
import { isUuid } from "#app/utils/uuid";
import { planEdit } from "./edit.server";
import * as repo from "./repo.server";
import { conflictsWith, conflictToken } from "./rules";
import { firstOccurrences } from "./series.server";

type Reader = Pick<Deps, "db" | "now">;

/** The longest session (8 h): anything starting earlier than that before a slot cannot overlap it. */
const LONGEST_MS = 480 * 60_000;

export type Conflict = { id: string; title: string; when: string };
export type ConflictReport = { conflicts: Conflict[]; token: string };

const none: ConflictReport = { conflicts: [], token: "" };

/**
 * The host's other sessions that overlap any of `starts` (each lasting `minutes`), with their
 * time written for the reader. A warning only: the host may save anyway.
 */
export async function hostConflicts(
  deps: Reader,
  hostId: string,
  starts: Date[],
  minutes: number,
  exclude: string[],
  view: { lang: Locale; timeZone: string },
): Promise<ConflictReport> {
  if (starts.length === 0) return none;
  const times = starts.map((d) => d.getTime());
  const from = new Date(Math.min(...times) - LONGEST_MS);
  const to = new Date(Math.max(...times) + minutes * 60_000);
  const rows = await repo.hostSessionsBetween(deps.db, hostId, from, to, exclude);
  const busy = rows.map((r) => ({ id: r.id, title: r.title, startsAt: new Date(r.starts_at), minutes: r.duration_minutes }));
  const found = conflictsWith(starts, minutes, busy);
  return {
    conflicts: found.map((c) => ({ id: c.id, title: c.title, when: formatDateTime(c.startsAt, view.lang, view.timeZone) })),
    token: conflictToken(found),
  };
}

/** A one-off session at a local date and time in `timeZone`. */
export function sessionConflicts(
  deps: Reader,
  hostId: string,
  input: { date: string; time: string; duration: number; timeZone: string; sessionId?: string },
  lang: Locale,
) {
  const start = localToInstant(input.date, input.time, input.timeZone);
  if (!start) return Promise.resolve(none);
  return hostConflicts(deps, hostId, [start], input.duration, input.sessionId ? [input.sessionId] : [], { lang, timeZone: input.timeZone });
}

/**
 * The dates a new series would get, or (editing) the dates its following sessions would have;
 * the series' sessions that stay as they are count as busy like any other.
 */
export async function seriesConflicts(deps: Reader, row: repo.SeriesRow, seriesId: string | null, lang: Locale) {
  if (!seriesId) return hostConflicts(deps, row.dmId, firstOccurrences(row, deps.now), row.durationMinutes, [], { lang, timeZone: row.timeZone });
  const plan = await planEdit(deps, seriesId, row);
  const moving = [...plan.update.map((u) => u.id), ...plan.remove];
  return hostConflicts(deps, row.dmId, [...plan.update.map((u) => u.startsAt), ...plan.insert], row.durationMinutes, moving, { lang, timeZone: row.timeZone });
}

/** "Save anyway" carries the token of the conflicts the host saw; new ones warn again. */
export const confirmed = (form: FormData, report: ConflictReport) => report.conflicts.length === 0 || form.get("confirmOverlap") === report.token;

const minutesOf = (raw: string | null, custom: string | null) => {
  const value = Number(raw === "custom" ? custom : raw);
  return Number.isInteger(value) && value >= 15 && value <= 480 ? value : null;
};

/**
 * The live check behind the date and time pickers (GET /api/schedule-conflicts): the same
 * answer the form's server check gives, for the fields typed so far. Incomplete input, or an id
 * the requester does not host, answers no conflicts.
 */
export async function liveConflicts(
  deps: Reader,
  requester: { id: string; timeZone: string; isAdmin: boolean },
  q: URLSearchParams,
  lang: Locale,
): Promise<ConflictReport> {
  const duration = minutesOf(q.get("duration"), q.get("durationCustom"));
  if (!duration) return none;
  if (q.get("kind") === "series") {
    const seriesId = q.get("series");
    let hostId = requester.id;
    let timeZone = requester.timeZone;
    if (seriesId) {
      const existing = isUuid(seriesId) ? await repo.findSeries(deps.db, seriesId) : undefined;
      if (!existing || !canManageSeries(requester, existing)) return none;
      hostId = existing.dm_id;
      timeZone = existing.time_zone;
    }
    const row = liveSeriesRow(hostId, timeZone, duration, q);
    return row ? seriesConflicts(deps, row, seriesId, lang) : none;
  }
  const sessionId = q.get("session");
  let hostId = requester.id;
  let timeZone = requester.timeZone;
  if (sessionId) {
    const existing = isUuid(sessionId) ? await findSession(deps.db, sessionId) : undefined;
    if (!existing || !canManageSession(requester, existing)) return none;
    hostId = existing.dm_id;
    timeZone = existing.time_zone;
  }
  return sessionConflicts(deps, hostId, { date: q.get("date") ?? "", time: q.get("time") ?? "", duration, timeZone, sessionId: sessionId ?? undefined }, lang);
}

/** Just the schedule of a series form, enough to list its dates. */
function liveSeriesRow(dmId: string, timeZone: string, duration: number, q: URLSearchParams): repo.SeriesRow | null {
  const frequency = q.get("frequency") ?? "";
  const startDate = q.get("startDate") ?? "";
  const timeOfDay = q.get("timeOfDay") ?? "";
  const ahead = Number(q.get("autoGenerateAhead") ?? "2");
  if (!["WEEKLY", "BIWEEKLY", "MONTHLY", "IRREGULAR"].includes(frequency) || !localToInstant(startDate, timeOfDay, timeZone)) return null;
  if (!Number.isInteger(ahead) || ahead < 1 || ahead > 10) return null;
  const endDate = q.get("isOngoing") === "on" ? null : /^\d{4}-\d{2}-\d{2}$/.test(q.get("endDate") ?? "") ? q.get("endDate") : null;
  const dayOfWeek = Number(q.get("dayOfWeek") ?? "1");
  const dayOfMonth = Number(q.get("dayOfMonth") || startDate.slice(8));
  return {
    dmId,
    title: "",
    description: "",
    sessionInstructions: "",
    game: "",
    genre: null,
    experienceLevel: null,
    frequency,
    timeZone,
    dayOfWeek: frequency === "MONTHLY" ? null : Number.isInteger(dayOfWeek) && dayOfWeek >= 0 && dayOfWeek <= 6 ? dayOfWeek : 1,
    dayOfMonth: frequency === "MONTHLY" ? (Number.isInteger(dayOfMonth) && dayOfMonth >= 1 && dayOfMonth <= 31 ? dayOfMonth : 1) : null,
    timeOfDay,
    durationMinutes: duration,
    startDate,
    endDate,
    isOngoing: endDate === null,
    maxParticipants: 1,
    minParticipants: 1,
    priceCents: 0,
    currency: "MXN",
    allowedPaymentMethods: [],
    minAdvanceBookingHours: 120,
    voucherPaymentDays: 3,
    autoGenerateAhead: ahead,
    bookingLockHours: 24,
    preSessionCheckHours: 24,
    tags: [],
    location: null,
  };
}
