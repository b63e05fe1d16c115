import { sql } from "kysely";
import type { Database } from "#db/client.server";

export type SeriesRow = {
  dmId: string;
  title: string;
  description: string;
  sessionInstructions: string;
  game: string;
  genre: string | null;
  experienceLevel: string | null;
  frequency: string;
  timeZone: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  timeOfDay: string;
  durationMinutes: number;
  startDate: string;
  endDate: string | null;
  isOngoing: boolean;
  maxParticipants: number;
  minParticipants: number;
  priceCents: number;
  currency: string;
  allowedPaymentMethods: string[];
  autoGenerateAhead: number;
  bookingLockHours: number;
  preSessionCheckHours: number;
  tags: string[];
  location: string | null;
};

export async function insertSeries(db: Database, s: SeriesRow, now: Date) {
  const row = await db
    .insertInto("series")
    .values({
      dm_id: s.dmId,
      title: s.title,
      description: s.description,
      session_instructions: s.sessionInstructions,
      game: s.game,
      genre: s.genre,
      experience_level: s.experienceLevel,
      frequency: s.frequency,
      time_zone: s.timeZone,
      day_of_week: s.dayOfWeek,
      day_of_month: s.dayOfMonth,
      time_of_day: s.timeOfDay,
      duration_minutes: s.durationMinutes,
      start_date: s.startDate,
      end_date: s.endDate,
      is_ongoing: s.isOngoing,
      max_participants: s.maxParticipants,
      min_participants: s.minParticipants,
      price_cents: s.priceCents,
      currency: s.currency,
      allowed_payment_methods: s.allowedPaymentMethods,
      auto_generate_ahead: s.autoGenerateAhead,
      booking_lock_hours: s.bookingLockHours,
      pre_session_check_hours: s.preSessionCheckHours,
      tags: s.tags,
      location: s.location,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSeries(db: Database, id: string) {
  return db
    .selectFrom("series as se")
    .innerJoin("users as u", "u.id", "se.dm_id")
    .selectAll("se")
    .select([sql<string>`to_char(se.time_of_day, 'HH24:MI')`.as("time_hhmm"), sql<string>`to_char(se.start_date, 'YYYY-MM-DD')`.as("start_iso"), "u.display_name as dm_display_name", "u.email as dm_email"])
    .where("se.id", "=", id)
    .executeTakeFirst();
}

export function listSeriesSessions(db: Database, seriesId: string) {
  return db
    .selectFrom("sessions as s")
    .select((eb) => [
      "s.id",
      "s.title",
      "s.starts_at",
      "s.is_modified",
      "s.status",
      "s.max_participants",
      "s.price_cents",
      sql<number>`(select count(*)::int from bookings b where b.session_id = ${eb.ref("s.id")} and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.as("booked"),
    ])
    .where("s.series_id", "=", seriesId)
    .orderBy("s.starts_at")
    .execute();
}
