import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { changePassword, hasPassword } from "#app/modules/auth/password-change.server";
import { weakPasswordProblem } from "#app/modules/auth/password-strength.server";
import { changePasswordSchema } from "#app/modules/auth/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { CLEAR_KEPT_DATA } from "#app/modules/offline/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["profile", "auth", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  return { title: translator(lang, "profile")("password.title"), hasPassword: await hasPassword(deps(context), user.id) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: changePasswordSchema });
  const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") return refuse("invalid", submission.reply(hidden));
  const weak = weakPasswordProblem(submission.value.newPassword, [user.email, user.firstName, user.lastName, user.displayName]);
  if (weak) return refuse("invalid", submission.reply({ ...hidden, fieldErrors: { newPassword: [weak] } }));
  const result = await changePassword(deps(context), { userId: user.id, ...submission.value, keepSessionId: user.loginSessionId });
  if (!result.ok) {
    const limited = result.reason === "rateLimited";
    const message = limited ? `rateLimited|${Math.ceil(result.retryAfterSeconds / 60)}` : "wrongCurrentPassword";
    return refuse(limited ? "limited" : "invalid", submission.reply({ ...hidden, fieldErrors: { currentPassword: [message] } }));
  }
  return redirectWithToast(localePath(lang, "/settings/password"), { type: "success", key: "toasts.passwordChanged" }, { headers: CLEAR_KEPT_DATA });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function PasswordSettingsPage() {
  const { hasPassword: has } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t } = useTranslation("profile");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <section className="max-w-md">
      <h1 className="text-2xl font-bold">{t("password.title")}</h1>
      <p className="mt-1 text-stone-700">{has ? t("password.subtitle") : t("password.noPassword")}</p>
      {has ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2 rounded-lg border border-stone-200 bg-white p-6">
          <Field
            label={t("fields.currentPassword", { ns: "auth" })}
            errors={fields.currentPassword.errors}
            inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          />
          <Field
            label={t("fields.newPassword", { ns: "auth" })}
            hint={t("password.hint")}
            errors={fields.newPassword.errors}
            inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
          />
          <Field
            label={t("fields.confirmPassword", { ns: "auth" })}
            errors={fields.confirmPassword.errors}
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          />
          <NotSentNotice />
          <Button disabled={busy}>{t("password.submit")}</Button>
        </Form>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
