import { platformFeeBps } from "#app/modules/payouts/fee-setting.server";
import { applicationFee } from "#app/modules/payouts/fees";
import { canTakeCharges, findPayoutAccount } from "#app/modules/payouts/index.server";
import type { Transfer } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";

/**
 * Where a paid seat's money goes (decision records 084 and 085): to the DM's connected account,
 * less the platform's fee, when that account takes charges. Decided once, when the payment row is
 * made, and kept on it: every later call to the provider for that payment reads it from there.
 * Null while the DM has no account that takes charges: the charge then stays with the platform.
 */
export async function seatTransfer(db: Database, dmId: string, amountCents: number, provider: string): Promise<Transfer | null> {
  const account = await findPayoutAccount(db, dmId);
  // An account made by the other adapter (the offline one, before Stripe's keys were set) is not one this provider knows.
  if (!account || !canTakeCharges(account) || account.provider !== provider) return null;
  return { destination: account.account_ref, applicationFeeCents: applicationFee(amountCents, platformFeeBps()) };
}

/** A payment row's transfer, as it was decided when the row was made. */
export const transferOf = (payment: { transfer_destination: string | null; application_fee_cents: number | null }): Transfer | null =>
  payment.transfer_destination !== null && payment.application_fee_cents !== null
    ? { destination: payment.transfer_destination, applicationFeeCents: payment.application_fee_cents }
    : null;
