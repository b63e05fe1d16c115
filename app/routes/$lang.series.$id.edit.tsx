import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { overlapOf } from "#app/components/sessions/overlap-warning";
import { SeriesForm } from "#app/components/sessions/series-form";
import type { Requester } from "#app/modules/auth/session.server";
import { todayIn } from "#app/modules/dates/day";
import { type Deps, deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { platformFeeBps } from "#app/modules/payouts/fee-setting.server";
import { seriesFormValues } from "#app/modules/series/rows.server";
import { seriesForEditor, updateSeries } from "#app/modules/series/series.server";
import { requireUser } from "#app/web/guards.server";
import { readSeriesForm } from "#app/web/host-form.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { throwPageRefusal } from "#app/web/refusals.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions", "validation", "safety"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** The host or an admin; anyone else sees the guard screen (403), an unknown id the 404 page. */
async function editableSeries(d: Deps, lang: Locale, id: string, user: Requester) {
  const access = await seriesForEditor(d, id, user);
  if (!access.ok) throwPageRefusal(access.refusal, localePath(lang, `/series/${id}`));
  return access.row;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const row = await editableSeries(deps(context), lang, params.id ?? "", user);
  const { now } = deps(context);
  return {
    title: translator(lang, "sessions")("seriesForm.editTitle"),
    timeZone: row.time_zone,
    zoneName: zoneName(row.time_zone, lang, now),
    now: now.toISOString(),
    minDate: todayIn(row.time_zone, now),
    existing: { id: row.id, startDate: row.start_iso, frequency: row.frequency },
    values: seriesFormValues(row),
    feeBps: platformFeeBps(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const row = await editableSeries(deps(context), lang, params.id ?? "", user);
  const d = deps(context);
  const existing = { id: row.id, startDate: row.start_iso, frequency: row.frequency };
  const form = await readSeriesForm(request, d, { lang, userId: user.id, hostId: row.dm_id, timeZone: row.time_zone, existing });
  if (!form.ok) return form.refused;
  const result = await updateSeries(d, user, row.id, form.submission.value);
  if (!result.ok) throwPageRefusal(result.refusal, localePath(lang, `/series/${row.id}`));
  // Spec: after saving the series form, go to /sessions.
  return redirectWithToast(localePath(lang, "/sessions"), { type: "success", key: "sessions:seriesForm.updated" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function EditSeriesPage() {
  const { now, timeZone, zoneName, existing, values, minDate, feeBps } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("seriesForm.editTitle")}</h1>
      <SeriesForm
        mode="edit"
        lastResult={lastResult}
        overlap={overlapOf(lastResult)}
        defaultValue={values}
        timeZone={timeZone}
        zoneName={zoneName}
        now={now}
        minDate={minDate}
        feeBps={feeBps}
        lang={lang}
        cancelHref={localePath(lang, "/sessions")}
        existing={existing}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
