import { createHash } from "node:crypto";
import { accountState, missingDetails, PAID_HOSTING_TERMS_VERSION } from "../../app/modules/payouts/rules";
import type { ProviderAccount } from "../../app/services/connect/connect";
import { getDb } from "../../db/client.server";

/** Stable, well-formed offline account ids for the demo's DMs (a second seed run finds them). */
const accountRef = (userId: string) => `acct_offline_${createHash("sha256").update(`demo-payouts-${userId}`).digest("hex").slice(0, 24)}`;

const ACTIVE: ProviderAccount = {
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
};
/**
 * The demo's payout accounts (decision record 084), as the offline Connect adapter and its events
 * would have left them: Ana's is active in Mexico and Bruno's in Brazil, so their paid seats sell and
 * are paid to them less the fee (no paid seat is sold without a payable DM). Once every paid story
 * is in, Stripe asks Bruno for more details (earnings-stories.ts, askBrunoForDetails).
 */
export async function seedPayoutStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const stories = [
    { email: "ana.dm@mesa.test", country: "MX", account: ACTIVE },
    { email: "bruno.dm@mesa.test", country: "BR", account: ACTIVE },
  ] as const;
  let created = 0;
  for (const story of stories) {
    const userId = idOf(story.email);
    if (!userId) continue;
    const ref = accountRef(userId);
    const { requirements, ...flags } = story.account;
    // What the Connect webhook would have set from the account's event (payouts/rules.ts).
    const state = accountState(story.account, false);
    await db
      .insertInto("offline_connect_accounts")
      .values({
        id: ref,
        user_id: userId,
        country: story.country,
        email: story.email,
        idempotency_key: `payout-account-${userId}`,
        ...flags,
        requirements: JSON.stringify(requirements),
        created_at: now,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    await db
      .insertInto("paid_hosting_terms")
      .values({ user_id: userId, version: PAID_HOSTING_TERMS_VERSION, accepted_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const inserted = await db
      .insertInto("payout_accounts")
      .values({
        user_id: userId,
        provider: "offline",
        account_ref: ref,
        country: story.country,
        state,
        charges_enabled: story.account.charges_enabled,
        payouts_enabled: story.account.payouts_enabled,
        ever_active: state === "active",
        requirements: JSON.stringify(missingDetails(story.account)),
        disabled_reason: requirements.disabled_reason,
        state_event_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (inserted) created += 1;
  }
  return created;
}
