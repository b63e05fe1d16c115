// The host forms' words for a price their DM cannot be paid yet (decision record 084), shared by the
// server that refuses it and the price field that links to the payouts page beside it.

/** The validation key of the host forms' price field when the DM's payout account cannot take charges. */
export const PAYOUT_ACCOUNT_NEEDED = "payoutAccountNeeded";
