import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { getSessionForViewer } from "#app/modules/bookings/booked-sessions.server";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { cancelSessionWithRefunds } from "#app/modules/payments/leave.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { requireUser } from "#app/web/guards.server";
import { forbidden, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { formOnce, readKeyForm } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions"], hydrate: false };

/** The host's confirmation step before cancelling a session (one occurrence, for a series). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const page = await getSessionForViewer(deps(context), params.id ?? "", user);
  if (!page) notFound();
  const back = localePath(lang, `/session/${page.row.id}`);
  if (!page.canManage) forbidden(back);
  if (page.row.status === "CANCELLED") throw redirect(back);
  // A paid session's host is told that every paid seat is refunded in full (the action asks for the refunds).
  return { sessionId: page.row.id, title: page.row.title, refunds: page.row.price_cents > 0 };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sessionId = params.id ?? "";
  const form = await readKeyForm(request);
  const back = localePath(lang, `/session/${sessionId}`);
  // Paid seats are refunded in full inside the command; the webhook records each refund.
  // Sent twice, the same rendered form cancels (and refunds) once (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `session.cancel:${sessionId}` }, async () => {
    const result = await cancelSessionWithRefunds(payDeps(context), user, sessionId);
    if (result.ok) return redirectWithToast(back, { type: "success", key: "sessions:toasts.sessionCancelled" });
    if (result.refusal === "notFound") notFound();
    if (result.refusal === "notAllowed") forbidden(back);
    const reason = translator(lang, "sessions")(`booking.errors.${result.refusal}`);
    return redirectWithToast(back, { type: "error", key: "sessions:toasts.cancelFailed", params: { reason } });
  });
}

export default function CancelPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  return (
    <section className="mx-auto max-w-md rounded-lg border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold">{t("booking.cancelTitle", { title: data.title })}</h1>
      <p className="mt-3 text-stone-700">{t("booking.cancelBody")}</p>
      {data.refunds ? <p className="mt-2 text-stone-700">{t("booking.cancelRefund")}</p> : null}
      <Form method="post" className="mt-6 flex flex-wrap justify-center gap-2">
        <RequestKeyField />
        <Link to={localePath(pageLocale(i18n.language), `/session/${data.sessionId}`)} className={buttonClass("secondary")}>
          {t("booking.cancelKeep")}
        </Link>
        <Button variant="danger">{t("booking.cancelConfirm")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
