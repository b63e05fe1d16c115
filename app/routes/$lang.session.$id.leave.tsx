import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { safeRedirect } from "#app/modules/auth/rules";
import { confirmationView } from "#app/modules/bookings/confirmation.server";
import { leaveActor, leaveRefusal } from "#app/modules/bookings/rules";
import { leaveSeatSchema } from "#app/modules/bookings/schema";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { leaveSeat } from "#app/modules/payments/leave.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions"], hydrate: false };

/** The confirmation step before a player leaves a session (a page, so it works without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const view = await confirmationView(deps(context), params.id ?? "", user);
  // Only ever the requester's own booking: without one there is nothing here to leave.
  if (!view?.booking) notFound();
  const back = localePath(lang, `/session/${view.row.id}`);
  // After the start there is nothing to confirm: say why, where the player came from.
  if (leaveRefusal(view.row, deps(context).now, leaveActor(user, view.row)))
    throw await redirectWithToast(back, { type: "error", key: "sessions:booking.errors.leaveClosed" });
  return {
    sessionId: view.row.id,
    title: view.row.title,
    // Only a paid seat is refunded; a subscription's seat not paid yet is simply given up.
    paid: view.row.price_cents > 0 && view.booking.status === "CONFIRMED",
    returnTo: safeRedirect(new URL(request.url).searchParams.get("returnTo"), back),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sessionId = params.id ?? "";
  // Back where the player asked to leave from: the session's page, or their profile's list.
  const form = await readForm(request);
  const submission = parseForm(form, { schema: leaveSeatSchema(localePath(lang, `/session/${sessionId}`)) });
  const back = submission.status === "success" ? submission.value.returnTo : localePath(lang, `/session/${sessionId}`);
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `session.leave:${sessionId}` }, async () => {
    const result = await leaveSeat(payDeps(context), user, sessionId);
    if (result.ok) return redirectWithToast(back, { type: "success", key: "sessions:toasts.bookingLeft" });
    return redirectWithToast(back, {
      type: "error",
      key: result.refusal === "leaveClosed" || result.refusal === "groupClaimed" ? `sessions:booking.errors.${result.refusal}` : "sessions:toasts.leaveFailed",
    });
  });
}

export default function LeavePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("sessions");
  return (
    <section className="mx-auto max-w-md rounded-lg border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold">{t("booking.leaveTitle", { title: data.title })}</h1>
      <p className="mt-3 text-stone-700">{t("booking.leaveBody")}</p>
      {data.paid ? <p className="mt-2 text-stone-700">{t("booking.leaveRefund")}</p> : null}
      <Form method="post" className="mt-6 flex justify-center gap-2">
        <RequestKeyField />
        <input type="hidden" name="returnTo" value={data.returnTo} />
        <Link to={data.returnTo} className={buttonClass("secondary")}>
          {t("booking.keep")}
        </Link>
        <Button variant="danger">{t("booking.leaveConfirm")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
