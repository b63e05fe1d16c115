import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { endLoginSession } from "#app/modules/auth/login-sessions.server";
import { destroyLoginCookie } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { CLEAR_KEPT_DATA } from "#app/modules/offline/rules";
import { getOptionalUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["auth"] };

/** Signing out changes state, so GET only offers the button. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request))) throw redirect(localePath(localeOf(params), "/"));
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(request);
  if (user?.loginSessionId) await endLoginSession(deps(context), user.id, user.loginSessionId);
  return redirectWithToast(
    localePath(localeOf(params), "/"),
    { type: "info", key: "toasts.signedOut" },
    {
      headers: { "Set-Cookie": await destroyLoginCookie(request), ...CLEAR_KEPT_DATA },
    },
  );
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function LogoutPage() {
  const { t } = useTranslation("auth");
  return (
    <section className="mx-auto max-w-md text-center">
      <h1 className="text-2xl font-bold">{t("logout.title")}</h1>
      <Form method="post" className="mt-6">
        <NotSentNotice />
        <Button>{t("logout.submit")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
