import { DateTime } from "luxon";
import type { Requester } from "#app/modules/auth/session.server";
import { resolveTag } from "#app/modules/catalog/tags";
import type { Deps } from "#app/modules/deps.server";
import { insertSession, type SessionRow } from "#app/modules/sessions/repo.server";
import type { Database } from "#db/client.server";
import type { ApiSeriesInput } from "./api-schema";
import * as repo from "./repo.server";
import { type Frequency, handGeneratedDates, localToInstant, nextOccurrences, type Occurrence, planSeriesEdit, type Schedule } from "./rules";
import type { SeriesFormInput } from "./schema";

type Reader = Pick<Deps, "db" | "now">;
type SeriesRecord = NonNullable<Awaited<ReturnType<typeof repo.findSeries>>>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Predefined tags are stored by id, free tags by their name (spec: tag matching). */
const storedTags = (names: string[]) => Array.from(new Set(names.map((n) => resolveTag(n)).map((t) => (t.predefined ? t.id : t.name)))).slice(0, 10);

/** The series form's values as a row, planned in `timeZone` (the host's when created, the series' own after). */
export function seriesRowFromForm(dmId: string, timeZone: string, input: SeriesFormInput): repo.SeriesRow {
  const monthly = input.frequency === "MONTHLY";
  return {
    dmId,
    title: input.title,
    description: input.description,
    sessionInstructions: input.sessionInstructions,
    game: input.game,
    genre: input.genre ?? null,
    experienceLevel: input.experienceLevel ?? null,
    frequency: input.frequency,
    timeZone,
    dayOfWeek: monthly ? null : input.dayOfWeek,
    dayOfMonth: monthly ? (input.dayOfMonth ?? Number(input.startDate.slice(8))) : null,
    timeOfDay: input.timeOfDay,
    durationMinutes: input.duration,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    isOngoing: input.isOngoing,
    maxParticipants: input.maxParticipants,
    minParticipants: input.minParticipants,
    priceCents: input.price,
    currency: input.currency,
    allowedPaymentMethods: input.paymentMethods,
    autoGenerateAhead: input.autoGenerateAhead,
    bookingLockHours: input.bookingLockHours,
    preSessionCheckHours: input.preSessionCheckHours,
    tags: storedTags(input.tags),
    location: input.location || null,
    // The form always sends the image it shows (none when removed), so the stored one is replaced.
    imageUrl: input.imageUrl ?? null,
  };
}

/** A date or date-time from the API as a local date (and time) in the series' zone. */
function localParts(value: string, timeZone: string) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value, time: null };
  const local = DateTime.fromISO(value, { setZone: true }).setZone(timeZone);
  return { date: local.toISODate() ?? value.slice(0, 10), time: local.toFormat("HH:mm") };
}

/** The API payload as a row; the zone is the payload's, else the host's (create) or the series' (update). */
export function seriesRowFromApi(dmId: string, timeZone: string, input: ApiSeriesInput): repo.SeriesRow {
  const zone = input.timezone ?? timeZone;
  const start = localParts(input.startDate, zone);
  const startDay = DateTime.fromISO(start.date, { zone });
  const weekly = input.frequency === "WEEKLY" || input.frequency === "BIWEEKLY";
  return {
    dmId,
    title: input.title,
    description: input.description,
    sessionInstructions: input.sessionInstructions,
    game: input.game,
    genre: input.genre ?? null,
    experienceLevel: input.experienceLevel ?? null,
    frequency: input.frequency,
    timeZone: zone,
    dayOfWeek: weekly ? (input.dayOfWeek ?? startDay.weekday % 7) : null,
    dayOfMonth: input.frequency === "MONTHLY" ? (input.dayOfMonth ?? startDay.day) : null,
    timeOfDay: input.timeOfDay ?? start.time ?? "19:00",
    durationMinutes: input.duration,
    startDate: start.date,
    endDate: input.endDate ? localParts(input.endDate, zone).date : null,
    isOngoing: input.isOngoing,
    maxParticipants: input.maxParticipants,
    minParticipants: input.minParticipants,
    priceCents: input.priceCents,
    currency: input.currency,
    allowedPaymentMethods: input.priceCents === 0 ? [] : Array.from(new Set(["CARD", ...input.allowedPaymentMethods])),
    autoGenerateAhead: input.autoGenerateAhead,
    bookingLockHours: input.bookingLockHours,
    preSessionCheckHours: input.preSessionCheckHours,
    tags: storedTags(input.tags),
    location: input.location || null,
    imageUrl: input.imageUrl === undefined ? undefined : input.imageUrl,
  };
}

export const scheduleOf = (row: repo.SeriesRow): Schedule => ({
  frequency: row.frequency as Frequency,
  timeZone: row.timeZone,
  startDate: row.startDate,
  endDate: row.endDate,
  timeOfDay: row.timeOfDay,
  dayOfWeek: row.dayOfWeek,
  dayOfMonth: row.dayOfMonth,
});

