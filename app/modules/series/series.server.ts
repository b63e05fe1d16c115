import type { Requester } from "#app/modules/auth/session.server";
import { resolveTag } from "#app/modules/catalog/tags";
import type { Deps } from "#app/modules/deps.server";
import { insertSession } from "#app/modules/sessions/repo.server";
import * as repo from "./repo.server";
import { type Frequency,nextOccurrences } from "./rules";
import type { SeriesFormInput } from "./schema";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Creates a series in the host's time zone and its first `autoGenerateAhead` sessions, all in one
 * transaction: each occurrence keeps the series' local time whatever the UTC offset that day.
 */
export async function createSeries(deps: Deps, host: Requester, input: SeriesFormInput) {
  const tags = Array.from(new Set(input.tags.map((n) => resolveTag(n)).map((t) => (t.predefined ? t.id : t.name))));
  const row: repo.SeriesRow = {
    dmId: host.id,
    title: input.title,
    description: input.description,
    sessionInstructions: input.sessionInstructions,
    game: input.game,
    genre: input.genre ?? null,
    experienceLevel: input.experienceLevel ?? null,
    frequency: input.frequency,
    timeZone: host.timeZone,
    dayOfWeek: input.frequency === "MONTHLY" ? null : input.dayOfWeek,
    dayOfMonth: input.frequency === "MONTHLY" ? (input.dayOfMonth ?? Number(input.startDate.slice(8))) : null,
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
    tags,
    location: input.location || null,
  };
  const occurrences = nextOccurrences(
    { frequency: row.frequency as Frequency, timeZone: row.timeZone, startDate: row.startDate, endDate: row.endDate, timeOfDay: row.timeOfDay, dayOfWeek: row.dayOfWeek, dayOfMonth: row.dayOfMonth },
    deps.now,
    row.autoGenerateAhead,
  );
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertSeries(trx, row, deps.now);
    for (const startsAt of occurrences) {
      await insertSession(trx, {
        dmId: host.id, seriesId: id, title: row.title, description: row.description.slice(0, 1000), sessionInstructions: row.sessionInstructions,
        game: row.game, genre: row.genre, experienceLevel: row.experienceLevel, startsAt, timeZone: row.timeZone, durationMinutes: row.durationMinutes,
        maxParticipants: row.maxParticipants, minParticipants: row.minParticipants, priceCents: row.priceCents, currency: row.currency,
        allowedPaymentMethods: row.allowedPaymentMethods, minAdvanceBookingHours: 120, voucherPaymentDays: 3, preSessionCheckHours: row.preSessionCheckHours,
        tags: row.tags, imageUrl: null, location: row.location, isPrivate: false,
      }, deps.now);
    }
    return { id, sessions: occurrences.length };
  });
}

/** A series for its detail page: upcoming and past sessions split at `now`. */
export async function getSeries(deps: Pick<Deps, "db" | "now">, id: string) {
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
