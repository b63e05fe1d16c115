import { type Kysely, sql } from "kysely";
import type { DB } from "#db/schema";
import { type Attendance, DEFAULT_PRESENT_AFTER_HOURS, MARKING_WINDOW_DAYS, SINGLE_SESSION_LATE_HOURS } from "./rules";

type Db = Kysely<DB>;

/*
 * The reliability facts that depend on who cancelled (decision records 057 and 058), as conditions
 * over `s` (sessions) and `b` (bookings). The record below and the badges' facts
 * (badges/facts-repo.server.ts) both count with these, so the two never disagree.
 */

/** A session its host cancelled: not one an admin cancelled (the session was taken from the host). */
export const hostCancelledSession = sql<boolean>`(s.status = 'CANCELLED' and s.cancelled_by = 'HOST')`;

/**
 * A no-show that counts against the player: a confirmed seat its host marked NO_SHOW (marking
 * opens at the end, so the session took place) unless a dispute of it was upheld. `d` is the
 * seat's dispute, left-joined.
 */
export const countedNoShow = sql<boolean>`(b.status = 'CONFIRMED' and b.attendance = 'NO_SHOW' and s.status <> 'CANCELLED'
  and d.status is distinct from 'UPHELD')`;

/**
 * A seat its player gave up late: cancelled by the player themself (not the host removing them,
 * not the session's cancel) inside the booking lock, that is at or after the series' booking lock
 * before the start (24 hours for a single session) and before the start, in a session that then
 * started (one cancelled in the meantime is not the player's doing). It is measured by
 * `cancelled_at`, which a later refund does not move, so a late seat refunded since still counts.
 */
export const lateCancelledSeat = (now: Date) => sql<boolean>`(b.cancelled_by = 'PLAYER' and s.status <> 'CANCELLED' and s.starts_at <= ${now}
  and b.cancelled_at < s.starts_at
  and b.cancelled_at >= s.starts_at - make_interval(hours => coalesce((select se.booking_lock_hours from series se where se.id = s.series_id), ${SINGLE_SESSION_LATE_HOURS})))`;

/** The session as attendance needs it: its host, its times, its state. */
export function findSession(db: Db, sessionId: string) {
  return db.selectFrom("sessions").select(["id", "dm_id", "title", "starts_at", "duration_minutes", "status"]).where("id", "=", sessionId).executeTakeFirst();
}

/** The confirmed seats of a session with their players' names and marks, in the order they booked. */
export function confirmedSeats(db: Db, sessionId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "u.display_name", "u.first_name", "b.attendance", "b.attendance_marked_at"])
    .where("b.session_id", "=", sessionId)
    .where("b.status", "=", "CONFIRMED")
    .orderBy("b.created_at")
    .orderBy("b.id")
    .execute();
}

/**
 * Marks one player's seat in one statement whose conditions are the rules themselves: a CONFIRMED
 * seat of this session, the session not cancelled, ended, and within the marking window. A seat in
 * another session, or a time outside the window, changes nothing (0 rows).
 */
