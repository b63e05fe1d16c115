import { DateTime } from "luxon";
import { isUuid } from "#app/lib/ids";
import type { Requester } from "#app/modules/auth/session.server";
import { storedTagNames } from "#app/modules/catalog/tags";
import { localToInstant } from "#app/modules/dates/local-time";
import type { Deps } from "#app/modules/deps.server";
import { acceptedMethods, PRICING_DEFAULTS } from "#app/modules/pricing/rules";
import { normaliseTools } from "#app/modules/safety/rules";
import type { Database } from "#db/client.server";
import type { ApiSessionInput } from "./api-schema";
import { dateRange } from "./date-range.server";
import { hostMayCharge, PAYOUT_ACCOUNT_NEEDED_API } from "./paid-hosting.server";
import * as repo from "./repo.server";
import type { SessionFormInput } from "./schema";
import { COUNT_AHEAD, experienceFilter, foldSearchTerm, PAGE_SIZE, type SearchParams, tagIdsOf } from "./search";
import * as search from "./search-repo.server";
import { gameDescription, sharedFormValues, sharedRowFromForm } from "./shared-fields";

export type Reader = Pick<Deps, "db" | "now">;

/** A session form's values as a row, the start read in `timeZone`; null when the date or time is malformed. */
export function formRow(host: Requester, input: SessionFormInput, timeZone: string, seriesId: string | null = null): repo.SessionRow | null {
  const startsAt = localToInstant(input.date, input.time, timeZone);
  if (!startsAt) return null;
  return { ...sharedRowFromForm(input), dmId: host.id, seriesId, startsAt, timeZone, durationMinutes: input.duration, isPrivate: input.isPrivate };
}

/** Creates a session hosted by `host` in the host's time zone. */
export async function createSession(deps: Deps, host: Requester, input: SessionFormInput) {
  const row = formRow(host, input, host.timeZone);
  if (!row) return { ok: false as const, error: "dateRequired" };
  return { ok: true as const, id: await repo.insertSession(deps.db, row, deps.now) };
}

/** What someone's request settles of a session its host agreed to run (an accepted inquiry). */
export type RequestedSession = Pick<
  repo.SessionRow,
  "title" | "description" | "startsAt" | "durationMinutes" | "maxParticipants" | "minParticipants" | "priceCents" | "currency" | "isPrivate"
>;

/**
 * Creates the session a host agreed to run for someone who asked: what the request settles, in the
 * host's zone, over a new session's defaults (a game of "Other", the house's payment settings for
 * its price, the check `preSessionCheckHours` before), in the caller's transaction.
 */
export function createRequestedSession(db: Database, host: Pick<Requester, "id" | "timeZone">, request: RequestedSession, now: Date) {
  const defaults = newSessionDefaults(host.timeZone, now);
  return repo.insertSession(
    db,
    {
      ...request,
      ...gameDescription({ title: request.title, description: request.description, sessionInstructions: "", game: "Other" }),
      dmId: host.id,
      seriesId: null,
      timeZone: host.timeZone,
      allowedPaymentMethods: acceptedMethods(request.priceCents, PRICING_DEFAULTS.paymentMethods),
      minAdvanceBookingHours: PRICING_DEFAULTS.minAdvanceBookingHours,
      voucherPaymentDays: PRICING_DEFAULTS.voucherPaymentDays,
      preSessionCheckHours: Number(defaults.preSessionCheckHours),
      tags: [],
      imageUrl: null,
      location: null,
    },
    now,
  );
}

