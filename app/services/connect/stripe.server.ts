import { verifiedEvent } from "#app/services/payments/signed-events.server";
import { stripeClient, wrap } from "#app/services/payments/stripe.server";
import type { Connect, ConnectEvent } from "./connect";

export type StripeConnectConfig = {
  secretKey: string;
  /** The Connect endpoint's own signing secret (STRIPE_CONNECT_WEBHOOK_SECRET), not the payments one. */
  webhookSecret: string;
  /** Tests point the SDK at a local fake server; production leaves these unset. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
};

/**
 * Stripe Connect (decision record 084). Accounts are described by controller properties, the form
 * Stripe recommends over account types, set to what an Express account is: the platform pays
 * Stripe's fees and carries the losses, Stripe collects the requirements, and the DM gets the
 * Express dashboard. They ask for card payments and transfers, which destination charges need.
 */
export function createStripeConnect(config: StripeConnectConfig): Connect {
  const stripe = stripeClient(config);
  return {
    provider: "stripe",
    createAccount: (input) =>
      wrap(async () => {
        const account = await stripe.accounts.create(
          {
            country: input.country,
            email: input.email,
            controller: {
              fees: { payer: "application" },
              losses: { payments: "application" },
              requirement_collection: "stripe",
              stripe_dashboard: { type: "express" },
            },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { userId: input.userId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: account.id };
      }),
    createAccountLink: (input) =>
      wrap(async () => {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: "account_onboarding",
          collection_options: { fields: "currently_due" },
        });
        return { url: link.url };
      }),
    // The event as Stripe sent it, its connected account (`account`) included.
    parseWebhook: (payload, signature) => verifiedEvent<ConnectEvent>(payload, signature, config.webhookSecret),
  };
}
