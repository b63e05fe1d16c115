import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { CharCounter } from "#app/components/profiles/char-counter";
import { LanguageField, NameFields } from "#app/components/profiles/person-fields";
import { UsernameField } from "#app/components/profiles/username-field";
import { Button } from "#app/components/ui/button";
import { ErrorList, Field, SelectField, TextareaField } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { gameLabel } from "#app/modules/catalog/options";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { profileFormValues, saveProfile } from "#app/modules/profiles/profiles.server";
import { experienceLevels, games, LIMITS } from "#app/modules/profiles/rules";
import { profileSchema, timeZones } from "#app/modules/profiles/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["profile", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const values = await profileFormValues(deps(context), user.id);
  if (!values) notFound();
  return { title: translator(lang, "profile")("profile.title"), timeZones, values };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: profileSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const result = await saveProfile(deps(context), user.id, submission.value);
  if (!result.ok) {
    return refuse(result.error === "usernameUpdateLimited" ? "limited" : "invalid", submission.reply({ fieldErrors: { [result.field]: [result.error] } }));
  }
  return redirectWithToast(localePath(lang, "/settings/profile"), { type: "success", key: "toasts.profileSaved" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function ProfileSettingsPage() {
  const { values, timeZones: zones } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t } = useTranslation("profile");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: values,
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const [bioLength, setBioLength] = useState(String(fields.bio.initialValue ?? "").length);
  const [descriptionLength, setDescriptionLength] = useState(String(fields.description.initialValue ?? "").length);
  const selectedGames = new Set([fields.preferredGameSystems.initialValue ?? []].flat());

  return (
    <section>
      <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
      <p className="mt-1 text-stone-700">{t("profile.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        <fieldset className="space-y-2 rounded-lg border border-stone-200 bg-white p-6">
          <legend className="px-1 text-lg font-semibold">{t("profile.identity")}</legend>
          <UsernameField
            label={t("fields.username")}
            hint={t("fields.usernameHint")}
            errors={fields.username.errors}
            inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
          />
          <NameFields ns="profile" firstName={fields.firstName} lastName={fields.lastName} />
          <Field label={t("fields.displayName")} errors={fields.displayName.errors} inputProps={getInputProps(fields.displayName, { type: "text" })} />
          <Field
            label={t("fields.avatarUrl")}
            errors={fields.avatarUrl.errors}
            inputProps={{ ...getInputProps(fields.avatarUrl, { type: "url" }), placeholder: "https://" }}
          />
        </fieldset>

        <fieldset className="space-y-2 rounded-lg border border-stone-200 bg-white p-6">
          <legend className="px-1 text-lg font-semibold">{t("profile.about")}</legend>
          <TextareaField
            label={t("fields.bio")}
            hint={<CharCounter length={bioLength} max={LIMITS.bio} />}
            errors={fields.bio.errors}
            textareaProps={{ ...getTextareaProps(fields.bio), rows: 3, onInput: (e) => setBioLength(e.currentTarget.value.length) }}
          />
          <TextareaField
            label={t("fields.description")}
            hint={<CharCounter length={descriptionLength} max={LIMITS.description} />}
            errors={fields.description.errors}
            textareaProps={{ ...getTextareaProps(fields.description), rows: 5, onInput: (e) => setDescriptionLength(e.currentTarget.value.length) }}
          />
          <Field label={t("fields.location")} errors={fields.location.errors} inputProps={getInputProps(fields.location, { type: "text" })} />
        </fieldset>

        <fieldset className="space-y-2 rounded-lg border border-stone-200 bg-white p-6">
          <legend className="px-1 text-lg font-semibold">{t("profile.preferences")}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField label={t("fields.timeZone")} errors={fields.timeZone.errors} selectProps={getSelectProps(fields.timeZone)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </SelectField>
            <LanguageField ns="profile" field={fields.preferredLanguage} />
          </div>
          <SelectField label={t("fields.experienceLevel")} errors={fields.experienceLevel.errors} selectProps={getSelectProps(fields.experienceLevel)}>
            <option value="">{t("fields.experienceNone")}</option>
            {experienceLevels.map((level) => (
              <option key={level} value={level}>
                {t(`experience.${level}`)}
              </option>
            ))}
          </SelectField>
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">{t("fields.preferredGameSystems")}</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {games.map((game) => (
                <label key={game} className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name={fields.preferredGameSystems.name} value={game} defaultChecked={selectedGames.has(game)} className="h-5 w-5" />
                  {gameLabel(t, game)}
                </label>
              ))}
            </div>
            <ErrorList id={fields.preferredGameSystems.errorId} errors={fields.preferredGameSystems.errors} />
          </fieldset>
        </fieldset>
        <FormErrors errors={form.errors} id={form.errorId} />
        <NotSentNotice />
        <Button disabled={busy}>{busy ? t("actions.saving", { ns: "common" }) : t("profile.submit")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
