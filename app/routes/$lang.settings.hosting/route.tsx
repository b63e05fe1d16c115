import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { CharCounter } from "#app/components/profiles/char-counter";
import { Button } from "#app/components/ui/button";
import { Field, SelectField, TextareaField } from "#app/components/ui/field";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { getProfile, saveHosting } from "#app/modules/profiles/profiles.server";
import { centsToInput, currencies, LIMITS, spokenLanguages, weekDays } from "#app/modules/profiles/rules";
import { hostingSchema } from "#app/modules/profiles/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireDm } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";
import { CheckboxGroup } from "./checkbox-group";

export const handle = { i18n: ["profile", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** DM only: a player gets the guard screen. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireDm(request, lang);
  const profile = await getProfile(deps(context), user.id);
  if (!profile) notFound();
  return {
    title: translator(lang, "profile")("hosting.title"),
    values: {
      languages: profile.languages,
      availableDays: profile.available_days,
      acceptsDirectBookings: profile.accepts_direct_bookings ? "on" : "",
      directBookingRate: centsToInput(profile.direct_booking_rate_cents),
      directBookingCurrency: profile.direct_booking_currency,
      directBookingInstructions: profile.direct_booking_instructions,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireDm(request, lang);
  const submission = parseForm(await readForm(request), { schema: hostingSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  await saveHosting(deps(context), user.id, submission.value);
  return redirectWithToast(localePath(lang, "/settings/hosting"), { type: "success", key: "toasts.hostingSaved" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function HostingSettingsPage() {
  const { values } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t } = useTranslation("profile");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "hosting",
    lastResult,
    defaultValue: values,
    constraint: getZodConstraint(hostingSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hostingSchema }),
  });
  const [instructionsLength, setInstructionsLength] = useState(String(fields.directBookingInstructions.initialValue ?? "").length);
  const picked = (value: unknown) => new Set([value ?? []].flat());
  const languages = picked(fields.languages.initialValue);
  const days = picked(fields.availableDays.initialValue);

  return (
    <section>
      <h1 className="text-2xl font-bold">{t("hosting.title")}</h1>
      <p className="mt-1 text-stone-700">{t("hosting.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        <CheckboxGroup
          legend={t("fields.languages")}
          name={fields.languages.name}
          errorId={fields.languages.errorId}
          errors={fields.languages.errors}
          options={spokenLanguages.map((l) => ({ value: l, label: t(`spoken.${l}`), checked: languages.has(l) }))}
        />
        <CheckboxGroup
          legend={t("fields.availableDays")}
          name={fields.availableDays.name}
          errorId={fields.availableDays.errorId}
          errors={fields.availableDays.errors}
          options={weekDays.map((d) => ({ value: d, label: t(`days.${d}`), checked: days.has(d) }))}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.acceptsDirectBookings, { type: "checkbox" })} className="h-5 w-5" />
          {t("fields.acceptsDirectBookings")}
        </label>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            label={t("fields.directBookingRate")}
            hint={t("hosting.rateHint")}
            errors={fields.directBookingRate.errors}
            inputProps={{ ...getInputProps(fields.directBookingRate, { type: "text" }), inputMode: "decimal" }}
          />
          <SelectField
            label={t("fields.directBookingCurrency")}
            errors={fields.directBookingCurrency.errors}
            selectProps={getSelectProps(fields.directBookingCurrency)}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
        <TextareaField
          label={t("fields.directBookingInstructions")}
          hint={<CharCounter length={instructionsLength} max={LIMITS.instructions} />}
          errors={fields.directBookingInstructions.errors}
          textareaProps={{
            ...getTextareaProps(fields.directBookingInstructions),
            rows: 4,
            onInput: (e) => setInstructionsLength(e.currentTarget.value.length),
          }}
        />
        <NotSentNotice />
        <Button disabled={busy}>{busy ? t("actions.saving", { ns: "common" }) : t("hosting.submit")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
