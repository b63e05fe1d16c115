import { type Expression, sql, type SqlBool } from "kysely";
import type { Database } from "#db/client.server";

export type SessionRow = {
  dmId: string;
  seriesId: string | null;
  title: string;
  description: string;
  sessionInstructions: string;
  game: string;
  genre: string | null;
  experienceLevel: string | null;
  startsAt: Date;
  timeZone: string;
  durationMinutes: number;
  maxParticipants: number;
  minParticipants: number;
  priceCents: number;
  currency: string;
  allowedPaymentMethods: string[];
  minAdvanceBookingHours: number;
  voucherPaymentDays: number;
  preSessionCheckHours: number;
  tags: string[];
  imageUrl: string | null;
  location: string | null;
  isPrivate: boolean;
};

const toColumns = (s: SessionRow) => ({
  dm_id: s.dmId,
  series_id: s.seriesId,
  title: s.title,
  description: s.description,
  session_instructions: s.sessionInstructions,
  game: s.game,
  genre: s.genre,
  experience_level: s.experienceLevel,
  starts_at: s.startsAt,
  time_zone: s.timeZone,
  duration_minutes: s.durationMinutes,
  max_participants: s.maxParticipants,
  min_participants: s.minParticipants,
  price_cents: s.priceCents,
  currency: s.currency,
  allowed_payment_methods: s.allowedPaymentMethods,
  min_advance_booking_hours: s.minAdvanceBookingHours,
  voucher_payment_days: s.voucherPaymentDays,
  pre_session_check_hours: s.preSessionCheckHours,
  tags: s.tags,
  image_url: s.imageUrl,
  location: s.location,
  is_private: s.isPrivate,
});

export async function insertSession(db: Database, row: SessionRow, now: Date) {
  const created = await db
    .insertInto("sessions")
    .values({ ...toColumns(row), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return created.id;
}

export async function updateSessionRow(db: Database, id: string, row: SessionRow, now: Date) {
  await db
    .updateTable("sessions")
    .set({ ...toColumns(row), is_modified: sql`series_id is not null`, updated_at: now })
    .where("id", "=", id)
    .execute();
}

const activeBookings = (sessionId: Expression<string>) =>
  sql<number>`(select count(*)::int from bookings b where b.session_id = ${sessionId} and b.status in ('PENDING_PAYMENT','CONFIRMED'))`;

export function findSession(db: Database, id: string) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .innerJoin("profiles as p", "p.user_id", "s.dm_id")
    .selectAll("s")
    .select((eb) => [
      "u.display_name as dm_display_name",
      "u.email as dm_email",
      "p.avatar_url as dm_avatar_url",
      "p.bio as dm_bio",
      "p.description as dm_description",
      activeBookings(eb.ref("s.id")).as("booked"),
    ])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

export type SessionDetailRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export function listParticipants(db: Database, sessionId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "b.status", "u.display_name", "u.email"])
    .where("b.session_id", "=", sessionId)
    .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .orderBy("b.created_at")
    .execute();
}

