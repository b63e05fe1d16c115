import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";
import type { Guest } from "./rules";

/** The statements of group registration (decision record 062). */

/**
 * Holds one seat per guest in one statement. The seat trigger counts held seats, so the seat guard
 * (sessions_seats_check) refuses the whole statement when the group does not fit: all or none.
 * Seats of a paid group are PENDING on the booking that pays for them (`paidBy`) until it is paid.
 */
export async function insertHeldSeats(db: Database, input: { sessionId: string; bookerId: string; guests: Guest[]; now: Date; paidBy?: string }) {
  return db
    .insertInto("group_seats")
    .values(
      input.guests.map((g) => ({
        session_id: input.sessionId,
        booker_id: input.bookerId,
        guest_name: g.name,
        guest_email: g.email,
        status: input.paidBy ? "PENDING" : "HELD",
        paid_by: input.paidBy ?? null,
        created_at: input.now,
        updated_at: input.now,
      })),
    )
    .returning(["id", "guest_name", "guest_email"])
    .execute();
}

/**
 * Which of these emails already hold a seat in the session (a held group seat, or an account's
 * active booking), leaving out the seats named in `except` (the ones being mailed about).
 */
export async function emailsAlreadySeated(db: Database, sessionId: string, emails: string[], except: string[] = []) {
  if (emails.length === 0) return new Set<string>();
  const others = except.length > 0 ? sql`and id not in (${sql.join(except)})` : sql``;
  const { rows } = await sql<{ email: string }>`
    select guest_email as email from group_seats where session_id = ${sessionId} and status in ('PENDING','HELD') and guest_email in (${sql.join(emails)}) ${others}
    union
    select lower(u.email) from bookings b join users u on u.id = b.user_id
      where b.session_id = ${sessionId} and b.status in ('PENDING_PAYMENT','CONFIRMED') and lower(u.email) in (${sql.join(emails)})`.execute(db);
  return new Set(rows.map((r) => r.email));
}

/** The seats the booker's group holds (or held) in a session, oldest first. */
export function groupSeatsOf(db: Database, sessionId: string, bookerId: string) {
  return db
    .selectFrom("group_seats")
    .select(["id", "guest_name", "guest_email", "status", "claimed_by", "created_at", "paid_by"])
    .where("session_id", "=", sessionId)
    .where("booker_id", "=", bookerId)
    .where("status", "not in", ["CANCELLED", "EXPIRED"])
    .orderBy("created_at")
    .orderBy("guest_email")
    .execute();
}

