// What other modules use of bookings' records (decision record 074). A series edit cancels, clears
// and carries the seats of the sessions it changes; a series page asks which of its sessions the viewer
// holds a seat in. Payments read a booking with its session and the session's payment terms, and move
// an unpaid hold's deadline; the confirmation screens and a group's mail read the session with its seats,
// the viewer's seat and the offers still running. A paid hold, another try at it and the webhook that
// settles it move the booking between its states (held, confirmed, lapsed, refunded) and count the
// seats still open under the session's lock.
export { followSubscribedSeats, forgetPaymentReminders } from "./edited-seats-repo.server";
export {
  extendHoldUntil,
  findActiveBookingDetail,
  findBookingWithSession,
  lockBookingForPayment,
  moveBooking,
  refundBooking,
  sessionPaymentTerms,
  setBookingMethod,
  setHoldUntil,
} from "./paid-repo.server";
export {
  bookedCount,
  bookedSessionIdsInSeries,
  cancelAllActiveBookings,
  clearWaitlist,
  findBooking,
  hasConfirmedSeatInSeries,
  type LockedSession,
  readSession,
} from "./repo.server";
export { countRunningOffers } from "./seat-calls.server";
