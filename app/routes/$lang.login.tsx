import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GoogleButton } from "#app/components/auth/google-button";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { loginSchema } from "#app/modules/auth/schema";
import { AuthorizationError, CredentialsError, getAuthenticator, requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { openLoginSession, signedOutOnly } from "#app/web/sign-in.server";

export const handle = { i18n: ["auth", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  return { ...(await signedOutOnly(request, lang)), title: translator(lang, "auth")("login.title") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  // remix-auth copies the request, so its body must stay unread: parse a clone.
  const formData = await readForm(request.clone());
  const submission = parseForm(formData, { schema: loginSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply({ hideFields: ["password"] }));

  let loginSessionId: string;
  try {
    loginSessionId = await getAuthenticator().authenticate("form", request, {
      throwOnError: true,
      context: { deps: deps(context), meta: requestMeta(request), formData },
    });
  } catch (error) {
    const cause = error instanceof AuthorizationError ? error.cause : error;
    if (cause instanceof CredentialsError) {
      const limited = cause.reason === "rateLimited";
      const banned = cause.reason === "banned";
      const message = limited ? `rateLimited|${Math.ceil(cause.retryAfterSeconds / 60)}` : banned ? "accountBanned" : "invalidCredentials";
      return refuse(limited ? "limited" : banned ? "forbidden" : "unauthenticated", submission.reply({ formErrors: [message], hideFields: ["password"] }));
    }
    throw error;
  }
  return openLoginSession(request, deps(context), lang, loginSessionId, submission.value.redirectTo);
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function LoginPage() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("auth");
  const lang = pageLocale(i18n.language);
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const signupHref = `${localePath(lang, "/signup")}?redirect=${encodeURIComponent(redirectTo)}`;

  return (
    <section className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">{t("login.title")}</h1>
      <p className="mt-1 text-stone-700">{t("login.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("fields.email")}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label={t("fields.password")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <FormErrors errors={form.errors} id={form.errorId} />
        <NotSentNotice />
        <Button className="w-full" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </Button>
        <p className="pt-2 text-center text-sm">
          <Link to={localePath(lang, "/forgot-password")} className="text-brand-700 underline">
            {t("login.forgot")}
          </Link>
        </p>
      </Form>
      {googleEnabled ? <GoogleButton lang={lang} next={redirectTo} mode="signin" /> : null}
      <p className="mt-6 text-center text-sm">
        {t("login.noAccount")}{" "}
        <Link to={signupHref} className="font-semibold text-brand-700 underline">
          {t("login.signupLink")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
