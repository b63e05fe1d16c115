import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRequirementWords } from "#app/components/payouts/requirement-words";
import { Button } from "#app/components/ui/button";
import { ErrorList, SelectField } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { type AccountState, PAYOUT_COUNTRIES } from "#app/modules/payouts/rules";
import { payoutsFormSchema } from "#app/modules/payouts/schema";
import { pageLocale } from "#app/web/locale";

type Loaded = {
  feeBps: number;
  termsVersion: string;
  termsAcceptedAt: string | null;
  account: { state: AccountState; country: string; requirements: string[]; updatedByProviderAt: string | null } | null;
  returned: boolean;
  lapsed: boolean;
  zone: string;
};

const STATE_TONE: Record<AccountState, string> = {
  not_started: "border-stone-300 bg-stone-50 text-stone-900",
  details_needed: "border-amber-300 bg-amber-50 text-amber-950",
  under_review: "border-sky-300 bg-sky-50 text-sky-950",
  active: "border-emerald-300 bg-emerald-50 text-emerald-950",
  restricted: "border-red-300 bg-red-50 text-red-950",
};

/** The payouts page: the account's state as the provider's events left it, and the one form that goes on with onboarding. */
export function PayoutsView({ loaded, lastResult }: { loaded: Loaded; lastResult: SubmissionResult | undefined }) {
  const { t, i18n } = useTranslation("payouts");
  const lang = pageLocale(i18n.language);
  const busy = useNavigation().state === "submitting";
  const words = useRequirementWords();
  const [form, fields] = useForm({
    id: "payouts",
    lastResult,
    defaultValue: { country: "MX" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutsFormSchema }),
  });
  const fee = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 }).format(loaded.feeBps / 10_000);
  const account = loaded.account;
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-1 text-stone-700">{t("subtitle", { fee })}</p>
      {loaded.returned ? (
        <p role="status" className="mt-4 rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950">
          {t("returned")}
        </p>
      ) : null}
      {loaded.lapsed ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t("lapsed")}
        </p>
      ) : null}
      {account ? (
        <div className={`mt-6 rounded-lg border p-4 ${STATE_TONE[account.state]}`} data-testid="payout-state" data-state={account.state}>
          <h2 className="font-semibold">{t(`state.${account.state}`)}</h2>
          <p className="mt-1 text-sm">{t(`stateHint.${account.state}`)}</p>
          {account.requirements.length > 0 && account.state !== "active" ? (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {account.requirements.map((id) => (
                <li key={id}>{words(id)}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2 text-xs">
            {t("country", { country: t(`countries.${account.country}`, { defaultValue: account.country }) })}
            {account.updatedByProviderAt ? ` · ${t("updatedAt", { at: formatDateTime(new Date(account.updatedByProviderAt), lang, loaded.zone) })}` : null}
          </p>
          <Link to={localePath(lang, "/earnings")} className="mt-2 inline-flex min-h-11 items-center text-sm font-medium underline">
            {t("earningsLink")}
          </Link>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        {account ? (
          <>
            <input type="hidden" name="intent" value="continue" />
            <NotSentNotice />
            <Button disabled={busy}>{account.state === "active" ? t("update") : t("continue")}</Button>
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="start" />
            <div>
              <h2 className="font-semibold">{t("terms.title", { version: loaded.termsVersion })}</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>{t("terms.fee", { fee })}</li>
                <li>{t("terms.refunds")}</li>
                <li>{t("terms.conduct")}</li>
                <li>{t("terms.stripe")}</li>
              </ul>
              {loaded.termsAcceptedAt ? (
                <p className="mt-2 text-sm text-stone-700">
                  {t("terms.acceptedAt", { version: loaded.termsVersion, at: formatDateTime(new Date(loaded.termsAcceptedAt), lang, loaded.zone) })}
                </p>
              ) : null}
            </div>
            <div>
              <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
                <input {...getInputProps(fields.acceptTerms, { type: "checkbox" })} className="h-5 w-5" />
                {t("terms.accept")}
              </label>
              <ErrorList id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
            </div>
            <SelectField label={t("countryLabel")} errors={fields.country.errors} selectProps={getSelectProps(fields.country)}>
              {PAYOUT_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {t(`countries.${c}`)}
                </option>
              ))}
            </SelectField>
            <p className="-mt-2 text-sm text-stone-700">{t("countryHint")}</p>
            <NotSentNotice />
            <Button disabled={busy}>{t("start")}</Button>
          </>
        )}
      </Form>
    </section>
  );
}
