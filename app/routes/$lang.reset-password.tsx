import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { isResetTokenLive, resetPassword } from "#app/modules/auth/password-reset.server";
import { weakPasswordProblem } from "#app/modules/auth/password-strength.server";
import { resetPasswordSchema } from "#app/modules/auth/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["auth", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = token.length > 0 && token.length <= 200 && (await isResetTokenLive(deps(context), token));
  return { token: live ? token : null, title: translator(localeOf(params), "auth")("reset.title") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply({ hideFields: ["password", "confirmPassword"] }));
  const weak = weakPasswordProblem(submission.value.password);
  if (weak) return refuse("invalid", submission.reply({ fieldErrors: { password: [weak] }, hideFields: ["password", "confirmPassword"] }));
  const ok = await resetPassword(deps(context), submission.value.token, submission.value.password);
  if (!ok) return refuse("invalid", submission.reply({ formErrors: ["tokenInvalid"], hideFields: ["password", "confirmPassword"] }));
  return redirectWithToast(localePath(localeOf(params), "/login"), { type: "success", key: "toasts.passwordReset" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset",
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  if (!token) {
    return (
      <section className="mx-auto max-w-md text-center">
        <h1 className="text-2xl font-bold">{t("reset.invalidTitle")}</h1>
        <p className="mt-2 text-stone-700">{t("reset.invalidBody")}</p>
        <Link to={localePath(pageLocale(i18n.language), "/forgot-password")} className={buttonClass("primary", "mt-6")}>
          {t("reset.requestNew")}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">{t("reset.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <input type="hidden" name="token" value={token} />
        <Field
          label={t("fields.newPassword")}
          hint={t("signup.passwordHint")}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <Field
          label={t("fields.confirmPassword")}
          errors={fields.confirmPassword.errors}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        />
        <FormErrors errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} id={form.errorId} />
        <NotSentNotice />
        <Button className="w-full" disabled={busy}>
          {t("reset.submit")}
        </Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
