import { DateTime } from "luxon";
import { isUuid } from "#app/lib/ids";
import { canManageSeries, canSeeInstructions, canSeePrivateSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { bookedSessionIdsInSeries, hasConfirmedSeatInSeries } from "#app/modules/bookings/index.server";
import { sessionCanceller } from "#app/modules/bookings/rules";
import { localToInstant } from "#app/modules/dates/local-time";
import type { Deps } from "#app/modules/deps.server";
import type { Refused } from "#app/modules/refusals";
import { hostMayCharge, insertSession, PAYOUT_ACCOUNT_NEEDED_API } from "#app/modules/sessions/index.server";
import type { ApiSeriesInput } from "./api-schema";
import { applySeriesEdit, tellSeriesEdit } from "./edit.server";
import { newOccurrence } from "./occurrences.server";
import * as repo from "./repo.server";
import { rowOf, scheduleOf, type SeriesRecord, seriesRowFromApi, seriesRowFromForm } from "./rows.server";
import { handGeneratedDates, nextOccurrences } from "./rules";
import type { SeriesFormInput } from "./schema";

type Reader = Pick<Deps, "db" | "now">;

/** The first `autoGenerateAhead` dates of a new series. */
export const firstOccurrences = (row: repo.SeriesRow, now: Date) => nextOccurrences(scheduleOf(row), now, row.autoGenerateAhead);

/**
 * Creates a series and its first `autoGenerateAhead` sessions in one transaction: each occurrence
 * keeps the series' local time whatever the UTC offset that day.
 */
export async function insertSeriesWithSessions(deps: Pick<Deps, "db" | "now">, row: repo.SeriesRow) {
  const occurrences = firstOccurrences(row, deps.now);
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertSeries(trx, row, deps.now);
    for (const startsAt of occurrences) await insertSession(trx, newOccurrence(id, row, row.imageUrl ?? null, startsAt), deps.now);
    return { id, sessions: occurrences.length };
  });
}

/** The series form: planned in the host's time zone. */
export function createSeries(deps: Deps, host: Requester, input: SeriesFormInput) {
  return insertSeriesWithSessions(deps, seriesRowFromForm(host.id, host.timeZone, input));
}

/**
 * The series' instructions for this viewer: the host, admins and players with a confirmed seat in
 * one of its sessions read them; everyone else gets null and sees the locked notice.
 */
export async function seriesInstructionsFor(deps: Reader, row: { id: string; dm_id: string; session_instructions: string }, viewer: Requester | null) {
  if (!viewer) return null;
  const confirmed = !canManageSeries(viewer, row) && (await hasConfirmedSeatInSeries(deps.db, row.id, viewer.id));
  return canSeeInstructions(viewer, row, { confirmed }) ? row.session_instructions : null;
}

/**
 * A series for its detail page: upcoming and past sessions split at `now`. Private sessions are
 * listed only to those who may see them (the host, admins, players holding a seat in them).
 */
export async function getSeries(deps: Reader, id: string, viewer: Requester | null) {
  if (!isUuid(id)) return null;
  const row = await repo.findSeries(deps.db, id);
  if (!row) return null;
  const all = await repo.listSeriesSessions(deps.db, id);
  const seats = viewer && all.some((s) => s.is_private) ? await bookedSessionIdsInSeries(deps.db, id, viewer.id) : new Set<string>();
  const sessions = all.filter((s) => canSeePrivateSession(viewer, { dm_id: s.dm_id, is_private: s.is_private }, { active: seats.has(s.id) }));
  const now = deps.now.getTime();
  return {
    row,
    upcoming: sessions.filter((s) => new Date(s.starts_at).getTime() >= now),
    past: sessions.filter((s) => new Date(s.starts_at).getTime() < now).reverse(),
  };
}

export type Access = { ok: true; row: SeriesRecord } | Refused<"notFound" | "forbidden">;

