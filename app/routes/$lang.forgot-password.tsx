import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { queuePasswordReset } from "#app/modules/auth/password-reset.server";
import { forgotPasswordSchema } from "#app/modules/auth/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["auth", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export function loader({ params }: LoaderFunctionArgs) {
  return { title: translator(localeOf(params), "auth")("forgot.title") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  // The same answer, in the same time, whether or not the address has an account.
  queuePasswordReset(deps(context), submission.value.email);
  return redirectWithToast(localePath(localeOf(params), "/login"), { type: "info", key: "toasts.resetSent" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function ForgotPasswordPage() {
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot",
    lastResult,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <section className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">{t("forgot.title")}</h1>
      <p className="mt-1 text-stone-700">{t("forgot.body")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <Field
          label={t("fields.email")}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <NotSentNotice />
        <Button className="w-full" disabled={busy}>
          {t("forgot.submit")}
        </Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
