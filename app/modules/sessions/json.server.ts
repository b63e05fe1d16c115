import { resolveTag } from "#app/modules/catalog/tags";
import { displayNameOf } from "#app/modules/users/rules";
import type { SearchRow } from "./search-repo.server";

/** A session in the JSON API's shape (spec section 3, Session): prices in cents, tags as {id, name}. */
export function sessionJson(row: SearchRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: new Date(row.starts_at).toISOString(),
    timeZone: row.time_zone,
    duration: row.duration_minutes,
    game: row.game,
    genre: row.genre,
    experienceLevel: row.experience_level,
    maxParticipants: row.max_participants,
    minParticipants: row.min_participants,
    minPlayers: row.min_participants,
    preSessionCheckHours: row.pre_session_check_hours,
    tags: row.tags.map((name) => {
      const tag = resolveTag(name);
      return { id: tag.id, name: tag.predefined?.label ?? tag.name };
    }),
    safetyTools: row.safety_tools,
    price: row.price_cents,
    currency: row.currency,
    status: row.status,
    is_private: row.is_private,
    isPrivate: row.is_private,
    allowedPaymentMethods: row.allowed_payment_methods,
    minAdvanceBookingHours: row.min_advance_booking_hours,
    voucherPaymentDays: row.voucher_payment_days,
    imageUrl: row.image_url,
    location: row.location,
    seriesId: row.series_id,
    isModified: row.is_modified,
    type: row.series_id ? "series" : "standalone",
    bookedCount: row.booked,
    joined: row.joined,
    userId: row.dm_id,
    dm: { userId: row.dm_id, displayName: displayNameOf({ displayName: row.dm_display_name }) },
  };
}

/** Grouped search answer: one entry per series (its next matching session) plus single sessions. */
export function groupedJson(rows: SearchRow[]) {
  const series = rows
    .filter((r) => r.series_id)
    .map((r) => ({
      id: r.series_id!,
      title: r.series_title,
      frequency: r.series_frequency,
      dayOfWeek: r.series_day_of_week,
      timezone: r.series_time_zone,
      nextSession: { id: r.id, date: new Date(r.starts_at).toISOString(), price: r.price_cents },
      session: sessionJson(r),
    }));
  return { grouped: true as const, series, individualSessions: rows.filter((r) => !r.series_id).map(sessionJson) };
}
