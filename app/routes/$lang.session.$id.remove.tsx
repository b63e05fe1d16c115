import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { NotSentPageNotice } from "#app/components/ui/not-sent-notice";
import { getSessionForViewer } from "#app/modules/bookings/booked-sessions.server";
import { removeParticipantSchema } from "#app/modules/bookings/schema";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { removeParticipant } from "#app/modules/payments/leave.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { displayNameOf } from "#app/modules/users/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { forbidden, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions"] };

/** The host's confirmation step for removing a participant or waitlist entry (a page, so it works without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const url = new URL(request.url);
  const list = url.searchParams.get("list") === "waitlist" ? "waitlist" : "bookings";
  const page = await getSessionForViewer(deps(context), params.id ?? "", user);
  if (!page) notFound();
  if (!page.canManage || !page.participants || !page.waitlist) forbidden(localePath(lang, `/session/${page.row.id}`));
  const people = list === "bookings" ? page.participants : page.waitlist;
  const person = people.find((p) => p.user_id === url.searchParams.get("userId"));
  if (!person) notFound();
  return {
    list,
    sessionId: page.row.id,
    sessionTitle: page.row.title,
    userId: person.user_id,
    name: displayNameOf({ displayName: person.display_name, email: person.email }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: removeParticipantSchema });
  const list = submission.status === "success" ? submission.value.list : "bookings";
  const back = localePath(lang, `/session/${params.id ?? ""}`);
  const result =
    submission.status === "success" ? await removeParticipant(payDeps(context), user, { sessionId: params.id ?? "", ...submission.value }) : { ok: false };
  if (!result.ok)
    return redirectWithToast(back, {
      type: "error",
      key: list === "bookings" ? "sessions:toasts.removeParticipantFailed" : "sessions:toasts.removeWaitlistFailed",
    });
  return redirectWithToast(back, { type: "success", key: list === "bookings" ? "sessions:toasts.participantRemoved" : "sessions:toasts.waitlistRemoved" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function RemovePage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  return (
    <section className="mx-auto max-w-md rounded-lg border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold">{t(data.list === "bookings" ? "remove.titleParticipant" : "remove.titleWaitlist", { name: data.name })}</h1>
      <p className="mt-1 text-sm text-stone-600">{data.sessionTitle}</p>
      <p className="mt-3 text-stone-700">{t("remove.body")}</p>
      <NotSentPageNotice />
      <Form method="post" className="mt-6 flex justify-center gap-2">
        <input type="hidden" name="list" value={data.list} />
        <input type="hidden" name="userId" value={data.userId} />
        <Link to={localePath(pageLocale(i18n.language), `/session/${data.sessionId}`)} className={buttonClass("secondary")}>
          {t("remove.cancel")}
        </Link>
        <Button variant="danger">{t("remove.confirm")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
