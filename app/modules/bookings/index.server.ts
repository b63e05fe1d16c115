// What other modules use of bookings' records (decision record 074): a series edit cancels, clears
// and carries the seats of the sessions it changes, and a series page asks which of its sessions the
// viewer holds a seat in.
export { followSubscribedSeats, forgetPaymentReminders } from "./edited-seats-repo.server";
export { bookedSessionIdsInSeries, cancelAllActiveBookings, clearWaitlist, hasConfirmedSeatInSeries } from "./repo.server";