/** The search page and GET /api/session/search. `timeZone` is the viewer's, for date filters. */
export async function searchSessions(deps: Reader, params: SearchParams, viewer: Requester | null, opts: { timeZone: string; dmId?: string | null }) {
  const { from, to } = dateRange(params.dateFrom, params.dateTo, opts.timeZone);
  const filters: search.SearchFilters = {
    term: foldSearchTerm(params.searchTerm),
    game: params.game,
    genre: params.genre,
    experienceLevel: experienceFilter(params.experienceLevel),
    from,
    to,
    tagIds: tagIdsOf(params.tags),
    safetyTools: params.safetyTools,
    type: params.type,
    minSpots: params.minSpots,
    fewSpots: params.fewSpots,
    includePast: params.includePast,
    priceMin: params.priceMin,
    priceMax: params.priceMax,
    currency: params.currency,
    freeOnly: params.freeOnly,
    dmId: opts.dmId ?? null,
    viewerId: viewer?.id ?? null,
    groupBySeries: params.groupBySeries,
  };
  const offset = (params.page - 1) * PAGE_SIZE;
  const { rows, total, more } = await search.searchSessionRows(deps.db, filters, deps.now, PAGE_SIZE, offset, offset + COUNT_AHEAD);
  return { rows, total, more, page: params.page, pageSize: PAGE_SIZE, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Spec section 9 defaults for a new session; the time picker starts at 19:00. */
export function newSessionDefaults(timeZone: string, now: Date) {
  return {
    date: DateTime.fromJSDate(now, { zone: timeZone }).plus({ days: 1 }).toISODate() ?? "",
    time: "19:00",
    duration: "120",
    maxParticipants: "5",
    minParticipants: "3",
    preSessionCheckHours: "24",
    currency: PRICING_DEFAULTS.currency,
    paymentMethods: [...PRICING_DEFAULTS.paymentMethods],
    minAdvanceBookingHours: String(PRICING_DEFAULTS.minAdvanceBookingHours),
    voucherPaymentDays: String(PRICING_DEFAULTS.voucherPaymentDays),
  };
}

/** An existing session as form values, in the zone it was planned in. */
export function sessionFormValues(row: repo.SessionDetailRow) {
  const local = DateTime.fromJSDate(new Date(row.starts_at), { zone: row.time_zone });
  const preset = [60, 120, 180, 240].includes(row.duration_minutes);
  return {
    ...sharedFormValues(row),
    date: local.toISODate() ?? "",
    time: local.toFormat("HH:mm"),
    duration: preset ? String(row.duration_minutes) : "custom",
    durationCustom: preset ? "" : String(row.duration_minutes),
    isPrivate: row.is_private ? "on" : "",
  };
}

/** An API session body as a row. */
export function apiRow(host: Requester, input: ApiSessionInput, timeZone: string, seriesId: string | null): repo.SessionRow {
  return {
    ...gameDescription(input),
    dmId: host.id,
    seriesId,
    startsAt: new Date(input.date),
    timeZone,
    durationMinutes: input.duration,
    maxParticipants: input.maxParticipants,
    minParticipants: input.minParticipants,
    priceCents: input.price,
    currency: input.currency,
    allowedPaymentMethods: acceptedMethods(input.price, input.allowedPaymentMethods),
    minAdvanceBookingHours: input.minAdvanceBookingHours,
    voucherPaymentDays: input.voucherPaymentDays,
    preSessionCheckHours: input.preSessionCheckHours,
    tags: storedTagNames(input.tags),
    ...(input.safetyTools ? { safetyTools: normaliseTools(input.safetyTools) } : {}),
    imageUrl: input.imageUrl ?? null,
    location: input.location ?? null,
    isPrivate: input.isPrivate,
  };
}

/** POST /api/session: the date must not be in the past. */
export async function createSessionFromApi(deps: Deps, host: Requester, input: ApiSessionInput) {
  if (new Date(input.date) < deps.now) return { ok: false as const, refusal: "invalid" as const, error: "date must be in the future" };
  const row = apiRow(host, input, host.timeZone, null);
  if (!(await hostMayCharge(deps.db, host.id, row.priceCents))) return { ok: false as const, refusal: "conflict" as const, error: PAYOUT_ACCOUNT_NEEDED_API };
  return { ok: true as const, id: await repo.insertSession(deps.db, row, deps.now) };
}

export const userSessions = (deps: Reader, userId: string, opts: { past: boolean; joinedOnly: boolean }) =>
  isUuid(userId) ? search.listUserSessions(deps.db, userId, deps.now, { ...opts, limit: 100 }) : Promise.resolve([]);

/** Spec, profile screens: the past list shows 9 sessions a page. */
export const PROFILE_PAGE_SIZE = 9;

/** One page of the sessions a user hosts or booked, upcoming or past, for their own profile. */
export async function userSessionPage(deps: Reader, userId: string, opts: { past: boolean; page: string | null }) {
  const list = { past: opts.past, joinedOnly: false };
  const total = await search.countUserSessions(deps.db, userId, deps.now, list);
  const pages = Math.max(1, Math.ceil(total / PROFILE_PAGE_SIZE));
  const asked = Number.parseInt(opts.page ?? "1", 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(1, asked), pages) : 1;
  const rows = await search.listUserSessions(deps.db, userId, deps.now, { ...list, limit: PROFILE_PAGE_SIZE, offset: (page - 1) * PROFILE_PAGE_SIZE });
  return { rows, total, page, pages, pageSize: PROFILE_PAGE_SIZE };
}

/** Calendar events between two local dates (inclusive) in the viewer's zone, grouped by local date. */
export async function calendarEvents(deps: Reader, viewer: Requester, firstDay: string, lastDay: string) {
  const from = DateTime.fromISO(firstDay, { zone: viewer.timeZone }).startOf("day");
  const to = DateTime.fromISO(lastDay, { zone: viewer.timeZone }).plus({ days: 1 }).startOf("day");
  const rows = await repo.calendarRows(deps.db, viewer.id, from.toJSDate(), to.toJSDate());
  const byDay: Record<string, { id: string; title: string; time: string; isSeries: boolean }[]> = {};
  for (const row of rows) {
    const local = DateTime.fromJSDate(new Date(row.starts_at), { zone: viewer.timeZone });
    const key = local.toISODate() ?? "";
    (byDay[key] ??= []).push({ id: row.id, title: row.title, time: local.toFormat("HH:mm"), isSeries: row.series_id !== null });
  }
  return byDay;
}

/**
 * Per local day between two dates (inclusive), how many public sessions the viewer neither hosts
 * nor booked are still ahead: the calendar links each count to the search for that day.
 */
export async function calendarOpenCounts(deps: Reader, viewer: Requester, firstDay: string, lastDay: string): Promise<Record<string, number>> {
  const from = DateTime.fromISO(firstDay, { zone: viewer.timeZone }).startOf("day").toJSDate();
  const to = DateTime.fromISO(lastDay, { zone: viewer.timeZone }).plus({ days: 1 }).startOf("day").toJSDate();
  const start = from > deps.now ? from : deps.now;
  if (start >= to) return {};
  const rows = await repo.openCountsByDay(deps.db, viewer.id, start, to, viewer.timeZone);
  return Object.fromEntries(rows.map((r) => [r.day, r.n]));
}
