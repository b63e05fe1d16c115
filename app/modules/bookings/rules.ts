/**
 * The booking vocabulary. A booking holds a seat while it is pending payment or confirmed; the
 * other statuses are history (kept, never deleted: docs/decisions/014-bookings-are-kept.md).
 * The database repeats the active list in the seat counter's trigger and in the partial unique
 * index of one active booking per user and session (migrations cannot import this file).
 */
export const BOOKING_STATUSES = ["PENDING_PAYMENT", "CONFIRMED", "EXPIRED", "CANCELLED", "REFUNDED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const ACTIVE_BOOKING_STATUSES = ["PENDING_PAYMENT", "CONFIRMED"] as const satisfies readonly BookingStatus[];
export type ActiveBookingStatus = (typeof ACTIVE_BOOKING_STATUSES)[number];

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
  | "inviteUnknown"
  | "inviteRevoked"
  | "inviteExpired"
  | "inviteUsedUp";

/** The refusal for an invite code that cannot be used, by its problem (app/modules/invites/rules.ts). */
export const inviteRefusal = (problem: "unknown" | "revoked" | "expired" | "usedUp"): BookingRefusal =>
  problem === "unknown" ? "inviteUnknown" : problem === "revoked" ? "inviteRevoked" : problem === "expired" ? "inviteExpired" : "inviteUsedUp";

/** The HTTP status each refusal answers with in the API. */
export const refusalStatus = (refusal: BookingRefusal): 400 | 403 | 404 | 409 =>
  refusal === "notFound" || refusal === "notWaiting"
    ? 404
    : refusal === "ownSession" || refusal === "notAllowed" || refusal === "inviteRequired"
      ? 403
      : refusal === "notFree" || refusal === "inviteUnknown"
        ? 400
        : 409;

/**
 * The last instant a seat can be taken: the start, or for a series occurrence the series'
 * booking lock before it.
 */
export function bookingDeadline(startsAt: Date, bookingLockHours: number | null): Date {
  return new Date(startsAt.getTime() - (bookingLockHours ?? 0) * HOUR);
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
 * Where a player stands in a session's line at `now`: their position, and until when a seat is
 * held for them (null when no offer runs: none was made, or it lapsed). The session page and the
 * confirmation page both read it from here, so they never disagree about an offer.
 */
export function waitlistStanding(entry: { position: number; offer_expires_at: Date | string | null }, now: Date) {
  const until = entry.offer_expires_at === null ? null : new Date(entry.offer_expires_at);
  return { position: entry.position, offerUntil: until && until.getTime() > now.getTime() ? until : null };
}
