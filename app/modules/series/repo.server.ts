import { sql } from "kysely";
import type { SessionCanceller } from "#app/modules/bookings/rules";
import { anyBookingExists, keptSeatExists, type SessionRow, sharedColumns, type SharedRowFields } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";

/**
 * A series as it is stored: what it shares with a session (SharedRowFields, safety tools left out
 * on an update keeping the stored ones) and when it is played.
 */
export type SeriesRow = SharedRowFields & {
  dmId: string;
  frequency: string;
  timeZone: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  timeOfDay: string;
  startDate: string;
  endDate: string | null;
  isOngoing: boolean;
  autoGenerateAhead: number;
  bookingLockHours: number;
  /** Left out (undefined) on an update, the stored image stays. */
  imageUrl?: string | null;
};

/** The columns a series' owner sets, on create and on edit: all but the host and the zone, which an edit never changes. */
const editableColumns = (s: SeriesRow) => ({
  ...sharedColumns(s),
  frequency: s.frequency,
  day_of_week: s.dayOfWeek,
  day_of_month: s.dayOfMonth,
  time_of_day: s.timeOfDay,
  start_date: s.startDate,
  end_date: s.endDate,
  is_ongoing: s.isOngoing,
  auto_generate_ahead: s.autoGenerateAhead,
  booking_lock_hours: s.bookingLockHours,
});