/** What every session of a series takes from it. */
function occurrenceFields(row: repo.SeriesRow, imageUrl: string | null, startsAt: Date): repo.OccurrenceFields {
  return {
    title: row.title,
    // A session's description holds 1000 characters, a series' 2000.
    description: row.description.slice(0, 1000),
    sessionInstructions: row.sessionInstructions,
    game: row.game,
    genre: row.genre,
    experienceLevel: row.experienceLevel,
    startsAt,
    durationMinutes: row.durationMinutes,
    maxParticipants: row.maxParticipants,
    minParticipants: row.minParticipants,
    priceCents: row.priceCents,
    currency: row.currency,
    allowedPaymentMethods: row.allowedPaymentMethods,
    preSessionCheckHours: row.preSessionCheckHours,
    tags: row.tags,
    imageUrl,
    location: row.location,
  };
}

function newOccurrence(seriesId: string, row: repo.SeriesRow, imageUrl: string | null, startsAt: Date): SessionRow {
  return {
    ...occurrenceFields(row, imageUrl, startsAt),
    dmId: row.dmId,
    seriesId,
    timeZone: row.timeZone,
    minAdvanceBookingHours: 120,
    voucherPaymentDays: 3,
    isPrivate: false,
  };
}

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
  if (viewer.id === row.dm_id || viewer.isAdmin) return row.session_instructions;
  return (await repo.hasConfirmedSeatInSeries(deps.db, row.id, viewer.id)) ? row.session_instructions : null;
}

/** A series for its detail page: upcoming and past sessions split at `now`. */
export async function getSeries(deps: Reader, id: string) {
  if (!uuid.test(id)) return null;
  const row = await repo.findSeries(deps.db, id);
  if (!row) return null;
  const sessions = await repo.listSeriesSessions(deps.db, id);
  const now = deps.now.getTime();
  return {
    row,
    upcoming: sessions.filter((s) => new Date(s.starts_at).getTime() >= now),
    past: sessions.filter((s) => new Date(s.starts_at).getTime() < now).reverse(),
  };
}

export type Access = { ok: true; row: SeriesRecord } | { ok: false; status: 403 | 404 };

/** A series its host (or an admin) may change; 404 for an unknown id, 403 for anyone else. */
export async function seriesForEditor(deps: Reader, id: string, editor: Requester): Promise<Access> {
  if (!uuid.test(id)) return { ok: false, status: 404 };
  const row = await repo.findSeries(deps.db, id);
  if (!row) return { ok: false, status: 404 };
  if (row.dm_id !== editor.id && !editor.isAdmin) return { ok: false, status: 403 };
  return { ok: true, row };
}

/** An existing series as form values, with its dates in its own zone. */
export function seriesFormValues(row: SeriesRecord) {
  return {
    title: row.title,
    description: row.description,
    sessionInstructions: row.session_instructions,
    game: row.game,
    genre: row.genre ?? "",
    experienceLevel: row.experience_level ?? "",
    frequency: row.frequency,
    dayOfWeek: row.day_of_week === null ? "1" : String(row.day_of_week),
    dayOfMonth: row.day_of_month === null ? "" : String(row.day_of_month),
    timeOfDay: row.time_hhmm,
    startDate: row.start_iso,
    isOngoing: row.is_ongoing ? "on" : "",
    endDate: row.end_iso ?? "",
    duration: String(row.duration_minutes),
    maxParticipants: String(row.max_participants),
    minParticipants: String(row.min_participants),
    autoGenerateAhead: String(row.auto_generate_ahead),
    bookingLockHours: String(row.booking_lock_hours),
    preSessionCheckHours: String(row.pre_session_check_hours),
    tags: row.tags,
    isFree: row.price_cents === 0 ? "on" : "",
    price: row.price_cents === 0 ? "" : String(Math.trunc(row.price_cents / 100)),
    currency: row.currency,
    paymentMethods: row.allowed_payment_methods,
    location: row.location ?? "",
    imageUrl: row.image_url ?? "",
  };
}

const occurrencesOf = (sessions: Awaited<ReturnType<typeof repo.listSeriesSessions>>): Occurrence[] =>
  sessions.map((s) => ({ id: s.id, startsAt: new Date(s.starts_at), isModified: s.is_modified, booked: Number(s.booked), status: s.status }));

/** What saving `row` would do to the series' sessions right now (also what the overlap check looks at). */
export async function planEdit(deps: Reader, seriesId: string, row: repo.SeriesRow) {
  const sessions = occurrencesOf(await repo.listSeriesSessions(deps.db, seriesId));
  return planSeriesEdit({ schedule: scheduleOf(row), sessions, now: deps.now, ahead: row.autoGenerateAhead });
}

async function applyEdit(trx: Database, deps: Pick<Deps, "now">, seriesId: string, row: repo.SeriesRow) {
  const locked = await repo.lockSeries(trx, seriesId);
  if (!locked) return false;
  await repo.updateSeries(trx, seriesId, row, deps.now);
  const imageUrl = row.imageUrl === undefined ? locked.image_url : row.imageUrl;
  // Planned inside the lock, from what the sessions are now.
  const plan = await planEdit({ db: trx, now: deps.now }, seriesId, row);
  await repo.deleteOccurrences(trx, seriesId, plan.remove);
  for (const u of plan.update) await repo.updateOccurrence(trx, seriesId, u.id, occurrenceFields(row, imageUrl, u.startsAt), deps.now);
  for (const startsAt of plan.insert) await insertSession(trx, newOccurrence(seriesId, row, imageUrl, startsAt), deps.now);
  return true;
}

