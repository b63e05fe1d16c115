import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";
import { ACTIVE_BOOKING_STATUSES } from "./rules";

// Literals rather than parameters, so the planner matches the partial index on active bookings.
const activeList = sql.join(ACTIVE_BOOKING_STATUSES.map((status) => sql.lit(status)));

/** How many seats of the session are held while their payment is not in (pending-payment bookings). */
export async function countHeldSeats(db: Database, sessionId: string) {
  const [row] = await heldSeatsQuery(db, { sessionId });
  return Number(row!.n);
}

// The session page's lookups below are prepared: planned once per connection (decision record 103).
const heldSeatsQuery = preparedQuery(["sessionId"], (db, args: { sessionId: string }) =>
  db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("session_id", "=", args.sessionId)
    .where("status", "=", "PENDING_PAYMENT"),
);

/** The active bookings of some sessions with each player's email, oldest first (the API's past sessions). */
export function sessionBookings(db: Database, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.session_id", "b.user_id", "b.status", "u.email"])
    .where("b.session_id", "in", sessionIds)
    .where("b.status", "in", ACTIVE_BOOKING_STATUSES)
    .orderBy("b.created_at")
    .orderBy("b.user_id")
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

/** The user's active booking in a session, if any. */
export async function findActiveBooking(db: Database, sessionId: string, userId: string) {
  return (await activeBookingQuery(db, { sessionId, userId }))[0];
}

const activeBookingQuery = preparedQuery(["sessionId", "userId"], (db, args: { sessionId: string; userId: string }) =>
  db
    .selectFrom("bookings")
    .select(["id", "status"])
    .where("session_id", "=", args.sessionId)
    .where("user_id", "=", args.userId)
    .where("status", "in", ACTIVE_BOOKING_STATUSES),
);

/** The user's bookings (b), of any status, in the sessions (s) of a series. */
const bookingsInSeries = (db: Database, seriesId: string, userId: string) =>
  db.selectFrom("bookings as b").innerJoin("sessions as s", "s.id", "b.session_id").where("s.series_id", "=", seriesId).where("b.user_id", "=", userId);

/** Whether the user holds a confirmed seat in any session of the series. */
export async function hasConfirmedSeatInSeries(db: Database, seriesId: string, userId: string) {
  const found = await bookingsInSeries(db, seriesId, userId).select("b.id").where("b.status", "=", "CONFIRMED").limit(1).executeTakeFirst();
  return found !== undefined;
}

/** The sessions of a series in which the user holds an active booking. */
export async function bookedSessionIdsInSeries(db: Database, seriesId: string, userId: string) {
  const rows = await bookingsInSeries(db, seriesId, userId).select("b.session_id").where("b.status", "in", ACTIVE_BOOKING_STATUSES).execute();
  return new Set(rows.map((r) => r.session_id));
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

/** The database's seat guard (sessions_seats_check: booked_count <= max_participants) refused a write. */
export function isSeatGuardViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === "23514" && e.constraint === "sessions_seats_check";
}

const decisionColumns = [
  "s.id",
  "s.dm_id",
  "s.title",
  "s.status",
  "s.starts_at",
  "s.duration_minutes",
  "s.time_zone",
  "s.location",
  "s.max_participants",
  "s.booked_count",
  "s.price_cents",
  "s.currency",
  "s.is_private",
  "se.booking_lock_hours",
] as const;

const sessionForDecision = (db: Database, sessionId: string) =>
  db.selectFrom("sessions as s").leftJoin("series as se", "se.id", "s.series_id").select(decisionColumns).where("s.id", "=", sessionId);

/**
 * The session a booking decision is about, locked for the rest of the transaction (FOR NO KEY
 * UPDATE, the lock the seat trigger takes too, so bookings, leaves, offers and cancellations of
 * one session happen one after the other). Carries the series' booking lock for occurrences.
 */
export function lockSession(db: Database, sessionId: string) {
  return sessionForDecision(db, sessionId).forNoKeyUpdate("s").executeTakeFirst();
}

/** The same facts read without a lock: what the one-call seat decisions are prepared from. */
export function readSession(db: Database, sessionId: string) {
  return sessionForDecision(db, sessionId).executeTakeFirst();
}

/**
 * The session's facts and where the user stands in it (as seatFacts), read without a lock in
 * one round trip: what a free booking is prepared from before its seat is taken in one call.
 */
export async function readSeatDecision(db: Database, sessionId: string, userId: string, now: Date) {
  const row = await sessionForDecision(db, sessionId)
    .select([
      sql<boolean>`exists (select 1 from bookings b where b.session_id = s.id and b.user_id = ${userId} and b.status in (${activeList}))`.as("viewer_booked"),
      sql<boolean>`exists (select 1 from waitlist_entries w where w.session_id = s.id and w.user_id = ${userId})`.as("viewer_waiting"),
      sql<string>`(select count(*) from waitlist_entries w where w.session_id = s.id and w.offer_expires_at > ${now} and w.user_id <> ${userId})`.as(
        "held_for_others",
      ),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const { viewer_booked, viewer_waiting, held_for_others, ...session } = row;
  return { session, facts: { booked: viewer_booked, waiting: viewer_waiting, heldForOthers: Number(held_for_others) } };
}
export type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

/** The seat counter now (the bookings trigger keeps it; a locked row read earlier may be stale). */
export async function bookedCount(db: Database, sessionId: string) {
  return (await db.selectFrom("sessions").select("booked_count").where("id", "=", sessionId).executeTakeFirstOrThrow()).booked_count;
}

export async function sessionExists(db: Database, sessionId: string) {
  return (await db.selectFrom("sessions").select("id").where("id", "=", sessionId).executeTakeFirst()) !== undefined;
}

/** A series' booking lock in hours before each occurrence (null: bookable until the start). */
export async function seriesBookingLockHours(db: Database, seriesId: string) {
  return (await db.selectFrom("series").select("booking_lock_hours").where("id", "=", seriesId).executeTakeFirst())?.booking_lock_hours ?? null;
}

/** A booking by id with its owner and session (leaving by booking id). */
export function findBooking(db: Database, bookingId: string) {
  return db.selectFrom("bookings").select(["id", "session_id", "user_id", "status"]).where("id", "=", bookingId).executeTakeFirst();
}

export async function findWaitlistEntry(db: Database, sessionId: string, userId: string) {
  return (await waitlistEntryQuery(db, { sessionId, userId }))[0];
}

const waitlistEntryQuery = preparedQuery(["sessionId", "userId"], (db, args: { sessionId: string; userId: string }) =>
  db.selectFrom("waitlist_entries").select(["id", "position", "offer_expires_at"]).where("session_id", "=", args.sessionId).where("user_id", "=", args.userId),
);

/** Puts the user last in line (the caller holds the session lock, so positions cannot collide). */
export async function appendToWaitlist(db: Database, sessionId: string, userId: string, now: Date) {
  const last = await db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.max<number>("position").as("max"))
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  const position = Number(last.max ?? 0) + 1;
  await db.insertInto("waitlist_entries").values({ session_id: sessionId, user_id: userId, position, created_at: now }).execute();
  return position;
}

/** Sessions with a hold or an offer that lapsed by `now` (the cleanup job's work list). */
export async function sessionsWithLapses(db: Database, now: Date) {
  const rows = await db
    .selectFrom("bookings")
    .select("session_id")
    .where("status", "=", "PENDING_PAYMENT")
    .where("hold_until", "<=", now)
    .union(db.selectFrom("waitlist_entries").select("session_id").where("offer_expires_at", "<=", now))
    .execute();
  return rows.map((r) => r.session_id);
}

/**
 * Expires the session's pending-payment holds that ran out; returns whose they were and which were
 * a seat of an active subscription (a card try's seat, of a subscription not begun, is not one:
 * decision record 070).
 */
export async function expireHolds(db: Database, sessionId: string, now: Date) {
  return db
    .updateTable("bookings")
    .set({ status: "EXPIRED", updated_at: now })
    .where("session_id", "=", sessionId)
    .where("status", "=", "PENDING_PAYMENT")
    .where("hold_until", "<=", now)
    .returning([
      "user_id",
      "subscription_id",
      sql<boolean>`exists (select 1 from series_subscriptions su where su.id = bookings.subscription_id and su.status = 'ACTIVE')`.as("subscribed"),
    ])
    .execute();
}

/** The people whose offer lapsed by `now`: they leave the line, so the seat passes to the next. */
export async function lapsedOfferUsers(db: Database, sessionId: string, now: Date) {
  const rows = await db.selectFrom("waitlist_entries").select("user_id").where("session_id", "=", sessionId).where("offer_expires_at", "<=", now).execute();
  return rows.map((r) => r.user_id);
}

/**
 * Where a user stands in a session, in one round trip (it runs while the session is locked, so
 * every trip is time other bookings of the session wait): an active booking, their place in line,
 * and the seats running offers hold for other people.
 */
export async function seatFacts(db: Database, sessionId: string, userId: string, now: Date) {
  const { rows } = await sql<{ booked: boolean; position: number | null; held: string }>`select
      exists (select 1 from bookings where session_id = ${sessionId} and user_id = ${userId} and status in (${activeList})) as booked,
      (select position from waitlist_entries where session_id = ${sessionId} and user_id = ${userId}) as position,
      (select count(*) from waitlist_entries where session_id = ${sessionId} and offer_expires_at > ${now} and user_id <> ${userId}) as held`.execute(db);
  const row = rows[0]!;
  return { booked: row.booked, waiting: row.position !== null, heldForOthers: Number(row.held) };
}

/**
 * The lines the user waits in that count against MAX_WAITING_LINES: those of sessions still taking
 * bookings at `now` (UPCOMING or CONFIRMED, before the series' booking lock), but not the lines of
 * a series they are subscribed to, which the subscription put them in (its own cap bounds those).
 * The caller holds the user's row lock (lockSeatHolder), so joins of one account are counted one
 * after the other; this is its own statement, run after the lock was taken.
 */
export async function countWaitingLines(db: Database, userId: string, now: Date) {
  const { rows } = await sql<{ n: string }>`select count(*) as n
      from waitlist_entries w
      join sessions s on s.id = w.session_id
      left join series se on se.id = s.series_id
     where w.user_id = ${userId}
       and s.status in ('UPCOMING', 'CONFIRMED')
       and s.starts_at - make_interval(hours => coalesce(se.booking_lock_hours, 0)) > ${now}
       and not exists (select 1 from series_subscriptions su
                        where su.series_id = s.series_id and su.user_id = w.user_id and su.status = 'ACTIVE')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// The one-call seat decisions (decision record 031) and the paid bookings' statements live
// beside this file; importers see one repository.
export * from "./cancel-repo.server";
export * from "./paid-repo.server";
export * from "./seat-calls.server";
