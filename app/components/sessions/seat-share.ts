import { intlLocale, type Locale } from "#app/modules/i18n/config";
import { dmShare } from "#app/modules/payouts/fees";
import { formPriceToCents, isCurrency, MAX_PRICE_CENTS } from "#app/modules/pricing/rules";
import { formatPrice } from "#app/modules/sessions/rules";

/** The words of "you receive X per seat (Mesa's fee Y)": the DM's share with its currency, and the fee as a percentage. */
export type SeatShareWords = { amount: string; fee: string };

/**
 * What the DM receives of one seat at the price as typed in the host form, worded in the page's
 * language. The server renders it from the submitted fields (so it shows without JavaScript after
 * a submit), the browser recomputes it as the host types: both with the same `dmShare` as the
 * payment (decision record 085). None for a free offer, no price, or a price or currency the form
 * would refuse.
 */
export function seatShareWords(input: { price: string; currency: string; free: boolean; feeBps: number; lang: Locale }): SeatShareWords | null {
  const cents = formPriceToCents(input.price);
  if (input.free || cents === 0 || cents > MAX_PRICE_CENTS || !isCurrency(input.currency)) return null;
  return {
    amount: `${formatPrice(dmShare(cents, input.feeBps), input.currency, input.lang)} ${input.currency}`,
    fee: feePercent(input.feeBps, input.lang),
  };
}

/** Basis points as a percentage in the page's language: 1000 → "10%", 1250 → "12.5%" ("12,5%" in Portuguese). */
export const feePercent = (feeBps: number, lang: Locale) =>
  new Intl.NumberFormat(intlLocale[lang], { style: "percent", maximumFractionDigits: 2 }).format(feeBps / 10_000);
