import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SelectField } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { currencies, oxxoAdvanceHours, oxxoVoucherDays } from "#app/modules/catalog/options";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { MAX_PRICE_CENTS, priceStep, PRICING_DEFAULTS } from "#app/modules/pricing/rules";
import { PAYOUT_ACCOUNT_NEEDED } from "#app/modules/sessions/paid-hosting";
import { FormSection } from "./form-section";
import { initialList, initialText } from "./initial-values";
import { seatShareWords } from "./seat-share";

export type PricingFieldName = "isFree" | "price" | "currency" | "paymentMethods" | "minAdvanceBookingHours" | "voucherPaymentDays";

/**
 * The Pricing and Payment Methods sections of the session and series forms (spec section 2), on
 * the fields of the shared pricing schema. Every value the form was given is sent back, so saving
 * a form nobody touched changes nothing. CSS alone (so also without JavaScript) hides the price
 * while 'free' is ticked and the OXXO choices unless the currency is MXN; the hidden fields are
 * still sent, and the server ignores a free offer's price. Under the price, what the DM receives
 * per seat after the platform's fee (`feeBps`): rendered by the server from the values the form was
 * given (so without JavaScript it shows after a submit), and kept current as the host types.
 */
export function PricingFields({
  fields,
  feeBps,
  lang,
}: {
  fields: { [K in PricingFieldName]: FieldMetadata<string | string[]> };
  feeBps: number;
  lang: Locale;
}) {
  const { t } = useTranslation("sessions");
  // The price was refused until the DM's payout account takes charges: the way there sits beside it.
  const needsPayouts = fields.price.errors?.includes(PAYOUT_ACCOUNT_NEEDED) === true;
  // Only a currency picked with JavaScript running disables OXXO; the server's HTML never does, so it stays usable without.
  const [picked, setPicked] = useState<string | null>(null);
  const methods = new Set(initialList(fields.paymentMethods.initialValue));
  const shownPrice = typeof fields.price.initialValue === "string" ? fields.price.initialValue : "";
  // What the host typed or ticked since the page rendered; until then, the values the form was given.
  const [typedPrice, setTypedPrice] = useState<string | null>(null);
  const [freeTicked, setFreeTicked] = useState<boolean | null>(null);
  const share = seatShareWords({
    price: typedPrice ?? shownPrice,
    // An unset select shows its first option.
    currency: picked ?? initialText(fields.currency.initialValue) ?? currencies[0],
    free: freeTicked ?? fields.isFree.initialValue === "on",
    feeBps,
    lang,
  });
  const paidOnly = "group-has-[[name=isFree]:checked]/pricing:hidden";
  return (
    <div className="group/pricing space-y-6">
      <FormSection legend={t("form.pricing")}>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.isFree, { type: "checkbox" })} onChange={(e) => setFreeTicked(e.currentTarget.checked)} className="h-5 w-5" />
          {t("form.free")}
        </label>
        <div className={`grid gap-x-4 sm:grid-cols-2 ${paidOnly}`}>
          <Field
            label={t("form.price")}
            hint={share ? <span data-testid="seat-share">{t("form.youReceive", share)}</span> : null}
            errors={fields.price.errors}
            inputProps={{
              ...getInputProps(fields.price, { type: "number" }),
              onInput: (e) => setTypedPrice(e.currentTarget.value),
              step: priceStep(shownPrice),
              min: 0,
              max: MAX_PRICE_CENTS / 100,
              inputMode: "decimal",
            }}
          />
          <SelectField
            label={t("form.currency")}
            errors={fields.currency.errors}
            selectProps={{ ...getSelectProps(fields.currency), onChange: (e) => setPicked(e.currentTarget.value) }}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
        {needsPayouts ? (
          <p className={`text-sm ${paidOnly}`}>
            <Link to={localePath(lang, "/settings/payouts")} className="text-brand-700 underline">
              {t("form.setUpPayouts")}
            </Link>
          </p>
        ) : null}
      </FormSection>

      <FormSection legend={t("form.payment")} className={paidOnly}>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked disabled readOnly className="h-5 w-5" />
          {t("form.card")}
        </label>
        {/* OXXO is a Mexican cash voucher: offered for prices in MXN only (spec section 5). */}
        <div className="hidden space-y-2 group-has-[option[value=MXN]:checked]/pricing:block">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.paymentMethods.name}
              value="OXXO"
              defaultChecked={methods.has("OXXO")}
              disabled={picked !== null && picked !== "MXN"}
              className="h-5 w-5"
            />
            {t("form.oxxo")}
          </label>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField label={t("form.minAdvance")} errors={fields.minAdvanceBookingHours.errors} selectProps={getSelectProps(fields.minAdvanceBookingHours)}>
              {oxxoAdvanceHours.map((h) => (
                <option key={h} value={h}>
                  {t("form.advanceHours", { count: h })} {h === PRICING_DEFAULTS.minAdvanceBookingHours ? t("form.recommended") : ""}
                </option>
              ))}
            </SelectField>
            <SelectField label={t("form.voucherDays")} errors={fields.voucherPaymentDays.errors} selectProps={getSelectProps(fields.voucherPaymentDays)}>
              {oxxoVoucherDays.map((d) => (
                <option key={d} value={d}>
                  {t("form.days", { count: d })} {d === PRICING_DEFAULTS.voucherPaymentDays ? t("form.recommended") : ""}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name={fields.paymentMethods.name} value="CASH" defaultChecked={methods.has("CASH")} className="h-5 w-5" />
          {t("form.cash")}
        </label>
        <ErrorList id={fields.paymentMethods.errorId} errors={fields.paymentMethods.errors} />
      </FormSection>
    </div>
  );
}
