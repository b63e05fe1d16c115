import { ACTIVE_BOOKING_STATUSES, type ActiveBookingStatus } from "#app/modules/sessions/rules";

/**
 * The booking vocabulary. A booking holds a seat while it is pending payment or confirmed; the
 * other statuses are history (kept, never deleted: docs/decisions/014-bookings-are-kept.md).
 * The database repeats the active list in the seat counter's trigger and in the partial unique
 * index of one active booking per user and session (migrations cannot import this file).
 */
export const BOOKING_STATUSES = ["PENDING_PAYMENT", "CONFIRMED", "EXPIRED", "CANCELLED", "REFUNDED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

// The seat-holding statuses live with the session's seats (decision record 045); each must be a booking status.
export { ACTIVE_BOOKING_STATUSES, type ActiveBookingStatus };
ACTIVE_BOOKING_STATUSES satisfies readonly BookingStatus[];

export const isActiveBooking = (status: string): status is ActiveBookingStatus => (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(status);

/**
 * Whether a pending payment's hold ran out at `now` (the cleanup job's condition, repeated in
 * repo.expireHolds): from then on the seat is no longer the player's, even before the job runs.
 */
export const holdHasLapsed = (booking: { status: string; hold_until: Date | string | null }, now: Date) =>
  booking.status === "PENDING_PAYMENT" && booking.hold_until !== null && new Date(booking.hold_until).getTime() <= now.getTime();

/**
 * What a booking's change of status does to its invite code's use (the bookings_invite_use
 * trigger applies it in the statement that moves the booking): a hold that ends unpaid gives the
 * use back (-1); a late payment that takes a lapsed booking's seat again takes it again (+1, when
 * one is left). A seat given up after it was paid or free keeps its use: the code did its work.
 */
export function inviteUseChange(from: BookingStatus, to: BookingStatus): -1 | 0 | 1 {
  if (from === "PENDING_PAYMENT" && !isActiveBooking(to)) return -1;
  if (from === "EXPIRED" && isActiveBooking(to)) return 1;
  return 0;
}

/** Seats still free; never negative, even for a session whose capacity was lowered. */
export const seatsLeft = (capacity: number, booked: number) => Math.max(0, capacity - booked);

/** A host may lower a session's capacity, but not below the seats already taken (the database refuses it too). */
export const capacityBelowBooked = (capacity: number, booked: number) => capacity < booked;

/** Spec section 4: a session takes bookings only while UPCOMING or CONFIRMED. */
export const BOOKABLE_SESSION_STATUSES = ["UPCOMING", "CONFIRMED"] as const;

/** How long a waitlist offer holds a freed seat (never past the booking deadline). */
export const OFFER_HOURS = 12;
const HOUR = 3_600_000;

/** Why a booking is refused; each is a translated message (sessions:booking.errors.*) and an API error. */
export type BookingRefusal =
  | "notFound"
  | "sessionCancelled"
  | "sessionActive"
  | "sessionCompleted"
  | "bookingClosed"
  | "notFree"
  | "ownSession"
  | "alreadyBooked"
  | "sessionFull"
  | "alreadyWaiting"
  | "notWaiting"
  | "seatsAvailable"
  | "notAllowed"
  | "inviteRequired"
  | "inviteInvalid"
  | "inviteTriesLimited"
  | "emailNotVerified"
  | "tooManyHolds"
  /** A paid seat of a DM whose payout account cannot take charges now (decision record 084). */
  | "hostCannotBePaid"
  /** The account already waits in MAX_WAITING_LINES lines (decision record 066). */
  | "tooManyLines"
  | "leaveClosed"
  /** The booking paid for a group whose guests claimed seats: giving it up would refund their seats too (decision record 062). */
  | "groupClaimed";

/**
 * The refusal for a code that cannot be used: one for every wrong code (unknown, revoked, expired or
 * used up alike, so a guesser learns nothing), another while the account or address tried too many.
 */
export const inviteRefusal = (problem: "invalid" | "limited"): BookingRefusal => (problem === "limited" ? "inviteTriesLimited" : "inviteInvalid");

/**
 * The last instant a seat can be taken: the start, or for a series occurrence the series'
 * booking lock before it.
 */
export function bookingDeadline(startsAt: Date, bookingLockHours: number | null): Date {
  return new Date(startsAt.getTime() - (bookingLockHours ?? 0) * HOUR);
}

/**
 * When a subscription's unpaid seat must be paid (decision record 051): one waitlist offer
 * (OFFER_HOURS) before the booking deadline, so a seat released unpaid can still go to the next in
 * line before the session stops taking bookings. The hold of such a seat ends here.
 */
export function seatPaymentDeadline(startsAt: Date, bookingLockHours: number | null): Date {
  return new Date(bookingDeadline(startsAt, bookingLockHours).getTime() - OFFER_HOURS * HOUR);
}

type BookableSession = { status: string; starts_at: Date; booking_lock_hours: number | null };

/** Whether the session takes bookings (or waitlist entries) at `now`, and if not, why. */
export function closedReason(session: BookableSession, now: Date): BookingRefusal | null {
  if (session.status === "CANCELLED") return "sessionCancelled";
  if (session.status === "ACTIVE" || session.status === "IN_PROGRESS") return "sessionActive";
  if (session.status === "COMPLETED") return "sessionCompleted";
  if (!(BOOKABLE_SESSION_STATUSES as readonly string[]).includes(session.status)) return "bookingClosed";
  if (now.getTime() >= bookingDeadline(session.starts_at, session.booking_lock_hours).getTime()) return "bookingClosed";
  return null;
}

/**
 * Seats a player may take: capacity less the seats taken and the seats held by running waitlist
 * offers to other people (an offered seat is theirs until the offer lapses).
 */
export const seatsOpenTo = (capacity: number, booked: number, heldForOthers: number) => Math.max(0, capacity - booked - heldForOthers);

/** When an offer made at `now` lapses: OFFER_HOURS later, but never past the deadline; null when too late to offer. */
export function offerExpiry(now: Date, deadline: Date): Date | null {
  if (deadline.getTime() <= now.getTime()) return null;
  return new Date(Math.min(now.getTime() + OFFER_HOURS * HOUR, deadline.getTime()));
}

/**
 * How many unpaid holds (PENDING_PAYMENT bookings whose hold still runs) one account may have at
 * once, across all sessions (docs/decisions/038-one-seat-rule-and-unpaid-hold-cap.md).
 */
export const MAX_UNPAID_HOLDS = 3;

/**
 * How many lines (of sessions still taking bookings) one account may wait in at once, besides the
 * lines its series subscriptions put it in (docs/decisions/066-waiting-lines-subscriptions-and-run-now.md).
 * A place in line costs nothing, so without a bound a few accounts could queue in front of every
 * full session; five leaves room for a player hoping for any of a weekend's tables.
 */
export const MAX_WAITING_LINES = 5;

/**
 * Who takes someone off a session's list: the player themself, the host, or an admin (an admin
 * acting on their own seat is an admin too).
 */
export type LeaveActor = "player" | "host" | "admin";

/**
 * Whether a booking or a place in line may be given up now (leaving refunds a paid seat). Only
 * before the session starts, and only while it is UPCOMING or CONFIRMED: after the start the
 * seat was used (or the game is under way), so the money stays with the host unless the host
 * cancels the session or an admin steps in. The host's removing of a player is bound the same
 * way; admins are not. The release_seat database function repeats this as a backstop.
 */
export function leaveRefusal(session: { status: string; starts_at: Date | string }, now: Date, actor: LeaveActor): "leaveClosed" | null {
  if (actor === "admin") return null;
  if (!(BOOKABLE_SESSION_STATUSES as readonly string[]).includes(session.status)) return "leaveClosed";
  return now.getTime() >= new Date(session.starts_at).getTime() ? "leaveClosed" : null;
}

/** Which kind of actor takes `userId` off the list of a session hosted by `session.dm_id`. */
export const leaveActor = (actor: { id: string; isAdmin: boolean }, session: { dm_id: string }): LeaveActor =>
  actor.isAdmin ? "admin" : actor.id === session.dm_id ? "host" : "player";

/**
 * In what capacity someone cancelled a session or a seat, as the row keeps it (decision record
 * 058): the host cancelling their own session (even one who is also an admin) is the HOST; anyone
 * else allowed to is an ADMIN. A seat is the PLAYER's when they leave it themselves, whoever they
 * are; SYSTEM is a seat freed by no one in the app (a refund made at the payment provider).
 */
export type SessionCanceller = "HOST" | "ADMIN";
export type SeatCanceller = SessionCanceller | "PLAYER" | "SYSTEM";
export const sessionCanceller = (actor: { id: string }, session: { dm_id: string }): SessionCanceller => (actor.id === session.dm_id ? "HOST" : "ADMIN");
export const seatCanceller = (actor: { id: string }, session: { dm_id: string }, seatHolderId: string): SeatCanceller =>
  actor.id === seatHolderId ? "PLAYER" : sessionCanceller(actor, session);

/**
 * Where a player stands in a session's line at `now`: their position, and until when a seat is
 * held for them (null when no offer runs: none was made, or it lapsed). The session page and the
 * confirmation page both read it from here, so they never disagree about an offer.
 */
export function waitlistStanding(entry: { position: number; offer_expires_at: Date | string | null }, now: Date) {
  const until = entry.offer_expires_at === null ? null : new Date(entry.offer_expires_at);
  return { position: entry.position, offerUntil: until && until.getTime() > now.getTime() ? until : null };
}

/** What a player who holds a seat is told about when it changes (`session_modified`): when, how long, where, and the price. */
export type SessionTerms = { startsAt: Date; durationMinutes: number; location: string | null; priceCents: number; currency: string };

/** True when an edit changed a term a seat holder must hear of; a new title or description alone is no news to send. */
export function termsChanged(before: SessionTerms, after: SessionTerms): boolean {
  return (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.durationMinutes !== after.durationMinutes ||
    (before.location ?? "") !== (after.location ?? "") ||
    before.priceCents !== after.priceCents ||
    before.currency !== after.currency
  );
}
