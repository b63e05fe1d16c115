import { z } from "zod";
import { currencies, oxxoAdvanceHours, oxxoVoucherDays, type PaymentMethod, paymentMethods } from "#app/modules/catalog/options";
import { acceptedMethods, formPriceToCents, MAX_PRICE_CENTS, PRICING_DEFAULTS } from "./rules";

/**
 * Price and payment, the one fragment the session and series schemas use, in the form (i18n keys)
 * and in the JSON API (plain English): the same options, defaults and rules, so a session or series
 * made through one saves unchanged through the other.
 */
type Messages = { priceTooHigh: string; price: string; currency: string; method: string; advance: string; voucher: string; oxxoNeedsMxn: string };

const formMessages: Messages = {
  priceTooHigh: "priceTooHigh",
  price: "priceTooHigh",
  currency: "currencyInvalid",
  method: "paymentMethodInvalid",
  advance: "advanceInvalid",
  voucher: "voucherDaysInvalid",
  oxxoNeedsMxn: "oxxoNeedsMxn",
};

const apiMessages: Messages = {
  priceTooHigh: `price must be at most ${MAX_PRICE_CENTS} cents`,
  price: "price must be a whole number of cents, 0 or more",
  currency: "currency is not supported",
  method: "allowedPaymentMethods must be CARD, OXXO or CASH",
  advance: `minAdvanceBookingHours must be one of ${oxxoAdvanceHours.join(", ")}`,
  voucher: `voucherPaymentDays must be one of ${oxxoVoucherDays.join(", ")}`,
  oxxoNeedsMxn: "OXXO is only available for MXN",
};

/** One of a fixed list of numbers; forms send them as text. */
function choice<T extends readonly number[]>(options: T, message: string) {
  return z.coerce.number({ invalid_type_error: message }).refine((n): n is T[number] => options.includes(n), message) as unknown as z.ZodType<
    T[number],
    z.ZodTypeDef,
    unknown
  >;
}

const list = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);

const oxxoOptions = (m: Messages) => ({
  minAdvanceBookingHours: choice(oxxoAdvanceHours, m.advance).default(PRICING_DEFAULTS.minAdvanceBookingHours),
  voucherPaymentDays: choice(oxxoVoucherDays, m.voucher).default(PRICING_DEFAULTS.voucherPaymentDays),
});
const currency = (m: Messages) => z.enum(currencies, { errorMap: () => ({ message: m.currency }) }).default(PRICING_DEFAULTS.currency);
const methodList = (m: Messages) => z.array(z.enum(paymentMethods, { errorMap: () => ({ message: m.method }) }));

/** The form's fields: a free switch, the price in units as typed (or as shown), the payment checkboxes. */
export const pricingFormShape = {
  isFree: z.boolean().optional().default(false),
  price: z.unknown().transform(formPriceToCents),
  currency: currency(formMessages),
  paymentMethods: z.preprocess(list, methodList(formMessages)),
  ...oxxoOptions(formMessages),
};

/** The API's fields: the price in cents. */
export const pricingApiShape = {
  price: z
    .number({ invalid_type_error: apiMessages.price })
    .int(apiMessages.price)
    .min(0, apiMessages.price)
    .max(MAX_PRICE_CENTS, apiMessages.priceTooHigh)
    .default(0),
  currency: currency(apiMessages),
  allowedPaymentMethods: methodList(apiMessages).default([...PRICING_DEFAULTS.paymentMethods]),
  ...oxxoOptions(apiMessages),
};

type Checked = { priceCents: number; free: boolean; currency: string; methods: readonly PaymentMethod[] };

/** The rules across fields (spec section 5): the price cap, and OXXO only for prices in MXN. */
export function checkPricing(v: Checked, ctx: z.RefinementCtx, kind: "form" | "api") {
  const m = kind === "form" ? formMessages : apiMessages;
  const at = (field: string) => (kind === "form" ? [field] : []);
  if (!v.free && v.priceCents > MAX_PRICE_CENTS) ctx.addIssue({ code: "custom", path: at("price"), message: m.priceTooHigh });
  if (!v.free && v.methods.includes("OXXO") && v.currency !== "MXN") ctx.addIssue({ code: "custom", path: at("paymentMethods"), message: m.oxxoNeedsMxn });
}

/** The form's values as stored: free is price 0 with no methods; cards are always accepted. */
export function formPricing<T extends { isFree: boolean; price: number; paymentMethods: PaymentMethod[] }>(v: T) {
  const price = v.isFree ? 0 : v.price;
  return { ...v, price, paymentMethods: acceptedMethods(price, v.paymentMethods) };
}