/** A series its host (or an admin) may change; 'not found' for an unknown id, 'forbidden' for anyone else. */
export async function seriesForEditor(deps: Reader, id: string, editor: Requester): Promise<Access> {
  if (!isUuid(id)) return { ok: false, refusal: "notFound" };
  const row = await repo.findSeries(deps.db, id);
  if (!row) return { ok: false, refusal: "notFound" };
  if (!canManageSeries(editor, row)) return { ok: false, refusal: "forbidden" };
  return { ok: true, row };
}

export type EditResult = { ok: true } | Refused<"notFound" | "forbidden">;

/**
 * Saves an edit (edit.server.ts) and, once it committed, tells whom it concerns; false when the
 * series is gone. The dates it drops are cancelled by the editor: the host, or an admin.
 */
async function saveEdit(deps: Deps, editor: Requester, series: SeriesRecord, row: repo.SeriesRow) {
  const by = sessionCanceller(editor, series);
  const aftermath = await deps.db.transaction().execute((trx) => applySeriesEdit(trx, deps.now, series.id, row, by));
  if (aftermath) await tellSeriesEdit(deps, aftermath);
  return aftermath !== null;
}

/**
 * Saves a series and carries the change to its sessions that still follow it (upcoming,
 * unmodified, no seat a player holds as it stands); the others keep what they have.
 */
export async function updateSeries(deps: Deps, editor: Requester, id: string, input: SeriesFormInput): Promise<EditResult> {
  const access = await seriesForEditor(deps, id, editor);
  if (!access.ok) return access;
  const row = seriesRowFromForm(access.row.dm_id, access.row.time_zone, input);
  return (await saveEdit(deps, editor, access.row, row)) ? { ok: true } : { ok: false, refusal: "notFound" };
}

/** The API's date rules: the first date today or later in the series' zone (or unchanged on an update), the end not before it. */
function apiDateError(row: repo.SeriesRow, now: Date, currentStart: string | null) {
  const today = DateTime.fromJSDate(now, { zone: row.timeZone }).toISODate() ?? "";
  if (row.startDate < today && row.startDate !== currentStart) return "startDate must be today or later";
  if (row.endDate && row.endDate < row.startDate) return "endDate cannot be before startDate";
  return null;
}

/** POST /api/session-series: the first date must not be in the past in the series' zone. */
export async function createSeriesFromApi(deps: Deps, host: Requester, input: ApiSeriesInput) {
  const row = seriesRowFromApi(host.id, host.timeZone, input);
  const error = apiDateError(row, deps.now, null);
  if (error) return { ok: false as const, refusal: "invalid" as const, error };
  if (!(await hostMayCharge(deps.db, host.id, row.priceCents))) return { ok: false as const, refusal: "conflict" as const, error: PAYOUT_ACCOUNT_NEEDED_API };
  return { ok: true as const, ...(await insertSeriesWithSessions(deps, row)) };
}

/** PATCH /api/session-series/{id}: same payload, host or admin only; the first date may stay as it was. */
export async function updateSeriesFromApi(deps: Deps, editor: Requester, id: string, input: ApiSeriesInput) {
  const access = await seriesForEditor(deps, id, editor);
  if (!access.ok) return access;
  const row = seriesRowFromApi(access.row.dm_id, access.row.time_zone, input);
  const error = apiDateError(row, deps.now, access.row.start_iso);
  if (error) return { ok: false as const, refusal: "invalid" as const, error };
  // Any save of a paid series needs the DM's account, not only a new price: the series keeps selling its seats.
  if (!(await hostMayCharge(deps.db, access.row.dm_id, row.priceCents)))
    return { ok: false as const, refusal: "conflict" as const, error: PAYOUT_ACCOUNT_NEEDED_API };
  await saveEdit(deps, editor, access.row, row);
  return { ok: true as const };
}

/** A cancelled or completed series takes no more sessions; a paused one still may, by hand (they wait for its subscribers until it resumes). */
const isClosed = (status: string) => status === "CANCELLED" || status === "COMPLETED";

export type AddResult = { ok: true; created: number } | Refused<"notFound" | "forbidden"> | Refused<"invalid", { error: string }>;

