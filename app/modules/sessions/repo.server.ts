import { type RawBuilder, sql, type SqlBool } from "kysely";
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

export function findSession(db: Database, id: string) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .innerJoin("profiles as p", "p.user_id", "s.dm_id")
    .selectAll("s")
    .select([
      "u.display_name as dm_display_name",
      "u.email as dm_email",
      "p.avatar_url as dm_avatar_url",
      "p.bio as dm_bio",
      "p.description as dm_description",
      "s.booked_count as booked",
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

/** Escapes LIKE's wildcards so a search for "50%" means the characters. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filters as one condition on the sessions row called `a`. The grouping check applies it to
 * a row's earlier siblings too, so both must be the very same condition.
 */
function matches(f: SearchFilters, now: Date, a: "s" | "s2"): RawBuilder<SqlBool> {
  const c = (column: string) => sql.ref(`${a}.${column}`);
  const all: RawBuilder<unknown>[] = [sql`${c("status")} <> 'CANCELLED'`];
  if (!f.includePast) all.push(sql`${c("starts_at")} >= ${now}`);
  if (f.term) {
    const pattern = likePattern(f.term);
    // The DM's name as a list of ids, so the planner can OR two index scans on sessions.
    all.push(sql`(${c("search_text")} like ${pattern} or ${c("dm_id")} = any(array(select id from users where immutable_unaccent(lower(display_name)) like ${pattern})))`);
  }
  if (f.game) all.push(sql`${c("game")} = ${f.game}`);
  if (f.genre) all.push(sql`${c("genre")} = ${f.genre}`);
  if (f.experienceLevel) all.push(sql`${c("experience_level")} = ${f.experienceLevel}`);
  if (f.from) all.push(sql`${c("starts_at")} >= ${f.from}`);
  if (f.to) all.push(sql`${c("starts_at")} < ${f.to}`);
  if (f.tagIds.length) all.push(sql`${c("tags")} @> ${sql.val(f.tagIds)}::text[]`);
  if (f.type === "series") all.push(sql`${c("series_id")} is not null`);
  if (f.type === "standalone") all.push(sql`${c("series_id")} is null`);
  if (f.minSpots) all.push(sql`${c("max_participants")} - ${c("booked_count")} >= ${f.minSpots}`);
  if (f.fewSpots) all.push(sql`${c("max_participants")} - ${c("booked_count")} between 1 and 3`);
  if (f.freeOnly) all.push(sql`${c("price_cents")} = 0`);
  if (f.priceMin !== null) all.push(sql`${c("price_cents")} >= ${f.priceMin}`);
  if (f.priceMax !== null) all.push(sql`${c("price_cents")} <= ${f.priceMax}`);
  if (f.currency) all.push(sql`${c("currency")} = ${f.currency}`);
  if (f.dmId) all.push(sql`${c("dm_id")} = ${f.dmId}`);
  all.push(f.viewerId ? sql`(not ${c("is_private")} or ${c("dm_id")} = ${f.viewerId})` : sql`not ${c("is_private")}`);
  return sql<SqlBool>`(${sql.join(all, sql` and `)})`;
}

/**
 * With grouping each series shows once: its earliest matching session stands for it, that is a
 * session of a series shows only when no earlier session of the same series matches. Asked per
 * row, this lets PostgreSQL walk the date index and stop after one page, where ranking every
 * match first (a window function) read all of them.
 */
function listed(f: SearchFilters, now: Date): RawBuilder<SqlBool> {
  if (!f.groupBySeries) return matches(f, now, "s");
  return sql<SqlBool>`(${matches(f, now, "s")} and (s.series_id is null or not exists (
    select 1 from sessions s2 where s2.series_id = s.series_id and (s2.starts_at, s2.id) < (s.starts_at, s.id) and ${matches(f, now, "s2")})))`;
}

/**
 * A page of results and the number of matches, counted only up to `countCap` + 1: counting all of
 * 100,000 upcoming sessions would cost many times the page itself, so the caller asks for a few
 * pages past the current one and shows "more than" above that.
 */
export async function searchSessionRows(db: Database, f: SearchFilters, now: Date, limit: number, offset: number, countCap: number) {
  const where = listed(f, now);
  const [rows, counted] = await Promise.all([
    db
      .selectFrom("sessions as s")
      .innerJoin("users as u", "u.id", "s.dm_id")
      .leftJoin("series as se", "se.id", "s.series_id")
      .selectAll("s")
      .select([
        "u.display_name as dm_display_name",
        "se.title as series_title",
        "se.frequency as series_frequency",
        "se.day_of_week as series_day_of_week",
        "se.time_zone as series_time_zone",
        "s.booked_count as booked",
        f.viewerId
          ? sql<boolean>`exists (select 1 from bookings b where b.session_id = s.id and b.user_id = ${f.viewerId} and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.as("joined")
          : sql<boolean>`false`.as("joined"),
      ])
      .where(where)
      .orderBy("s.starts_at")
      .orderBy("s.id")
      .limit(limit)
      .offset(offset)
      .execute(),
    // Ordered like the page, so PostgreSQL walks the date index and stops at the cap rather than
    // collecting every match into a bitmap first.
    sql<{ n: number }>`select count(*)::int as n from (select 1 from sessions s where ${where} order by s.starts_at, s.id limit ${countCap + 1}) m`.execute(db),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  return { rows, total: Math.min(n, countCap), more: n > countCap };
}

export type SearchRow = Awaited<ReturnType<typeof searchSessionRows>>["rows"][number];

/** Sessions a user hosts or has an active booking in, upcoming or past. */
export function listUserSessions(db: Database, userId: string, now: Date, opts: { past: boolean; joinedOnly: boolean; limit: number }) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .leftJoin("series as se", "se.id", "s.series_id")
    .selectAll("s")
    .select([
      "u.display_name as dm_display_name",
      "se.title as series_title",
      "se.frequency as series_frequency",
      "se.day_of_week as series_day_of_week",
      "se.time_zone as series_time_zone",
      "s.booked_count as booked",
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
