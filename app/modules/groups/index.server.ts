// What other modules use of groups' records (decision record 074): a paid group's hold refuses a
// second group of one booker and holds its guests' seats for the payment; its card page is shown
// again while it runs; the webhook that settles (or refunds) the payment reads the seats it paid.
export { hasActiveGroup, insertHeldSeats, payingGroupBooking, seatsPaidBy } from "./repo.server";
