// What other modules use of safety (decision record 074): taking a free seat and holding a paid one
// keep the player's lines and veils in the same transaction as the seat.
export { recordSeatSafety } from "./safety.server";