export function listWaitlist(db: Database, sessionId: string) {
  return db
    .selectFrom("waitlist_entries as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select(["w.id", "w.user_id", "w.position", "u.display_name", "u.email"])
    .where("w.session_id", "=", sessionId)
    .orderBy("w.position")
    .execute();
}

export function findUserBooking(db: Database, sessionId: string, userId: string) {
  return db
    .selectFrom("bookings")
    .select(["id", "status"])
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .executeTakeFirst();
}

export type SearchFilters = {
  /** Accent- and case-folded, already trimmed. */
  term: string | null;
  game: string | null;
  genre: string | null;
  experienceLevel: string | null;
  from: Date | null;
  to: Date | null;
  tagIds: string[];
  type: "series" | "standalone" | null;
  minSpots: number | null;
  fewSpots: boolean;
  includePast: boolean;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  freeOnly: boolean;
  dmId: string | null;
  viewerId: string | null;
  groupBySeries: boolean;
};

/**
 * One query for a page of results and the total. With grouping, each series shows once: its
 * earliest matching session stands for it. Private sessions show only to their host.
 */
export async function searchSessionRows(db: Database, f: SearchFilters, now: Date, limit: number, offset: number) {
  const ranked = db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .select((eb) => [
      "s.id",
      sql<number>`row_number() over (partition by coalesce(s.series_id, s.id) order by s.starts_at, s.id)`.as("rank_in_group"),
      eb.ref("s.starts_at").as("sort_at"),
    ])
    .where((eb) => {
    const all: Expression<SqlBool>[] = [eb("s.status", "!=", "CANCELLED")];
    if (!f.includePast) all.push(eb("s.starts_at", ">=", now));
    if (f.term) {
      const pattern = `%${f.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      all.push(eb.or([eb("s.search_text", "like", pattern), eb(sql`immutable_unaccent(lower(u.display_name))`, "like", pattern)]));
    }
    if (f.game) all.push(eb("s.game", "=", f.game));
    if (f.genre) all.push(eb("s.genre", "=", f.genre));
    if (f.experienceLevel) all.push(eb("s.experience_level", "=", f.experienceLevel));
    if (f.from) all.push(eb("s.starts_at", ">=", f.from));
    if (f.to) all.push(eb("s.starts_at", "<", f.to));
    if (f.tagIds.length) all.push(sql<SqlBool>`s.tags @> ${sql.val(f.tagIds)}::text[]`);
    if (f.type === "series") all.push(eb("s.series_id", "is not", null));
    if (f.type === "standalone") all.push(eb("s.series_id", "is", null));
    if (f.minSpots) all.push(sql<SqlBool>`s.max_participants - ${activeBookings(eb.ref("s.id"))} >= ${f.minSpots}`);
    if (f.fewSpots) all.push(sql<SqlBool>`s.max_participants - ${activeBookings(eb.ref("s.id"))} between 1 and 3`);
    if (f.freeOnly) all.push(eb("s.price_cents", "=", 0));
    if (f.priceMin !== null) all.push(eb("s.price_cents", ">=", f.priceMin));
    if (f.priceMax !== null) all.push(eb("s.price_cents", "<=", f.priceMax));
    if (f.currency) all.push(eb("s.currency", "=", f.currency));
    if (f.dmId) all.push(eb("s.dm_id", "=", f.dmId));
    all.push(f.viewerId ? eb.or([eb("s.is_private", "=", false), eb("s.dm_id", "=", f.viewerId)]) : eb("s.is_private", "=", false));
    return eb.and(all);
      });

  const rows = await db
    .with("ranked", () => ranked)
    .selectFrom("ranked as r")
    .innerJoin("sessions as s", "s.id", "r.id")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .leftJoin("series as se", "se.id", "s.series_id")
    .selectAll("s")
    .select((eb) => [
      "u.display_name as dm_display_name",
      "se.title as series_title",
      "se.frequency as series_frequency",
      "se.day_of_week as series_day_of_week",
      "se.time_zone as series_time_zone",
      activeBookings(eb.ref("s.id")).as("booked"),
      sql<number>`count(*) over ()`.as("total"),
      f.viewerId
        ? sql<boolean>`exists (select 1 from bookings b where b.session_id = s.id and b.user_id = ${f.viewerId} and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.as("joined")
        : sql<boolean>`false`.as("joined"),
    ])
    .$if(f.groupBySeries, (qb) => qb.where("r.rank_in_group", "=", 1))
    .orderBy("r.sort_at")
    .orderBy("s.id")
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export type SearchRow = Awaited<ReturnType<typeof searchSessionRows>>["rows"][number];

/** Sessions a user hosts or has an active booking in, upcoming or past. */
export function listUserSessions(db: Database, userId: string, now: Date, opts: { past: boolean; joinedOnly: boolean; limit: number }) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .leftJoin("series as se", "se.id", "s.series_id")
    .selectAll("s")
    .select((eb) => [
      "u.display_name as dm_display_name",
      "se.title as series_title",
      "se.frequency as series_frequency",
      "se.day_of_week as series_day_of_week",
      "se.time_zone as series_time_zone",
      activeBookings(eb.ref("s.id")).as("booked"),
      sql<number>`0`.as("total"),
      sql<boolean>`exists (select 1 from bookings b where b.session_id = s.id and b.user_id = ${userId} and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.as("joined"),
    ])
    .where((eb) => {
      const booked = sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id and b.user_id = ${userId} and b.status in ('PENDING_PAYMENT','CONFIRMED'))`;
      const mine = opts.joinedOnly ? booked : eb.or([eb("s.dm_id", "=", userId), booked]);
      return eb.and([mine, opts.past ? eb("s.starts_at", "<", now) : eb("s.starts_at", ">=", now), eb("s.status", "!=", "CANCELLED")]);
    })
    .orderBy("s.starts_at", opts.past ? "desc" : "asc")
    .limit(opts.limit)
    .execute();
}

/** Cancels a user's active booking; returns how many rows changed (0 or 1). */
export async function cancelActiveBooking(db: Database, sessionId: string, userId: string, now: Date) {
  const result = await db
    .updateTable("bookings")
    .set({ status: "CANCELLED", updated_at: now })
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes a waitlist entry and closes the gap in positions behind it. */
export async function deleteWaitlistEntry(db: Database, sessionId: string, userId: string) {
  const removed = await db
    .deleteFrom("waitlist_entries")
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .returning("position")
    .executeTakeFirst();
  if (!removed) return 0;
  await db
    .updateTable("waitlist_entries")
    .set((eb) => ({ position: eb("position", "-", 1) }))
    .where("session_id", "=", sessionId)
    .where("position", ">", removed.position)
    .execute();
  return 1;
}

/** Sessions in [from, to) the viewer may see, for the calendar. */
export function calendarRows(db: Database, viewerId: string, from: Date, to: Date) {
  return db
    .selectFrom("sessions as s")
    .select(["s.id", "s.title", "s.starts_at", "s.series_id"])
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", to)
    .where("s.status", "!=", "CANCELLED")
    .where((eb) => eb.or([eb("s.is_private", "=", false), eb("s.dm_id", "=", viewerId)]))
    .orderBy("s.starts_at")
    .limit(1000)
    .execute();
}
