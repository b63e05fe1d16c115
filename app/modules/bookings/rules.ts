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

/** Seats still free; never negative, even for a session whose capacity was lowered. */
export const seatsLeft = (capacity: number, booked: number) => Math.max(0, capacity - booked);

/** A host may lower a session's capacity, but not below the seats already taken (the database refuses it too). */
export const capacityBelowBooked = (capacity: number, booked: number) => capacity < booked;
