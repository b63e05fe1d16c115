// What other modules use of payouts (decision record 074): whether a DM's payout account takes
// charges, which decides whether they may sell (and players may buy) paid seats.
export { chargesBlocked } from "./payouts.server";
export { findPayoutAccount } from "./repo.server";
export { canTakeCharges } from "./rules";
