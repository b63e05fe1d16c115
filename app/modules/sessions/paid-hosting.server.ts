import { canTakeCharges, findPayoutAccount } from "#app/modules/payouts/index.server";
import type { Database } from "#db/client.server";
import { PAYOUT_ACCOUNT_NEEDED } from "./paid-hosting";

// The one rule on who may sell paid seats (decision record 084): a seat with a price is sold only
// while its DM's payout account takes charges, since that money is transferred to them. The host
// forms, the JSON API and the seat pipeline all ask here; a free seat never needs an account.

export { PAYOUT_ACCOUNT_NEEDED };

/** The JSON API's message for the same refusal, naming the field as its other refusals do. */
export const PAYOUT_ACCOUNT_NEEDED_API = "priceCents needs a payout account that can take charges";

/** Whether `hostId` may ask `priceCents` for a seat now: always when free, else only while their account takes charges. */
export async function hostMayCharge(db: Database, hostId: string, priceCents: number): Promise<boolean> {
  if (priceCents <= 0) return true;
  return canTakeCharges(await findPayoutAccount(db, hostId));
}
