import { sql, type SqlBool } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";
import { ACTIVE_BOOKING_STATUSES } from "./rules";

// Literals rather than parameters, so the planner matches the partial index on active bookings.
const activeList = sql.join(ACTIVE_BOOKING_STATUSES.map((status) => sql.lit(status)));

/**
 * A condition for queries over `sessions as s`: the session has an active booking (by `userId`
 * when given). Used by the search's 'joined' flag, the calendar's own entries and by series edits,
 * which leave booked sessions alone; it lives with the session queries, below bookings (decision record 045).
 */
export const activeBookingExists = (userId: string | null = null) =>
  sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id${userId === null ? sql`` : sql` and b.user_id = ${userId}`} and b.status in (${activeList}))`;

/**
 * A condition for queries over `sessions as s`: a player holds a seat in it that is theirs as it
 * stands, so a series edit leaves the session alone. That is every active booking except a
 * subscription's seat the series gave and nobody has touched since (no invite code, no payment
 * tried): such a seat follows its series' edits (docs/decisions/054-subscribed-seats-follow-series-edits.md).
 */
export const keptSeatExists = () =>
  sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id and b.status in (${activeList})
    and not (b.subscription_id is not null and b.invite_id is null and not exists (select 1 from payments p where p.booking_id = b.id)))`;

/** A condition for queries over `sessions as s`: the user's seat in it is held while its payment is not in. */
export const pendingBookingExists = (userId: string) =>
  sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id and b.user_id = ${userId} and b.status = 'PENDING_PAYMENT')`;

/** A condition for queries over `sessions as s`: a booking of any status points at the session (it may not be deleted then). */
export const anyBookingExists = () => sql<SqlBool>`exists (select 1 from bookings b where b.session_id = s.id)`;

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
  /** The safety tools the table uses (decision record 061); left out, an update keeps the stored ones. */
  safetyTools?: string[];
  imageUrl: string | null;
  location: string | null;
  isPrivate: boolean;
};

/** The fields a session and a series describe a game by alike (shared-fields.ts), as a row to store holds them. */
export type SharedRowFields = Pick<
  SessionRow,
  | "title"
  | "description"
  | "sessionInstructions"
  | "game"
  | "genre"
  | "experienceLevel"
  | "durationMinutes"
  | "maxParticipants"
  | "minParticipants"
  | "priceCents"
  | "currency"
  | "allowedPaymentMethods"
  | "minAdvanceBookingHours"
  | "voucherPaymentDays"
  | "preSessionCheckHours"
  | "tags"
  | "safetyTools"
  | "location"
>;

/**
 * The columns of those shared fields, named alike in the sessions and the series tables. Safety
 * tools left out are left out here too, so an update keeps the stored ones.
 */
export const sharedColumns = (s: SharedRowFields) => ({
  title: s.title,
  description: s.description,
  session_instructions: s.sessionInstructions,
  game: s.game,
  genre: s.genre,
  experience_level: s.experienceLevel,
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
  ...(s.safetyTools ? { safety_tools: s.safetyTools } : {}),
  location: s.location,
});

const toColumns = (s: SessionRow) => ({
  ...sharedColumns(s),
  dm_id: s.dmId,
  series_id: s.seriesId,
  starts_at: s.startsAt,
  time_zone: s.timeZone,
  image_url: s.imageUrl,
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

// The session page reads its session on every view: prepared, so planned once per connection
// (0.8 ms of planning for 0.08 ms of work at a million sessions; decision record 103).
const sessionById = preparedQuery(["id"], (db, args: { id: string }) =>
  db
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
    .where("s.id", "=", args.id),
);

export async function findSession(db: Database, id: string) {
  return (await sessionById(db, { id }))[0];
}

export type SessionDetailRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** Sessions in [from, to) the viewer may see, for the calendar. */
/** The calendar's own entries: sessions the viewer hosts or holds an active booking in. */
export function calendarRows(db: Database, viewerId: string, from: Date, to: Date) {
  return db
    .selectFrom("sessions as s")
    .select(["s.id", "s.title", "s.starts_at", "s.series_id"])
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", to)
    .where("s.status", "!=", "CANCELLED")
    .where((eb) => eb.or([eb("s.dm_id", "=", viewerId), activeBookingExists(viewerId)]))
    .orderBy("s.starts_at")
    .limit(1000)
    .execute();
}

/**
 * How many other public sessions each local day holds (the viewer's own are listed instead):
 * at 100,000 sessions a month has a thousand, too many to ship in a page.
 */
export async function openCountsByDay(db: Database, viewerId: string, from: Date, to: Date, timeZone: string) {
  const { rows } = await sql<{ day: string; n: number }>`
    select to_char(s.starts_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as n
    from sessions s
    where s.starts_at >= ${from} and s.starts_at < ${to} and s.status <> 'CANCELLED' and not s.is_private
      and s.dm_id <> ${viewerId} and not ${activeBookingExists(viewerId)}
    group by 1`.execute(db);
  return rows;
}
