import { DateTime } from "luxon";
import { storedTagNames } from "#app/modules/catalog/tags";
import { acceptedMethods } from "#app/modules/pricing/rules";
import { normaliseTools } from "#app/modules/safety/rules";
import { gameDescription, sharedFormValues, sharedRowFromForm } from "#app/modules/sessions/shared-fields";
import type { ApiSeriesInput } from "./api-schema";
import type { findSeries, SeriesRow } from "./repo.server";
import type { Frequency, Schedule } from "./rules";
import type { SeriesFormInput } from "./schema";

/** A series as read for its pages and edits. */
export type SeriesRecord = NonNullable<Awaited<ReturnType<typeof findSeries>>>;

/** The series form's values as a row, planned in `timeZone` (the host's when created, the series' own after). */
export function seriesRowFromForm(dmId: string, timeZone: string, input: SeriesFormInput): SeriesRow {
  const monthly = input.frequency === "MONTHLY";
  return {
    ...sharedRowFromForm(input),
    dmId,
    frequency: input.frequency,
    timeZone,
    dayOfWeek: monthly ? null : input.dayOfWeek,
    dayOfMonth: monthly ? (input.dayOfMonth ?? Number(input.startDate.slice(8))) : null,
    timeOfDay: input.timeOfDay,
    durationMinutes: input.duration,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    isOngoing: input.isOngoing,
    autoGenerateAhead: input.autoGenerateAhead,
    bookingLockHours: input.bookingLockHours,
  };
}

/** A date or date-time from the API as a local date (and time) in the series' zone. */
function localParts(value: string, timeZone: string) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value, time: null };
  const local = DateTime.fromISO(value, { setZone: true }).setZone(timeZone);
  return { date: local.toISODate() ?? value.slice(0, 10), time: local.toFormat("HH:mm") };
}

/** The API payload as a row; the zone is the payload's, else the host's (create) or the series' (update). */
export function seriesRowFromApi(dmId: string, timeZone: string, input: ApiSeriesInput): SeriesRow {
  const zone = input.timezone ?? timeZone;
  const start = localParts(input.startDate, zone);
  const startDay = DateTime.fromISO(start.date, { zone });
  const weekly = input.frequency === "WEEKLY" || input.frequency === "BIWEEKLY";
  return {
    ...gameDescription(input),
    dmId,
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
    allowedPaymentMethods: acceptedMethods(input.priceCents, input.allowedPaymentMethods),
    minAdvanceBookingHours: input.minAdvanceBookingHours,
    voucherPaymentDays: input.voucherPaymentDays,
    autoGenerateAhead: input.autoGenerateAhead,
    bookingLockHours: input.bookingLockHours,
    preSessionCheckHours: input.preSessionCheckHours,
    tags: storedTagNames(input.tags),
    ...(input.safetyTools ? { safetyTools: normaliseTools(input.safetyTools) } : {}),
    location: input.location || null,
    imageUrl: input.imageUrl === undefined ? undefined : input.imageUrl,
  };
}

export const scheduleOf = (row: SeriesRow): Schedule => ({
  frequency: row.frequency as Frequency,
  timeZone: row.timeZone,
  startDate: row.startDate,
  endDate: row.endDate,
  timeOfDay: row.timeOfDay,
  dayOfWeek: row.dayOfWeek,
  dayOfMonth: row.dayOfMonth,
});

/** An existing series as form values, with its dates in its own zone. */
export function seriesFormValues(row: SeriesRecord) {
  return {
    ...sharedFormValues(row),
    frequency: row.frequency,
    dayOfWeek: row.day_of_week === null ? "1" : String(row.day_of_week),
    dayOfMonth: row.day_of_month === null ? "" : String(row.day_of_month),
    timeOfDay: row.time_hhmm,
    startDate: row.start_iso,
    isOngoing: row.is_ongoing ? "on" : "",
    endDate: row.end_iso ?? "",
    duration: String(row.duration_minutes),
    autoGenerateAhead: String(row.auto_generate_ahead),
    bookingLockHours: String(row.booking_lock_hours),
  };
}

/** The series as stored, in the shape the form and API rows use, for occurrences added by hand. */
export function rowOf(r: SeriesRecord): SeriesRow {
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
    minAdvanceBookingHours: r.min_advance_booking_hours,
    voucherPaymentDays: r.voucher_payment_days,
    autoGenerateAhead: r.auto_generate_ahead,
    bookingLockHours: r.booking_lock_hours,
    preSessionCheckHours: r.pre_session_check_hours,
    tags: r.tags,
    safetyTools: r.safety_tools,
    location: r.location,
    imageUrl: r.image_url,
  };
}