async function insertHandSessions(deps: Deps, series: SeriesRecord, dates: Date[]): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockSeries(trx, series.id);
    // Cancelled or completed a moment ago: no more sessions (checked again under the lock).
    if (!locked || isClosed(locked.status)) return 0;
    const taken = new Set((await repo.seriesStarts(trx, series.id)).map((d) => d.getTime()));
    const row = rowOf(series);
    let created = 0;
    for (const startsAt of dates) {
      if (taken.has(startsAt.getTime())) continue;
      await insertSession(trx, newOccurrence(series.id, row, series.image_url, startsAt), deps.now);
      created += 1;
    }
    return created;
  });
}

/** 'Add a session' to an IRREGULAR series at a local date and time in the series' zone. */
export async function addSeriesSession(deps: Deps, actor: Requester, id: string, input: { date: string; time: string }): Promise<AddResult> {
  const access = await seriesForEditor(deps, id, actor);
  if (!access.ok) return access;
  if (access.row.frequency !== "IRREGULAR") return { ok: false, refusal: "invalid", error: "onlyIrregular" };
  if (isClosed(access.row.status)) return { ok: false, refusal: "invalid", error: "seriesClosed" };
  const startsAt = localToInstant(input.date, input.time, access.row.time_zone);
  if (!startsAt) return { ok: false, refusal: "invalid", error: "dateRequired" };
  if (startsAt.getTime() <= deps.now.getTime()) return { ok: false, refusal: "invalid", error: "datePast" };
  const created = await insertHandSessions(deps, access.row, [startsAt]);
  return created ? { ok: true, created } : { ok: false, refusal: "invalid", error: "sessionExists" };
}

/** 'Generate next sessions': `count` more, `daysBetween` days apart, after the series' last session. */
export async function generateSeriesSessions(deps: Deps, actor: Requester, id: string, input: { count: number; daysBetween: number }): Promise<AddResult> {
  const access = await seriesForEditor(deps, id, actor);
  if (!access.ok) return access;
  const series = access.row;
  if (series.frequency !== "IRREGULAR") return { ok: false, refusal: "invalid", error: "onlyIrregular" };
  if (isClosed(series.status)) return { ok: false, refusal: "invalid", error: "seriesClosed" };
  const starts = await repo.seriesStarts(deps.db, series.id);
  const dates = handGeneratedDates({
    last: starts.at(-1) ?? null,
    first: localToInstant(series.start_iso, series.time_hhmm, series.time_zone),
    timeZone: series.time_zone,
    count: input.count,
    daysBetween: input.daysBetween,
    now: deps.now,
  });
  const created = dates.length ? await insertHandSessions(deps, series, dates) : 0;
  return created ? { ok: true, created } : { ok: false, refusal: "invalid", error: "nothingGenerated" };
}

/**
 * Keeps `autoGenerateAhead` sessions ahead of `now` in one scheduled series: counts its sessions
 * still to start (cancelled ones do not count) and adds the schedule's next dates after the last
 * session it has. Under the series' row lock, so two runs at once add each date once (and the
 * unique (series, start) index would refuse a second anyway). Returns the sessions created.
 */
export async function topUpSeries(deps: Pick<Deps, "db" | "now">, seriesId: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockSeries(trx, seriesId))) return 0;
    const series = await repo.findSeries(trx, seriesId);
    if (!series || series.status !== "ACTIVE" || series.frequency === "IRREGULAR") return 0;
    const sessions = await repo.listSeriesSessions(trx, seriesId);
    const now = deps.now.getTime();
    const ahead = sessions.filter((s) => new Date(s.starts_at).getTime() > now && s.status !== "CANCELLED").length;
    const missing = series.auto_generate_ahead - ahead;
    if (missing <= 0) return 0;
    const last = sessions.at(-1);
    const after = last && new Date(last.starts_at).getTime() > now ? new Date(last.starts_at) : deps.now;
    const row = rowOf(series);
    const dates = nextOccurrences(scheduleOf(row), after, missing);
    for (const startsAt of dates) await insertSession(trx, newOccurrence(seriesId, row, series.image_url, startsAt), deps.now);
    return dates.length;
  });
}
