import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GoogleButton } from "#app/components/auth/google-button";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LanguageField, NameFields } from "#app/components/profiles/person-fields";
import { Button } from "#app/components/ui/button";
import { ErrorList, Field } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { weakPasswordProblem } from "#app/modules/auth/password-strength.server";
import { signupSchema } from "#app/modules/auth/schema";
import { requestMeta } from "#app/modules/auth/session.server";
import { signUp } from "#app/modules/auth/sign-up.server";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { signedOutOnly } from "#app/web/sign-in.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["auth", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  return { ...(await signedOutOnly(request, lang)), title: translator(lang, "auth")("signup.title") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const submission = parseForm(await readForm(request), { schema: signupSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply({ hideFields: ["password"] }));
  const v = submission.value;
  const weak = weakPasswordProblem(v.password, [v.email, v.firstName, v.lastName, v.displayName]);
  if (weak) return refuse("invalid", submission.reply({ fieldErrors: { password: [weak] }, hideFields: ["password"] }));
  const result = await signUp(deps(context), submission.value, requestMeta(request));
  if (result.status === "rateLimited") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return refuse("limited", submission.reply({ formErrors: [`rateLimited|${minutes}`], hideFields: ["password"] }));
  }
  // A taken email gets the same answer: its owner is told by email instead.
  return redirectWithToast(`${localePath(lang, "/auth/verify-email")}?sent=1`, { type: "success", key: "toasts.checkEmail" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function SignupPage() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("auth");
  const lang = pageLocale(i18n.language);
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(signupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { role: "user", preferredLanguage: lang },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });

  return (
    <section className="mx-auto max-w-lg">
      <h1 className="text-2xl font-bold">{t("signup.title")}</h1>
      <p className="mt-1 text-stone-700">{t("signup.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <NameFields ns="auth" firstName={fields.firstName} lastName={fields.lastName} />
        <Field
          label={t("fields.displayName")}
          hint={t("signup.displayNameHint")}
          errors={fields.displayName.errors}
          inputProps={{ ...getInputProps(fields.displayName, { type: "text" }), autoComplete: "nickname" }}
        />
        <Field
          label={t("fields.email")}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label={t("fields.password")}
          hint={t("signup.passwordHint")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-stone-800">{t("fields.role")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(["user", "dm"] as const).map((role) => (
              <label
                key={role}
                className="flex min-h-11 cursor-pointer items-start gap-2 rounded-md border border-stone-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" name={fields.role.name} value={role} defaultChecked={(fields.role.initialValue ?? "user") === role} className="mt-1" />
                <span>
                  <span className="block text-sm font-semibold">{t(`signup.roles.${role}.title`)}</span>
                  <span className="block text-xs text-stone-600">{t(`signup.roles.${role}.body`)}</span>
                </span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
        </fieldset>
        <LanguageField ns="auth" field={fields.preferredLanguage} />
        <BrowserTimeZone name={fields.timeZone.name} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <NotSentNotice />
        <Button className="w-full" disabled={busy}>
          {busy ? t("signup.submitting") : t("signup.submit")}
        </Button>
      </Form>
      {googleEnabled ? <GoogleButton lang={lang} next={redirectTo} mode="signup" /> : null}
      <p className="mt-6 text-center text-sm">
        {t("signup.haveAccount")}{" "}
        <Link to={`${localePath(lang, "/login")}?redirect=${encodeURIComponent(redirectTo)}`} className="font-semibold text-brand-700 underline">
          {t("signup.loginLink")}
        </Link>
      </p>
    </section>
  );
}

/** Sends the browser's time zone so times show in it from the first visit (Mexico City without JS). */
function BrowserTimeZone({ name }: { name: string }) {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <input type="hidden" name={name} value={zone} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
