import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { ACTIVE_BOOKING_STATUSES } from "./rules";

/** The statements of paid bookings (app/modules/payments/: holds.server.ts, the webhooks, refunds). */

/** A seat held while its payment is made: PENDING_PAYMENT until `holdUntil`, then the cleanup job expires it. */
export async function insertPendingBooking(
  db: Database,
  input: {
    sessionId: string;
    userId: string;
    method: "CARD" | "OXXO";
    amountCents: number;
    currency: string;
    holdUntil: Date;
    now: Date;
    inviteId: string | null;
  },
) {
  const row = await db
    .insertInto("bookings")
    .values({
      session_id: input.sessionId,
      user_id: input.userId,
      status: "PENDING_PAYMENT",
      payment_method: input.method,
      amount_cents: input.amountCents,
      currency: input.currency,
      hold_until: input.holdUntil,
      invite_id: input.inviteId,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A seat given to the user whole (a guest accepting the seat a group's booker held, and paid for
 * when the session is priced): CONFIRMED at once, nothing for them to pay.
 */
export async function insertGivenSeat(db: Database, input: { sessionId: string; userId: string; now: Date }) {
  const row = await db
    .insertInto("bookings")
    .values({
      session_id: input.sessionId,
      user_id: input.userId,
      status: "CONFIRMED",
      payment_method: "FREE",
      amount_cents: 0,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A booking's (b) holder and where its payment stands: what paying for it and its holder's pages read. */
const bookingPaymentColumns = ["b.id", "b.user_id", "b.status", "b.payment_method", "b.amount_cents", "b.currency", "b.hold_until"] as const;

/** A booking with what paying for it needs, locked for the transaction (its session is locked first). */
export function lockBookingForPayment(db: Database, bookingId: string) {
  return (
    db
      .selectFrom("bookings as b")
      .select([...bookingPaymentColumns, "b.session_id", "b.invite_id", "b.subscription_id"])
      // A card subscription's first seat (PENDING_PAYMENT or DECLINED subscription) lives and dies with its payment (decision record 070).
      .select(sql<string | null>`(select su.status from series_subscriptions su where su.id = b.subscription_id)`.as("subscription_status"))
      .where("b.id", "=", bookingId)
      .forUpdate(["b"])
      .executeTakeFirst()
  );
}

/**
 * The upcoming sessions of an active subscription's series other than `exceptSessionId`, soonest
 * first, with its player: where its seats are given once it became active.
 */
export function subscriptionSessionsAfter(db: Database, subscriptionId: string, exceptSessionId: string, now: Date) {
  return db
    .selectFrom("series_subscriptions as su")
    .innerJoin("sessions as s", "s.series_id", "su.series_id")
    .select(["s.id", "su.user_id"])
    .where("su.id", "=", subscriptionId)
    .where("su.status", "=", "ACTIVE")
    .where("s.starts_at", ">", now)
    .where("s.id", "!=", exceptSessionId)
    .orderBy("s.starts_at")
    .execute();
}

/** Seats (or places in line) for the series' active subscribers, or only `userId`, in one session: enrol_subscribers (migration create_series_subscriptions). */
export async function enrolSubscribers(db: Database, sessionId: string, now: Date, userId: string | null = null) {
  const { rows } = await sql<{
    user_id: string;
    booking_id: string | null;
    outcome: "seated" | "waiting";
  }>`select user_id, booking_id, outcome from enrol_subscribers(${sessionId}::uuid, ${now}::timestamptz, ${userId}::uuid)`.execute(db);
  return rows;
}

/** A booking with its session, for its holder's pages (voucher, payment state). */
export function findBookingWithSession(db: Database, bookingId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select([
      ...bookingPaymentColumns,
      "s.id as session_id",
      "s.title",
      "s.starts_at",
      "s.duration_minutes",
      "s.location",
      "s.time_zone",
      "s.voucher_payment_days",
    ])
    .where("b.id", "=", bookingId)
    .executeTakeFirst();
}

/** Moves a booking from one of `from` to `to` (hold cleared); returns whether it moved. */
export async function moveBooking(db: Database, bookingId: string, from: readonly string[], to: string, now: Date) {
  const result = await db
    .updateTable("bookings")
    .set({ status: to, hold_until: to === "PENDING_PAYMENT" ? undefined : null, updated_at: now })
    .where("id", "=", bookingId)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A booking whose payment was refunded becomes REFUNDED (hold cleared); returns whether it moved.
 * A cancelled seat keeps its cancellation as recorded (who, and when: before its refund). A seat
 * still active is freed by the refund itself, which was made at the payment provider and not by
 * anyone in the app: it is recorded as cancelled now, by SYSTEM (decision record 058). An expired
 * hold was never cancelled and records nothing.
 */
export async function refundBooking(db: Database, bookingId: string, now: Date) {
  const active = sql<boolean>`status in ('PENDING_PAYMENT', 'CONFIRMED')`;
  const result = await db
    .updateTable("bookings")
    .set({
      status: "REFUNDED",
      hold_until: null,
      updated_at: now,
      cancelled_at: sql<Date | null>`case when ${active} then ${now}::timestamptz else cancelled_at end`,
      cancelled_by: sql<string | null>`case when ${active} then 'SYSTEM' else cancelled_by end`,
    })
    .where("id", "=", bookingId)
    .where("status", "in", ["CONFIRMED", "PENDING_PAYMENT", "CANCELLED", "EXPIRED"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets how long a pending booking holds its seat. */
export async function setHoldUntil(db: Database, bookingId: string, holdUntil: Date, now: Date) {
  await db
    .updateTable("bookings")
    .set({ hold_until: holdUntil, updated_at: now })
    .where("id", "=", bookingId)
    .where("status", "=", "PENDING_PAYMENT")
    .execute();
}

/** Lengthens a held seat's hold to `holdUntil`, never shortening it (a subscription's seat is held until its payment deadline). */
export async function extendHoldUntil(db: Database, bookingId: string, holdUntil: Date, now: Date) {
  await db
    .updateTable("bookings")
    .set({ hold_until: sql<Date>`greatest(hold_until, ${holdUntil}::timestamptz)`, updated_at: now })
    .where("id", "=", bookingId)
    .where("status", "=", "PENDING_PAYMENT")
    .execute();
}

/** How a held seat is being paid, when the player turns to another method while the hold runs. */
export async function setBookingMethod(db: Database, bookingId: string, method: "CARD" | "OXXO", now: Date) {
  await db
    .updateTable("bookings")
    .set({ payment_method: method, updated_at: now })
    .where("id", "=", bookingId)
    .where("status", "=", "PENDING_PAYMENT")
    .execute();
}

/** The user's active booking in a session with its method and hold. */
export function findActiveBookingDetail(db: Database, sessionId: string, userId: string) {
  return db
    .selectFrom("bookings")
    .select(["id", "status", "payment_method", "hold_until", "subscription_id", "amount_cents", "currency"])
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_BOOKING_STATUSES)
    .executeTakeFirst();
}

/** The OXXO side of a session (currency, methods, advance hours, voucher days). */
export function sessionPaymentTerms(db: Database, sessionId: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "currency", "price_cents", "allowed_payment_methods", "min_advance_booking_hours", "voucher_payment_days", "starts_at"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
}

/**
 * Locks the account about to hold a paid seat for the rest of the transaction (FOR NO KEY UPDATE:
 * other holds of the same account wait, while rows that merely reference the account, such as
 * its bookings and notifications, are still written) and says whether its email is verified and
 * whether it is banned.
 * The account's holds must be counted by a later statement: one statement that both waits for
 * this lock and counts would count with the snapshot it took before waiting, missing the hold
 * the transaction it waited for has just committed.
 */
export async function lockSeatHolder(db: Database, userId: string) {
  const row = await db.selectFrom("users").select(["id", "email_verified_at", "banned_at"]).where("id", "=", userId).forNoKeyUpdate().executeTakeFirst();
  return row ? { emailVerified: row.email_verified_at !== null, banned: row.banned_at !== null } : null;
}

/** The account's unpaid holds still running at `now`, in every session (the cap's count). */
export async function countUnpaidHolds(db: Database, userId: string, now: Date) {
  const row = await db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "=", "PENDING_PAYMENT")
    // A subscription's seats wait for their payment until each deadline; the subscriptions' own cap bounds them (decision record 051).
    .where("subscription_id", "is", null)
    .where((eb) => eb.or([eb("hold_until", "is", null), eb("hold_until", ">", now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