export async function insertSeries(db: Database, s: SeriesRow, now: Date) {
  const row = await db
    .insertInto("series")
    .values({ ...editableColumns(s), dm_id: s.dmId, time_zone: s.timeZone, image_url: s.imageUrl ?? null, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSeries(db: Database, id: string) {
  return db
    .selectFrom("series as se")
    .innerJoin("users as u", "u.id", "se.dm_id")
    .leftJoin("profiles as p", "p.user_id", "se.dm_id")
    .selectAll("se")
    .select([
      sql<string>`to_char(se.time_of_day, 'HH24:MI')`.as("time_hhmm"),
      sql<string>`to_char(se.start_date, 'YYYY-MM-DD')`.as("start_iso"),
      sql<string | null>`to_char(se.end_date, 'YYYY-MM-DD')`.as("end_iso"),
      "u.display_name as dm_display_name",
      "u.email as dm_email",
      "p.bio as dm_bio",
      "p.avatar_url as dm_avatar_url",
      "p.description as dm_description",
    ])
    .where("se.id", "=", id)
    .executeTakeFirst();
}

export function listSeriesSessions(db: Database, seriesId: string) {
  return db
    .selectFrom("sessions as s")
    .select([
      "s.id",
      "s.title",
      "s.starts_at",
      "s.is_modified",
      "s.status",
      "s.max_participants",
      "s.price_cents",
      "s.booked_count as booked",
      "s.is_private",
      "s.dm_id",
    ])
    .where("s.series_id", "=", seriesId)
    .orderBy("s.starts_at")
    .execute();
}

/** An edit: the image stays when the row leaves it out (undefined). */
export async function updateSeries(db: Database, id: string, s: SeriesRow, now: Date) {
  await db
    .updateTable("series")
    .set({ ...editableColumns(s), ...(s.imageUrl !== undefined ? { image_url: s.imageUrl } : {}), updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** Holds the series row until the transaction ends, so two edits of one series run one after the other. */
export async function lockSeries(db: Database, id: string) {
  return db.selectFrom("series").select(["id", "image_url", "status"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

/**
 * A session that still follows its series: unmodified, upcoming, and without a seat a player holds
 * as it stands (read from the bookings table). Subscribers' untouched seats follow with it.
 */
const stillFollows = sql<boolean>`not s.is_modified and s.status = 'UPCOMING' and not ${keptSeatExists()}`;

/** A series' sessions as the edit planner sees them, with what an edit may change under their seats. */
export function listOccurrences(db: Database, seriesId: string) {
  return db
    .selectFrom("sessions as s")
    .select([
      "s.id",
      "s.starts_at",
      "s.is_modified",
      "s.status",
      "s.booked_count",
      "s.max_participants",
      "s.price_cents",
      "s.currency",
      "s.duration_minutes",
      "s.location",
      keptSeatExists().as("kept"),
    ])
    .where("s.series_id", "=", seriesId)
    .orderBy("s.starts_at")
    .execute();
}

/** What every session of a series takes from it (the rest of a session row is its own). */
export type OccurrenceFields = SharedRowFields & Pick<SessionRow, "startsAt" | "imageUrl">;

/**
 * Copies the series' details onto one of its sessions, only while it still follows the series
 * (a booking made a moment ago keeps it as it was) and its subscribers' seats fit the new capacity.
 * is_modified stays false: the series changed it. Returns 1 when the session was changed, 0 otherwise.
 */
export async function updateOccurrence(db: Database, seriesId: string, id: string, f: OccurrenceFields, now: Date) {
  const result = await db
    .updateTable("sessions as s")
    .set({
      ...sharedColumns(f),
      starts_at: f.startsAt,
      image_url: f.imageUrl,
      updated_at: now,
    })
    .where("s.id", "=", id)
    .where("s.series_id", "=", seriesId)
    .where(stillFollows)
    .where("s.booked_count", "<=", f.maxParticipants)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Removes sessions the new schedule no longer has, under the same condition. One that ever had a
 * booking (now cancelled or expired, or a subscriber's untouched seat) is cancelled instead: booking
 * records are kept and their session with them (docs/decisions/014-bookings-are-kept.md). Returns
 * how many went, and the ids of those cancelled `by` the editor (whose seats and line the caller ends).
 */
export async function deleteOccurrences(db: Database, seriesId: string, ids: string[], by: SessionCanceller, now: Date) {
  if (ids.length === 0) return { removed: 0, cancelled: [] as string[] };
  const deleted = await db
    .deleteFrom("sessions as s")
    .where("s.id", "in", ids)
    .where("s.series_id", "=", seriesId)
    .where(stillFollows)
    .where(sql<boolean>`not ${anyBookingExists()}`)
    .executeTakeFirst();
  const cancelled = await db
    .updateTable("sessions as s")
    .set({ status: "CANCELLED", updated_at: now, cancelled_at: now, cancelled_by: by })
    .where("s.id", "in", ids)
    .where("s.series_id", "=", seriesId)
    .where(stillFollows)
    .returning("s.id")
    .execute();
  return { removed: Number(deleted.numDeletedRows) + cancelled.length, cancelled: cancelled.map((r) => r.id) };
}

/** Series that make their own sessions: active, on a schedule (IRREGULAR ones are added to by hand). */
export async function scheduledSeriesIds(db: Database) {
  const rows = await db.selectFrom("series").select("id").where("status", "=", "ACTIVE").where("frequency", "!=", "IRREGULAR").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Start times already taken in a series (the unique index allows one session per instant). */
export async function seriesStarts(db: Database, seriesId: string) {
  const rows = await db.selectFrom("sessions").select("starts_at").where("series_id", "=", seriesId).orderBy("starts_at").execute();
  return rows.map((r) => new Date(r.starts_at));
}

/**
 * A host's sessions that start in [from, to) and are not cancelled, for the overlap warning,
 * leaving out those being edited.
 */
export function hostSessionsBetween(db: Database, dmId: string, from: Date, to: Date, exclude: string[]) {
  return db
    .selectFrom("sessions as s")
    .select(["s.id", "s.title", "s.starts_at", "s.duration_minutes", "s.time_zone"])
    .where("s.dm_id", "=", dmId)
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", to)
    .where("s.status", "!=", "CANCELLED")
    .$if(exclude.length > 0, (qb) => qb.where("s.id", "not in", exclude))
    .orderBy("s.starts_at")
    .limit(50)
    .execute();
}
