// What other modules use of reviews (decision record 074): which sessions a player may review or has
// reviewed, for the links on the booked sessions' list.
export { reviewLinks } from "./repo.server";
