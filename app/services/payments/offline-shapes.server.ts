import { randomBytes, randomInt } from "node:crypto";
import type { OfflineIntent } from "./offline-repo.server";

// The offline adapter's look-alikes of what Stripe issues: voucher and slip numbers and expiries,
// and the PaymentIntent objects its signed events carry.

const MEXICO_CITY_OFFSET_MS = -6 * 3_600_000; // no daylight saving time since 2022

/** Stripe's OXXO vouchers lapse at 23:59 Mexico City time, `days` calendar days after they are made. */
export function oxxoVoucherExpiry(createdAt: Date, days: number): Date {
  const local = new Date(createdAt.getTime() + MEXICO_CITY_OFFSET_MS);
  const endLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 0);
  return new Date(endLocal - MEXICO_CITY_OFFSET_MS);
}

const SAO_PAULO_OFFSET_MS = -3 * 3_600_000; // no daylight saving time since 2019

/** Stripe's boleto slips lapse at 23:59 São Paulo time, `days` calendar days after they are made. */
export function boletoExpiry(createdAt: Date, days: number): Date {
  const local = new Date(createdAt.getTime() + SAO_PAULO_OFFSET_MS);
  const endLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 0);
  return new Date(endLocal - SAO_PAULO_OFFSET_MS);
}

export const rand = () => randomBytes(12).toString("hex");
/** An 18-digit number like the one printed on an OXXO voucher. */
export const oxxoNumber = () => Array.from({ length: 18 }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join("");
/** A 47-digit number like a boleto's "linha digitável". */
export const boletoNumber = () => Array.from({ length: 47 }, () => randomInt(0, 10)).join("");

/**
 * A PaymentIntent as Stripe shows it: the methods offered in `payment_method_types`; once one is
 * chosen, the payment method and the charge (expanded here) name it, and a voucher, slip or Pix
 * code waiting to be paid is the `next_action`.
 */
export const intentObject = (i: OfflineIntent, id = i.id, status = i.status, extra: Record<string, unknown> = {}) => {
  const chosen = i.kind === "oxxo" ? "oxxo" : i.payment_method_type;
  return {
    id,
    object: "payment_intent",
    amount: i.amount_cents,
    currency: i.currency.toLowerCase(),
    status,
    metadata: i.metadata,
    payment_method_types: i.kind === "oxxo" ? ["oxxo"] : i.payment_method_types,
    ...(chosen ? { payment_method: { object: "payment_method", type: chosen } } : {}),
    ...(i.transfer_destination ? { transfer_data: { destination: i.transfer_destination }, application_fee_amount: i.application_fee_cents } : {}),
    ...(chosen && status !== "requires_action"
      ? { latest_charge: { object: "charge", amount: i.amount_cents, currency: i.currency.toLowerCase(), payment_method_details: { type: chosen } } }
      : {}),
    ...extra,
  };
};

/** What a delayed method shows the payer while it waits: the voucher, slip or code, with its expiry. */
export function nextAction(i: OfflineIntent) {
  const expiresAt = i.expires_at ? Math.floor(new Date(i.expires_at).getTime() / 1000) : null;
  const page = `/api/payments/offline/${i.id}/voucher`;
  if (i.payment_method_type === "oxxo")
    return { type: "oxxo_display_details", oxxo_display_details: { number: i.voucher_reference, hosted_voucher_url: page, expires_after: expiresAt } };
  if (i.payment_method_type === "boleto")
    return {
      type: "boleto_display_details",
      // The offline voucher PDF is OXXO's; a slip is shown by its number only.
      boleto_display_details: { number: i.voucher_reference, hosted_voucher_url: null, pdf: null, expires_at: expiresAt },
    };
  if (i.payment_method_type === "pix") return { type: "pix_display_qr_code", pix_display_qr_code: { data: i.voucher_reference, expires_at: expiresAt } };
  return null;
}
