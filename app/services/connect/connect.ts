/**
 * The payout-account port (decision record 084): the DM's connected account at the payment
 * provider. Two adapters, as for payments: Stripe Connect, and an offline one that plays it on this
 * machine with a local onboarding page. Both report an account's state only as signed events to
 * /api/webhooks/stripe-connect; the payouts page shows what those events said, never what a return
 * URL claims.
 */
import type { WebhookEvent } from "#app/services/payments/payments";

export interface Connect {
  readonly provider: "stripe" | "offline";
  /**
   * A new connected account (Express) for a DM, able to take card payments and receive transfers.
   * `idempotencyKey` makes a form sent twice create one account.
   */
  createAccount(input: { country: string; email: string; userId: string; idempotencyKey: string }): Promise<{ id: string }>;
  /** A one-time link to the provider's hosted onboarding; `refreshUrl` when it lapsed, `returnUrl` when the DM is done. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** Checks the signature of a Connect event with the Connect endpoint's own secret; throws WebhookSignatureError. */
  parseWebhook(payload: string, signature: string | null): ConnectEvent;
}

/**
 * How many business days after its charge a transfer becomes available to pay out, in the connected
 * account's country (decision record 086): what the offline provider does, and what the earnings desk
 * counts as pending. Stripe's own schedule for an account may differ; its payout events are the truth.
 */
export const PAYOUT_DELAY_BUSINESS_DAYS = 2;

/** A Connect event: Stripe's event shape, with the connected account it happened on (absent on the platform's own events). */
export type ConnectEvent = WebhookEvent & { account?: string | null };

/** The part of the provider's Account object (an `account.updated` event's object) the payouts page reads: Stripe's field names. */
export type ProviderAccount = {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    past_due: string[];
    pending_verification: string[];
    disabled_reason: string | null;
  };
};
