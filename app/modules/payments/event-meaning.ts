import type { WebhookEvent } from "#app/services/payments/payments";
import { isVoucherMethod } from "./rules";

// How the payments webhook reads a provider event: what it means for one of our payments, the
// method the payer chose, and the amount paid. Shared by seat payments and tips.

/** Why an event was not taken: its signature does not match the raw body, or it is not an event at all. */
export type WebhookRefusal = "badSignature" | "badPayload";

/**
 * What became of an event, in words (the route turns it into the provider's answer): `duplicate` for
 * one already taken, `ignored` for one about nothing of ours, else what it did to the payment
 * (`confirmed`, `refunding`, `holdExtended`…). A refusal carries the reason the adapter gave.
 */
export type WebhookAnswer = { ok: true; outcome: string } | { ok: false; refusal: WebhookRefusal; detail?: string };

export type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : null);

/** What an event means for one of our payments. */
export type Meaning = { kind: "paid" | "failed" | "actionNeeded" | "processing" | "lapsed" | "refunded"; ref: string | null; paymentIntent: string | null };

/** What an event means for one of our payments; null for events we do not act on. */
export function meaning(event: WebhookEvent): Meaning | null {
  const o = event.data.object as Obj;
  const id = str(o.id);
  switch (event.type) {
    case "payment_intent.succeeded":
      return { kind: "paid", ref: id, paymentIntent: id };
    case "payment_intent.payment_failed":
      return { kind: "failed", ref: id, paymentIntent: id };
    case "payment_intent.requires_action":
      return { kind: "actionNeeded", ref: id, paymentIntent: id };
    case "payment_intent.processing":
      return { kind: "processing", ref: id, paymentIntent: id };
    case "payment_intent.canceled":
      return { kind: "lapsed", ref: id, paymentIntent: id };
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      if (o.payment_status === "paid") return { kind: "paid", ref: id, paymentIntent: str(o.payment_intent) };
      // Completed unpaid: the payer chose a delayed method (a voucher or slip) on the hosted page;
      // its PaymentIntent's own events carry the voucher, and async_payment_* the outcome.
      return event.type === "checkout.session.completed" ? { kind: "processing", ref: id, paymentIntent: str(o.payment_intent) } : null;
    case "checkout.session.async_payment_failed":
      return { kind: "failed", ref: id, paymentIntent: str(o.payment_intent) };
    case "checkout.session.expired":
      return { kind: "lapsed", ref: id, paymentIntent: null };
    case "charge.refunded":
      return o.refunded === true ? { kind: "refunded", ref: str(o.payment_intent), paymentIntent: str(o.payment_intent) } : null;
    default:
      return null;
  }
}

const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);
const epoch = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? new Date(v * 1000) : null);

/**
 * The method the payer chose, as far as the event tells it: a voucher, slip or QR code waiting in
 * `next_action` (with its number, page and expiry), else the charge's `payment_method_details.type`
 * (when the charge is expanded, as the offline adapter sends it), else an expanded payment method,
 * else a list of one.
 */
export function chosenMethod(event: WebhookEvent): { type: string; reference: string | null; url: string | null; expiresAt: Date | null } | null {
  const o = event.data.object as Obj;
  const next = obj(o.next_action);
  const oxxo = obj(next?.oxxo_display_details);
  if (oxxo) return { type: "oxxo", reference: str(oxxo.number), url: str(oxxo.hosted_voucher_url), expiresAt: epoch(oxxo.expires_after) };
  const boleto = obj(next?.boleto_display_details);
  if (boleto)
    return { type: "boleto", reference: str(boleto.number), url: str(boleto.hosted_voucher_url) ?? str(boleto.pdf), expiresAt: epoch(boleto.expires_at) };
  const pix = obj(next?.pix_display_qr_code);
  if (pix) return { type: "pix", reference: null, url: null, expiresAt: epoch(pix.expires_at) };
  const type =
    str(obj(obj(o.latest_charge)?.payment_method_details)?.type) ??
    str(obj(o.payment_method)?.type) ??
    (Array.isArray(o.payment_method_types) && o.payment_method_types.length === 1 ? str(o.payment_method_types[0]) : null);
  return type ? { type, reference: null, url: null, expiresAt: null } : null;
}

/** The amount and currency the provider says were paid (a checkout's total, or an intent's amount). */
export function paidAmount(event: WebhookEvent): { amount: number | null; currency: string | null } {
  const o = event.data.object as Obj;
  const amount = typeof o.amount_total === "number" ? o.amount_total : typeof o.amount === "number" ? o.amount : null;
  return { amount, currency: str(o.currency)?.toUpperCase() ?? null };
}

/**
 * A card try the provider declined (the payment stays open for another try), as against a voucher
 * or slip that lapsed unpaid (OXXO's own flow, or one chosen inside a card payment).
 */
export function isCardDecline(event: WebhookEvent, p: { method: string; payment_method_type: string | null }) {
  return p.method !== "OXXO" && !isVoucherMethod(chosenMethod(event)?.type ?? p.payment_method_type);
}
