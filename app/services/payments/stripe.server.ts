import Stripe from "stripe";
import { type MethodChoice, PaymentProviderError, type Payments, type RefundReason, type Transfer, type WebhookEvent } from "./payments";
import { verifiedEvent } from "./signed-events.server";

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake server; production leaves these unset. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
};

/**
 * The methods' options: how long OXXO vouchers and boleto slips live (calendar days) and Pix codes
 * (seconds). In the SDK's API version (2026-10-28.endive) the list itself is
 * `allowed_payment_method_types`, on PaymentIntents and Checkout Sessions alike; Stripe answers with
 * the ones it can offer in `payment_method_types`.
 */
function methodOptions(input: MethodChoice) {
  const has = (type: string) => input.paymentMethodTypes.includes(type);
  return {
    ...(has("oxxo") ? { oxxo: { expires_after_days: input.voucherDays } } : {}),
    ...(has("boleto") ? { boleto: { expires_after_days: input.voucherDays } } : {}),
    ...(has("pix") ? { pix: { expires_after_seconds: input.pixSeconds } } : {}),
  };
}

/** A destination charge's part of a PaymentIntent: where the money goes and the fee the platform keeps (decision record 084). */
const transferParams = (transfer: Transfer | null | undefined) =>
  transfer ? { transfer_data: { destination: transfer.destination }, application_fee_amount: transfer.applicationFeeCents } : {};

/** Stripe accepts three refund reasons; ours travel in the refund's metadata. */
const stripeReason = (reason: RefundReason): "duplicate" | "requested_by_customer" | undefined =>
  reason === "duplicate_payment" ? "duplicate" : reason === "customer_request" ? "requested_by_customer" : undefined;

/** A call to Stripe whose failure (network, refused request, bad key) becomes a PaymentProviderError; the message is for logs only. */
export const wrap = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
  }
};

/** The SDK's client as every Stripe adapter uses it: two retries, no telemetry, and a local fake server when tests name one. */
export const stripeClient = (config: Pick<StripeConfig, "secretKey" | "host" | "port" | "protocol">) =>
  new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    timeout: 20_000,
    ...(config.host ? { host: config.host, port: config.port, protocol: config.protocol ?? "https" } : {}),
  });

/** The real adapter: the `stripe` SDK, with an idempotency key on every write. */
export function createStripePayments(config: StripeConfig): Payments {
  const stripe = stripeClient(config);
  return {
    provider: "stripe",
    publishableKey: config.publishableKey,
    createCardIntent: (input) =>
      wrap(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            allowed_payment_method_types: [...input.paymentMethodTypes],
            payment_method_options: methodOptions(input),
            receipt_email: input.email,
            metadata: input.metadata,
            ...transferParams(input.transfer),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new Error("No client secret received");
        return { id: intent.id, clientSecret: intent.client_secret };
      }),
    createCheckout: (input) =>
      wrap(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            allowed_payment_method_types: [...input.paymentMethodTypes],
            payment_method_options: methodOptions(input),
            line_items: [
              {
                quantity: 1,
                price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amountCents, product_data: { name: input.productName } },
              },
            ],
            customer_email: input.email,
            locale: input.lang === "pt" ? "pt-BR" : input.lang === "en" ? "en" : "es-419",
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            metadata: input.metadata,
            payment_intent_data: { metadata: input.metadata, ...transferParams(input.transfer) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error("Checkout Session without a URL");
        return { id: session.id, url: session.url };
      }),
    createOxxo: (input) =>
      wrap(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            allowed_payment_method_types: ["oxxo"],
            payment_method_data: { type: "oxxo", billing_details: { name: input.name, email: input.email } },
            payment_method_options: { oxxo: { expires_after_days: input.expiresAfterDays } },
            confirm: true,
            metadata: input.metadata,
            ...transferParams(input.transfer),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const details = intent.next_action?.oxxo_display_details;
        if (!details?.number || !details.expires_after) throw new Error(`OXXO PaymentIntent ${intent.id} has no voucher (status ${intent.status})`);
        return {
          id: intent.id,
          reference: details.number,
          hostedVoucherUrl: details.hosted_voucher_url ?? null,
          expiresAt: new Date(details.expires_after * 1000),
        };
      }),
    refund: (input) =>
      wrap(async () => {
        const reason = stripeReason(input.reason);
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            ...(reason ? { reason } : {}),
            ...(input.reverseTransfer ? { reverse_transfer: true, refund_application_fee: true } : {}),
            metadata: { ...input.metadata, reason: input.reason },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id };
      }),
    parseWebhook: (payload, signature) => verifiedEvent<WebhookEvent>(payload, signature, config.webhookSecret),
  };
}
