import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { overlapOf } from "#app/components/sessions/overlap-warning";
import { SessionForm } from "#app/components/sessions/session-form";
import type { Requester } from "#app/modules/auth/session.server";
import { getSessionForViewer, updateSession } from "#app/modules/bookings/booked-sessions.server";
import { todayIn } from "#app/modules/dates/day";
import { type Deps, deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { platformFeeBps } from "#app/modules/payouts/fee-setting.server";
import { sessionFormValues } from "#app/modules/sessions/sessions.server";
import { requireUser } from "#app/web/guards.server";
import { readSessionForm } from "#app/web/host-form.server";
import { forbidden, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refusalStatus, throwPageRefusal } from "#app/web/refusals.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions", "validation", "safety"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** The host or an admin; anyone else sees the guard screen (403), an unknown id the 404 page. */
async function managedSession(d: Deps, lang: Locale, id: string, user: Requester) {
  const page = await getSessionForViewer(d, id, user);
  if (!page) notFound();
  if (!page.canManage) forbidden(localePath(lang, `/session/${page.row.id}`));
  return page;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const page = await managedSession(d, lang, params.id ?? "", user);
  return {
    title: translator(lang, "sessions")("form.editTitle"),
    sessionId: page.row.id,
    timeZone: page.row.time_zone,
    zoneName: zoneName(page.row.time_zone, lang, d.now),
    values: sessionFormValues(page.row),
    now: d.now.toISOString(),
    minDate: todayIn(page.row.time_zone, d.now),
    feeBps: platformFeeBps(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  // Only the host or an admin may upload here (checked before anything is stored).
  const page = await managedSession(d, lang, params.id ?? "", user);
  const form = await readSessionForm(request, d, { lang, userId: user.id, hostId: page.row.dm_id, timeZone: page.row.time_zone, sessionId: page.row.id });
  if (!form.ok) return form.refused;
  const { submission } = form;
  const result = await updateSession(d, user, page.row.id, submission.value);
  if (!result.ok && result.refusal !== "invalid") throwPageRefusal(result.refusal, localePath(lang, `/session/${page.row.id}`));
  if (!result.ok && result.error === "capacityBelowBooked")
    return data(submission.reply({ fieldErrors: { maxParticipants: [result.error] } }), { status: refusalStatus(result.refusal) });
  if (!result.ok) return data(submission.reply({ formErrors: ["sessions:toasts.updateFailed"] }), { status: refusalStatus(result.refusal) });
  return redirectWithToast(localePath(lang, `/session/${page.row.id}`), { type: "success", key: "sessions:toasts.updated" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function EditSessionPage() {
  const { now, sessionId, timeZone, zoneName, values, minDate, feeBps } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("sessions");
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("form.editTitle")}</h1>
      <SessionForm
        mode="edit"
        lastResult={lastResult}
        overlap={overlapOf(lastResult)}
        sessionId={sessionId}
        defaultValue={values}
        timeZone={timeZone}
        zoneName={zoneName}
        now={now}
        minDate={minDate}
        feeBps={feeBps}
        lang={pageLocale(i18n.language)}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
