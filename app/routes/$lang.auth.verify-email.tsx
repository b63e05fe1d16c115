import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { verifyEmailFormSchema } from "#app/modules/auth/schema";
import { sendVerificationEmail, verifyEmail } from "#app/modules/auth/sign-up.server";
import { deps } from "#app/modules/deps.server";
import { noticeInvitationsOf } from "#app/modules/groups/invitations.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { getOptionalUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["auth", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/**
 * The prompt page, and the landing page of the emailed link. Opening the link only shows a
 * button: verifying is a POST, so mail scanners that fetch links cannot use up the token.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const user = await getOptionalUser(request);
  return {
    token: token && token.length <= 200 ? token : null,
    user: user ? { email: user.email, verified: user.emailVerified } : null,
    title: translator(lang, "auth")("verify.title"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const submission = parseForm(await readForm(request), { schema: verifyEmailFormSchema });
  if (submission.status !== "success") return refuse("invalid", { errors: ["tokenInvalid"] });
  const user = await getOptionalUser(request);
  switch (submission.value.intent) {
    case "resend":
      if (!user)
        return redirectWithToast(`${localePath(lang, "/login")}?redirect=${encodeURIComponent(localePath(lang, "/auth/verify-email"))}`, {
          type: "info",
          key: "toasts.loginFirst",
        });
      await sendVerificationEmail(deps(context), user.id);
      return redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "success", key: "toasts.verificationSent" });
    case "verify": {
      const verified = await verifyEmail(deps(context), submission.value.token);
      if (!verified) return refuse("invalid", { errors: ["tokenInvalid"] });
      // Seats a group reserved for this verified address are shown to the account as invitations to accept (decision record 068).
      await noticeInvitationsOf(deps(context), { userId: verified });
      if (user) return redirectWithToast(localePath(lang, "/"), { type: "success", key: "toasts.emailVerified" });
      return redirectWithToast(localePath(lang, "/login"), { type: "success", key: "toasts.emailVerifiedSignIn" });
    }
  }
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function VerifyEmailPage() {
  const { token, user } = useLoaderData<typeof loader>();
  const result = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("auth");
  const lang = pageLocale(i18n.language);

  if (token) {
    return (
      <Panel title={t("verify.confirmTitle")} body={t("verify.confirmBody")}>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="token" value={token} />
          <FormErrors errors={result?.errors} id="verify-errors" />
          <NotSentNotice name="intent" value="verify" />
          <Button name="intent" value="verify">
            {t("verify.confirmButton")}
          </Button>
        </Form>
        {result?.errors ? (
          <Link to={localePath(lang, "/auth/verify-email")} className="mt-3 inline-block text-sm text-brand-700 underline">
            {t("verify.requestNew")}
          </Link>
        ) : null}
      </Panel>
    );
  }
  if (user?.verified) {
    return (
      <Panel title={t("verify.doneTitle")} body={t("verify.doneBody")}>
        <Link to={localePath(lang, "/")} className={buttonClass()}>
          {t("verify.continue")}
        </Link>
      </Panel>
    );
  }
  return (
    <Panel title={t("verify.title")} body={user ? t("verify.bodyFor", { email: user.email }) : t("verify.body")}>
      {user ? (
        <Form method="post" className="space-y-3">
          <NotSentNotice name="intent" value="resend" />
          <Button name="intent" value="resend" variant="secondary">
            {t("verify.resend")}
          </Button>
        </Form>
      ) : (
        <Link to={localePath(lang, "/login")} className={buttonClass("secondary")}>
          {t("verify.goToLogin")}
        </Link>
      )}
    </Panel>
  );
}

function Panel({ title, body, children }: { title: string; body: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md rounded-lg border border-stone-200 bg-white p-6 text-center shadow-sm">
      <p className="text-4xl" aria-hidden="true">
        ✉️
      </p>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 mt-2 text-stone-700">{body}</p>
      {children}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