/** Gives up held seats of the booker's group (all of them, or the one named); returns how many. */
export async function cancelHeldSeats(db: Database, input: { sessionId: string; bookerId: string; seatId?: string; now: Date }) {
  let q = db
    .updateTable("group_seats")
    .set({ status: "CANCELLED", cancelled_at: input.now, updated_at: input.now })
    .where("session_id", "=", input.sessionId)
    .where("booker_id", "=", input.bookerId)
    .where("status", "=", "HELD")
    // A paid group's seats were paid together; they go only with the booking that paid for them.
    .where("paid_by", "is", null);
  if (input.seatId) q = q.where("id", "=", input.seatId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The account's email and whether it is verified (what claiming needs). */
export function accountEmail(db: Database, userId: string) {
  return db.selectFrom("users").select(["id", "email", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
}

/** The account behind a login session (a sign-in just made), as accountEmail. */
export function accountOfLoginSession(db: Database, loginSessionId: string) {
  return db
    .selectFrom("login_sessions as l")
    .innerJoin("users as u", "u.id", "l.user_id")
    .select(["u.id", "u.email", "u.email_verified_at"])
    .where("l.id", "=", loginSessionId)
    .executeTakeFirst();
}

/**
 * Whether the booker already has a group in the session: a seat of theirs waiting for payment,
 * held for a guest or accepted by one (decision record 068: one active group per booker and session).
 * Asked under the session's lock, so two group bookings of one account cannot both see none.
 */
export async function hasActiveGroup(db: Database, sessionId: string, bookerId: string) {
  const row = await db
    .selectFrom("group_seats")
    .select("id")
    .where("session_id", "=", sessionId)
    .where("booker_id", "=", bookerId)
    .where("status", "in", ["PENDING", "HELD", "CLAIMED"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The invitations waiting for this address (held seats in sessions that have not started), with
 * their session and who booked them, oldest first; `seated` says the account already holds a seat
 * there (it may then only decline).
 */
export async function invitationsFor(db: Database, input: { email: string; userId: string; now: Date }) {
  return invitationsQuery(db, { email: input.email.trim().toLowerCase(), userId: input.userId, now: input.now });
}

// Read on every signed-in view of a session page: prepared, planned once per connection (decision record 103).
const invitationsQuery = preparedQuery(["email", "userId", "now"], (db, input: { email: string; userId: string; now: Date }) =>
  db
    .selectFrom("group_seats as g")
    .innerJoin("sessions as s", "s.id", "g.session_id")
    .innerJoin("users as b", "b.id", "g.booker_id")
    .select((eb) => [
      "g.id",
      "g.session_id",
      "g.guest_noticed_at",
      "s.title",
      "s.starts_at",
      "s.time_zone",
      "b.display_name as booker_name",
      "b.email as booker_email",
      eb
        .exists(
          eb
            .selectFrom("bookings as k")
            .select("k.id")
            .whereRef("k.session_id", "=", "g.session_id")
            .where("k.user_id", "=", input.userId)
            .where("k.status", "in", ["PENDING_PAYMENT", "CONFIRMED"]),
        )
        .as("seated"),
    ])
    .where("g.guest_email", "=", input.email)
    .where("g.status", "=", "HELD")
    .where("s.starts_at", ">", input.now)
    .orderBy("g.created_at")
    .orderBy("g.id"),
);

/** Marks the invitations of this address as told to its account; returns the ones that were not yet (each is told once). */
export function markInvitationsNoticed(db: Database, input: { seatIds: string[]; now: Date }) {
  if (input.seatIds.length === 0) return Promise.resolve([]);
  return db
    .updateTable("group_seats")
    .set({ guest_noticed_at: input.now })
    .where("id", "in", input.seatIds)
    .where("guest_noticed_at", "is", null)
    .where("status", "=", "HELD")
    .returning(["id", "session_id"])
    .execute();
}

/** One held seat, locked, with what answering it needs (inside the session's lock, which is taken first). */
export function lockInvitation(db: Database, input: { seatId: string; sessionId: string }) {
  return db
    .selectFrom("group_seats")
    .select(["id", "session_id", "status", "guest_email", "guest_name", "booker_id"])
    .where("id", "=", input.seatId)
    .where("session_id", "=", input.sessionId)
    .forUpdate()
    .executeTakeFirst();
}

/** The session a seat belongs to (to take that session's lock before the seat's). */
export function sessionOfSeat(db: Database, seatId: string) {
  return db.selectFrom("group_seats").select(["session_id"]).where("id", "=", seatId).executeTakeFirst();
}

/**
 * The guest's answer to one held seat is yes: the seat is released as CLAIMED (so it counts no
 * more), inside the transaction that holds the session's lock; the seat pipeline's claimHeldSeat
 * then inserts their booking, and linkClaimedSeat records which booking it became.
 */
export async function releaseClaimedSeat(db: Database, input: { seatId: string; userId: string; now: Date }) {
  await db.updateTable("group_seats").set({ status: "CLAIMED", claimed_by: input.userId, updated_at: input.now }).where("id", "=", input.seatId).execute();
}

/** The booking a claimed seat became. */
export async function linkClaimedSeat(db: Database, input: { seatId: string; bookingId: string }) {
  await db.updateTable("group_seats").set({ booking_id: input.bookingId }).where("id", "=", input.seatId).execute();
}

/** The guest declines a held seat: it is given up (and counts no more), remembering that they declined. */
export async function declineSeat(db: Database, input: { seatId: string; now: Date }) {
  const result = await db
    .updateTable("group_seats")
    .set({ status: "CANCELLED", cancelled_at: input.now, declined_at: input.now, updated_at: input.now })
    .where("id", "=", input.seatId)
    .where("status", "=", "HELD")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The guests' seats a booking pays for (a paid group's), with their state. */
export function seatsPaidBy(db: Database, bookingId: string) {
  return db
    .selectFrom("group_seats")
    .select(["id", "guest_name", "guest_email", "status", "booker_id", "session_id"])
    .where("paid_by", "=", bookingId)
    .orderBy("created_at")
    .orderBy("guest_email")
    .execute();
}

/** The booker's own active booking in the session that pays for a group, with its latest payment try (the group page's payment state). */
export function payingGroupBooking(db: Database, sessionId: string, bookerId: string) {
  return db
    .selectFrom("bookings as b")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments as p")
          .select(["p.status as payment_status", "p.checkout_url", "p.voucher_reference", "p.method"])
          .whereRef("p.booking_id", "=", "b.id")
          .orderBy("p.created_at", "desc")
          .limit(1)
          .as("p"),
      (join) => join.onTrue(),
    )
    .select(["b.id", "b.status", "b.amount_cents", "b.currency", "b.hold_until", "p.payment_status", "p.checkout_url", "p.voucher_reference", "p.method"])
    .where("b.session_id", "=", sessionId)
    .where("b.user_id", "=", bookerId)
    .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .where((eb) => eb.exists(eb.selectFrom("group_seats as g").select("g.id").whereRef("g.paid_by", "=", "b.id")))
    .executeTakeFirst();
}
