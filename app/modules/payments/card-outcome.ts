/**
 * What the card dialog does with Stripe's answer to confirmPayment (spec section 4, card payment
 * flow). Pure, and free of imports, so the payment-dialogs island carries only these lines.
 */
/**
 * Payment-method types as the provider names them, in the order the card dialog's tabs and the
 * hosted card page show them: card first, then the buy-now-pay-later method, then the cash
 * voucher (OXXO), then Brazil's bank slip (boleto) and instant transfer (Pix).
 */
export const PAYMENT_METHOD_ORDER = ["card", "klarna", "oxxo", "boleto", "pix"] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_ORDER)[number];

export type ConfirmResult = {
  error?: { type?: string; message?: string } | null;
  paymentIntent?: { status: string; next_action?: { type?: string } | null } | null;
};

export type CardOutcome =
  /** Paid or being processed: on to the session's page, where the webhook's word shows. */
  | { kind: "paid" }
  /** A voucher or slip chosen in the dialog (OXXO, boleto): its page shows the reference. */
  | { kind: "voucher" }
  /** Stay in the dialog with a message: a key of the payments namespace, or Stripe's own text. */
  | { kind: "message"; key: string; values?: Record<string, string> }
  | { kind: "text"; text: string };

const voucherActions = new Set(["oxxo_display_details", "boleto_display_details"]);
// Stripe words these for the payer in their language; other kinds are ours to word.
const payerErrors = new Set(["card_error", "validation_error"]);

export function cardOutcome(result: ConfirmResult): CardOutcome {
  if (result.error) {
    const { type, message } = result.error;
    return type && payerErrors.has(type) && message ? { kind: "text", text: message } : { kind: "message", key: "card.paymentFailed" };
  }
  const intent = result.paymentIntent;
  if (!intent) return { kind: "message", key: "card.paymentProcessingFailed" };
  switch (intent.status) {
    case "succeeded":
    case "processing":
      return { kind: "paid" };
    case "requires_action":
      return intent.next_action?.type && voucherActions.has(intent.next_action.type)
        ? { kind: "voucher" }
        : { kind: "message", key: "card.paymentStatus", values: { status: intent.status } };
    case "requires_payment_method":
      return { kind: "message", key: "card.paymentFailedTryDifferent" };
    case "requires_confirmation":
      return { kind: "message", key: "card.paymentRequiresConfirmation" };
    default:
      return { kind: "message", key: "card.paymentStatus", values: { status: intent.status } };
  }
}