export type EditResult = { ok: true } | { ok: false; status: 403 | 404 };

/**
 * Saves a series and carries the change to its sessions that still follow it (upcoming,
 * unmodified, unbooked); booked or separately edited sessions keep what they have.
 */
export async function updateSeries(deps: Deps, editor: Requester, id: string, input: SeriesFormInput): Promise<EditResult> {
  const access = await seriesForEditor(deps, id, editor);
  if (!access.ok) return access;
  const row = seriesRowFromForm(access.row.dm_id, access.row.time_zone, input);
  return (await deps.db.transaction().execute((trx) => applyEdit(trx, deps, id, row))) ? { ok: true } : { ok: false, status: 404 };
}

/** POST /api/session-series: the first date must not be in the past in the series' zone. */
export async function createSeriesFromApi(deps: Deps, host: Requester, input: ApiSeriesInput) {
  const row = seriesRowFromApi(host.id, host.timeZone, input);
  const today = DateTime.fromJSDate(deps.now, { zone: row.timeZone }).toISODate() ?? "";
  if (row.startDate < today) return { ok: false as const, error: "startDate must be today or later" };
  if (row.endDate && row.endDate < row.startDate) return { ok: false as const, error: "endDate cannot be before startDate" };
  return { ok: true as const, ...(await insertSeriesWithSessions(deps, row)) };
}

/** PATCH /api/session-series/{id}: same payload, host or admin only; the first date may stay as it was. */
export async function updateSeriesFromApi(deps: Deps, editor: Requester, id: string, input: ApiSeriesInput) {
  const access = await seriesForEditor(deps, id, editor);
  if (!access.ok) return access;
  const row = seriesRowFromApi(access.row.dm_id, access.row.time_zone, input);
  const today = DateTime.fromJSDate(deps.now, { zone: row.timeZone }).toISODate() ?? "";
  if (row.startDate < today && row.startDate !== access.row.start_iso) return { ok: false as const, status: 400 as const, error: "startDate must be today or later" };
  if (row.endDate && row.endDate < row.startDate) return { ok: false as const, status: 400 as const, error: "endDate cannot be before startDate" };
  await deps.db.transaction().execute((trx) => applyEdit(trx, deps, id, row));
  return { ok: true as const };
}

/** The series as stored, in the shape the form and API rows use, for occurrences added by hand. */
function rowOf(r: SeriesRecord): repo.SeriesRow {
  return {
    dmId: r.dm_id,
    title: r.title,
    description: r.description,
    sessionInstructions: r.session_instructions,
    game: r.game,
    genre: r.genre,
    experienceLevel: r.experience_level,
    frequency: r.frequency,
    timeZone: r.time_zone,
    dayOfWeek: r.day_of_week,
    dayOfMonth: r.day_of_month,
    timeOfDay: r.time_hhmm,
    durationMinutes: r.duration_minutes,
    startDate: r.start_iso,
    endDate: r.end_iso,
    isOngoing: r.is_ongoing,
    maxParticipants: r.max_participants,
    minParticipants: r.min_participants,
    priceCents: r.price_cents,
    currency: r.currency,
    allowedPaymentMethods: r.allowed_payment_methods,
    autoGenerateAhead: r.auto_generate_ahead,
    bookingLockHours: r.booking_lock_hours,
    preSessionCheckHours: r.pre_session_check_hours,
    tags: r.tags,
    location: r.location,
    imageUrl: r.image_url,
  };
}

export type AddResult = { ok: true; created: number } | { ok: false; status: 403 | 404 } | { ok: false; status: 400; error: string };

async function insertHandSessions(deps: Deps, series: SeriesRecord, dates: Date[]): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockSeries(trx, series.id))) return 0;
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
  if (access.row.frequency !== "IRREGULAR") return { ok: false, status: 400, error: "onlyIrregular" };
  const startsAt = localToInstant(input.date, input.time, access.row.time_zone);
  if (!startsAt) return { ok: false, status: 400, error: "dateRequired" };
  if (startsAt.getTime() <= deps.now.getTime()) return { ok: false, status: 400, error: "datePast" };
  const created = await insertHandSessions(deps, access.row, [startsAt]);
  return created ? { ok: true, created } : { ok: false, status: 400, error: "sessionExists" };
}

/** 'Generate next sessions': `count` more, `daysBetween` days apart, after the series' last session. */
export async function generateSeriesSessions(deps: Deps, actor: Requester, id: string, input: { count: number; daysBetween: number }): Promise<AddResult> {
  const access = await seriesForEditor(deps, id, actor);
  if (!access.ok) return access;
  const series = access.row;
  if (series.frequency !== "IRREGULAR") return { ok: false, status: 400, error: "onlyIrregular" };
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
  return created ? { ok: true, created } : { ok: false, status: 400, error: "nothingGenerated" };
}