export async function markSeat(db: Db, m: { sessionId: string; userId: string; attendance: Attendance; by: string; now: Date }) {
  const result = await db
    .updateTable("bookings")
    .set({ attendance: m.attendance, attendance_marked_at: m.now, attendance_marked_by: m.by })
    .where("session_id", "=", m.sessionId)
    .where("user_id", "=", m.userId)
    .where("status", "=", "CONFIRMED")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("sessions as s")
          .select(sql`1`.as("one"))
          .where("s.id", "=", m.sessionId)
          .where("s.status", "<>", "CANCELLED")
          .where(sql<boolean>`s.starts_at + make_interval(mins => s.duration_minutes) <= ${m.now}`)
          .where(sql<boolean>`s.starts_at + make_interval(mins => s.duration_minutes) + make_interval(days => ${MARKING_WINDOW_DAYS}) >= ${m.now}`),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The default: every unmarked CONFIRMED seat of a non-cancelled session that ended 48 hours or more
 * before `now` becomes PRESENT, marked by nobody. One statement; a second run finds nothing left.
 */
export async function markUnmarkedPresent(db: Db, now: Date) {
  const result = await db
    .updateTable("bookings")
    .set({ attendance: "PRESENT", attendance_marked_at: now, attendance_marked_by: null })
    .where("status", "=", "CONFIRMED")
    .where("attendance", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("sessions as s")
          .select(sql`1`.as("one"))
          .whereRef("s.id", "=", "bookings.session_id")
          .where("s.status", "<>", "CANCELLED")
          .where(sql<boolean>`s.starts_at + make_interval(mins => s.duration_minutes) + make_interval(hours => ${DEFAULT_PRESENT_AFTER_HOURS}) <= ${now}`),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A booking with what a dispute needs to check. */
export function findBooking(db: Db, bookingId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.id", "b.user_id", "b.session_id", "b.attendance", "b.attendance_marked_at", "s.title", "s.starts_at"])
    .where("b.id", "=", bookingId)
    .executeTakeFirst();
}

export function findDispute(db: Db, bookingId: string) {
  return db.selectFrom("attendance_disputes").select(["id", "status", "reason", "created_at"]).where("booking_id", "=", bookingId).executeTakeFirst();
}

/**
 * Opens the dispute; the unique booking_id decides "once" even under parallel requests: the loser's
 * insert does nothing and returns no row. The NO_SHOW condition sits in the same statement so a mark
 * changed to PRESENT meanwhile is not disputed.
 */
export async function insertDispute(db: Db, d: { bookingId: string; userId: string; reason: string; now: Date }) {
  const row = await db
    .insertInto("attendance_disputes")
    .columns(["booking_id", "user_id", "reason", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("bookings")
        .select(["id", "user_id", sql<string>`${d.reason}::text`.as("reason"), sql<Date>`${d.now}::timestamptz`.as("created_at")])
        .where("id", "=", d.bookingId)
        .where("user_id", "=", d.userId)
        .where("attendance", "=", "NO_SHOW"),
    )
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A host's sessions run (completed) and cancelled by the host. */
export async function dmCounts(db: Db, userId: string) {
  const row = await db
    .selectFrom("sessions as s")
    .select([
      sql<number>`count(*) filter (where s.status = 'COMPLETED')::int`.as("run"),
      sql<number>`count(*) filter (where ${hostCancelledSession})::int`.as("cancelled"),
    ])
    .where("s.dm_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { run: Number(row.run), cancelled: Number(row.cancelled) };
}

/**
 * A player's facts at `now`: seats attended (marked PRESENT, or unmarked 48 hours after the end),
 * no-shows (unless a dispute was upheld), and seats they cancelled late (`lateCancelledSeat`).
 */
export async function playerCounts(db: Db, userId: string, now: Date) {
  const row = await db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .leftJoin("attendance_disputes as d", "d.booking_id", "b.id")
    .select([
      sql<number>`count(*) filter (where b.status = 'CONFIRMED' and (b.attendance = 'PRESENT' or (b.attendance is null
        and s.starts_at + make_interval(mins => s.duration_minutes) + make_interval(hours => ${DEFAULT_PRESENT_AFTER_HOURS}) <= ${now})))::int`.as("attended"),
      sql<number>`count(*) filter (where ${countedNoShow})::int`.as("no_show"),
      sql<number>`count(*) filter (where ${lateCancelledSeat(now)})::int`.as("late"),
    ])
    .where("b.user_id", "=", userId)
    .where("s.status", "<>", "CANCELLED")
    .executeTakeFirstOrThrow();
  return { attended: Number(row.attended), noShow: Number(row.no_show), late: Number(row.late) };
}

/** The user's seat in the session marked a no-show, with whether it was disputed already. */
export function noShowSeat(db: Db, sessionId: string, userId: string) {
  return db
    .selectFrom("bookings as b")
    .leftJoin("attendance_disputes as d", "d.booking_id", "b.id")
    .select(["b.id", "b.user_id", "b.attendance", "b.attendance_marked_at", "d.id as dispute_id"])
    .where("b.session_id", "=", sessionId)
    .where("b.user_id", "=", userId)
    .where("b.status", "=", "CONFIRMED")
    .where("b.attendance", "=", "NO_SHOW")
    .executeTakeFirst();
}
