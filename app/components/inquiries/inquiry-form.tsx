import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CharCounter } from "#app/components/profiles/char-counter";
import { Button } from "#app/components/ui/button";
import { ErrorList, SelectField, TextareaField } from "#app/components/ui/field";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { estimateCents, INQUIRY_DEFAULTS, INQUIRY_LIMITS, sessionTypes } from "#app/modules/inquiries/rules";
import { inquirySchema } from "#app/modules/inquiries/schema";
import { formatPrice } from "#app/modules/sessions/rules";

export type InquiryOffer = { dmId: string; dmName: string; rateCents: number; currency: string; instructions: string };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const asNumber = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The direct booking inquiry form (spec section 2). It posts to the DM's inquiry route and works
 * without JavaScript; with it, the details counter and the estimate follow what is typed, and
 * sending waits until availability is filled in. Without it, the estimate is the server's: after
 * a refused submit (for the values sent) and on the sent inquiry's page.
 */
export function InquiryForm({
  offer,
  lastResult,
  serverEstimate,
}: {
  offer: InquiryOffer;
  lastResult?: SubmissionResult | null;
  serverEstimate?: string | null;
}) {
  const { t, i18n } = useTranslation("inquiries");
  const lang = i18n.language as Locale;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "inquiry",
    lastResult,
    defaultValue: { playerCount: String(INQUIRY_DEFAULTS.playerCount), hours: String(INQUIRY_DEFAULTS.hours), sessionType: INQUIRY_DEFAULTS.sessionType },
    constraint: getZodConstraint(inquirySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquirySchema }),
  });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [players, setPlayers] = useState(asNumber(fields.playerCount.initialValue, INQUIRY_DEFAULTS.playerCount));
  const [hours, setHours] = useState(asNumber(fields.hours.initialValue, INQUIRY_DEFAULTS.hours));
  const [availability, setAvailability] = useState(String(fields.availability.initialValue ?? ""));
  const [detailsLength, setDetailsLength] = useState(String(fields.details.initialValue ?? "").length);
  const rate = formatPrice(offer.rateCents, offer.currency, lang);
  const chosenType = String(fields.sessionType.initialValue ?? INQUIRY_DEFAULTS.sessionType);
  const estimate = hydrated
    ? `${formatPrice(estimateCents(players, hours, offer.rateCents), offer.currency, lang)} ${offer.currency}`
    : (serverEstimate ?? null);

  return (
    <Form
      method="post"
      action={localePath(lang, `/profile/${offer.dmId}/inquiry`)}
      {...getFormProps(form)}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
    >
      <RequestKeyField />
      <div className="grid grid-cols-2 gap-x-4">
        <SelectField
          label={t("form.playerCount")}
          errors={fields.playerCount.errors}
          selectProps={{ ...getSelectProps(fields.playerCount), onChange: (e) => setPlayers(asNumber(e.currentTarget.value, players)) }}
        >
          {range(INQUIRY_LIMITS.playersMin, INQUIRY_LIMITS.playersMax).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("form.hours")}
          errors={fields.hours.errors}
          selectProps={{ ...getSelectProps(fields.hours), onChange: (e) => setHours(asNumber(e.currentTarget.value, hours)) }}
        >
          {range(INQUIRY_LIMITS.hoursMin, INQUIRY_LIMITS.hoursMax).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset aria-describedby={fields.sessionType.errors?.length ? fields.sessionType.errorId : undefined}>
        <legend className="text-sm font-medium text-stone-800">{t("form.sessionType")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {sessionTypes.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name={fields.sessionType.name} value={type} defaultChecked={chosenType === type} className="h-5 w-5" />
              {t(`form.${type}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.sessionType.errorId} errors={fields.sessionType.errors} />
      </fieldset>
      <TextareaField
        label={t("form.availability")}
        hint={t("form.availabilityHint")}
        errors={fields.availability.errors}
        textareaProps={{ ...getTextareaProps(fields.availability), rows: 3, onInput: (e) => setAvailability(e.currentTarget.value) }}
      />
      <TextareaField
        label={t("form.details")}
        hint={
          <span className="flex justify-between gap-2">
            <span>{t("form.detailsHint")}</span>
            <CharCounter length={detailsLength} max={INQUIRY_LIMITS.detailsMax} />
          </span>
        }
        errors={fields.details.errors}
        textareaProps={{ ...getTextareaProps(fields.details), rows: 4, onInput: (e) => setDetailsLength(e.currentTarget.value.length) }}
      />
      <div className="rounded-md bg-stone-100 p-3 text-sm" aria-live="polite">
        <p className="font-medium text-stone-800">{t("form.estimate")}</p>
        {estimate ? (
          <>
            <p className="text-xl font-bold text-stone-900" data-testid="inquiry-estimate">
              {estimate}
            </p>
            <p className="text-stone-600">{t("form.estimateFormula", { players, hours, rate })}</p>
          </>
        ) : (
          <p className="text-stone-600">{t("form.estimateAfterSubmit")}</p>
        )}
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <NotSentNotice />
      <p className="text-xs text-stone-600">{t("form.limitNote")}</p>
      <Button disabled={busy || (hydrated && availability.trim() === "")}>{busy ? t("form.sending") : t("form.submit")}</Button>
    </Form>
  );
}
