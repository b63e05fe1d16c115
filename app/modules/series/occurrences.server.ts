// The sessions a series makes: what each takes from its series.
import type { SessionRow } from "#app/modules/sessions/index.server";
import type * as repo from "./repo.server";

/** What every session of a series takes from it. */
export function occurrenceFields(row: repo.SeriesRow, imageUrl: string | null, startsAt: Date): repo.OccurrenceFields {
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
    minAdvanceBookingHours: row.minAdvanceBookingHours,
    voucherPaymentDays: row.voucherPaymentDays,
    preSessionCheckHours: row.preSessionCheckHours,
    tags: row.tags,
    safetyTools: row.safetyTools,
    imageUrl,
    location: row.location,
  };
}

export function newOccurrence(seriesId: string, row: repo.SeriesRow, imageUrl: string | null, startsAt: Date): SessionRow {
  return {
    ...occurrenceFields(row, imageUrl, startsAt),
    dmId: row.dmId,
    seriesId,
    timeZone: row.timeZone,
    isPrivate: false,
  };
}
