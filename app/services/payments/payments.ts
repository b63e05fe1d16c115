/**
 * The payment port (docs/decisions/026-payments-behind-a-port.md). Two adapters: Stripe, and an
 * offline one that plays Stripe's part on this machine. Both report outcomes only as signed
 * webhook events to /api/webhooks/stripe, so booking logic has one path whatever the adapter.
 */

/** What every provider object carries back to us: our payment row and its booking. */
export type PaymentMetadata = { paymentId: string; bookingId: string; sessionId: string };

export type OxxoVoucher = {
  /** The provider's PaymentIntent id. */
  id: string;
  /** The number the cashier types (printed under the barcode). */
  reference: string;
  /** Where the printable voucher lives (Stripe's hosted page, or the offline adapter's PDF). */
  hostedVoucherUrl: string | null;
  expiresAt: Date;
};

/**
 * The methods a card payment offers, in tab order (the provider's type names: card, klarna, oxxo,
 * boleto, pix), and how long what a delayed method issues lives: OXXO vouchers and boleto slips
 * `voucherDays` calendar days, Pix codes `pixSeconds`.
 */
export type MethodChoice = { paymentMethodTypes: readonly string[]; voucherDays: number; pixSeconds: number };

/**
 * A destination charge (decision record 084): the DM's connected account the payment transfers to,
 * and the platform's application fee kept from it, in the payment's minor units.
 */
export type Transfer = { destination: string; applicationFeeCents: number };

/** Our refund reasons (spec, shared rulebook). */
export const REFUND_REASONS = ["customer_request", "session_cancelled", "dm_unavailable", "technical_issue", "duplicate_payment", "other"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The part of a provider event the webhook handler reads (Stripe's event shape). */
export type WebhookEvent = { id: string; type: string; created?: number; data: { object: Record<string, unknown> } };

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A provider call failed (network, declined request, bad key); the message is for logs only. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export interface Payments {
  readonly provider: "stripe" | "offline";
  /** For the browser's Payment Element; null when the offline adapter plays the provider. */
  readonly publishableKey: string | null;
  /** A card PaymentIntent for the Payment Element; its client secret goes to the browser. */
  createCardIntent(
    input: {
      amountCents: number;
      currency: string;
      email: string;
      metadata: PaymentMetadata;
      idempotencyKey: string;
      transfer?: Transfer | null;
    } & MethodChoice,
  ): Promise<{
    id: string;
    clientSecret: string;
  }>;
  /** A hosted card page (Checkout Session) for browsers without JavaScript, offering the same methods. */
  createCheckout(
    input: MethodChoice & {
      amountCents: number;
      currency: string;
      productName: string;
      email: string;
      lang: string;
      successUrl: string;
      cancelUrl: string;
      expiresAt: Date;
      metadata: PaymentMetadata;
      idempotencyKey: string;
      transfer?: Transfer | null;
    },
  ): Promise<{ id: string; url: string }>;
  /** An OXXO PaymentIntent, created and confirmed: its voucher exists when this returns. */
  createOxxo(input: {
    amountCents: number;
    currency: string;
    name: string;
    email: string;
    expiresAfterDays: number;
    metadata: PaymentMetadata;
    idempotencyKey: string;
    transfer?: Transfer | null;
    /** The request's clock; the offline adapter dates its voucher by it (Stripe uses its own). */
    now?: Date;
  }): Promise<OxxoVoucher>;
  /**
   * Refunds a paid PaymentIntent in full; the refund's outcome arrives as a webhook event. A
   * destination charge's refund (`reverseTransfer`) takes back the DM's transfer and returns the
   * application fee in proportion.
   */
  refund(input: { paymentIntentId: string; reason: RefundReason; metadata: PaymentMetadata; idempotencyKey: string; reverseTransfer?: boolean }): Promise<{
    id: string;
  }>;
  /** Checks the Stripe-Signature header over the raw body; throws WebhookSignatureError. */
  parseWebhook(payload: string, signature: string | null): WebhookEvent;
}
