import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { overlapOf } from "#app/components/sessions/overlap-warning";
import { SeriesForm } from "#app/components/sessions/series-form";
import { plusDays, todayIn } from "#app/modules/dates/day";
import { deps } from "#app/modules/deps.server";
import { zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { platformFeeBps } from "#app/modules/payouts/fee-setting.server";
import { seriesRowFromForm } from "#app/modules/series/rows.server";
import { insertSeriesWithSessions } from "#app/modules/series/series.server";
import { requireVerifiedHost } from "#app/web/guards.server";
import { readSeriesForm } from "#app/web/host-form.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions", "validation", "safety"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireVerifiedHost(request, lang);
  // Spec section 9 defaults: weekly on Monday at 19:00, starting tomorrow, 180 min, 5/3 players.
  const { now } = deps(context);
  const tomorrow = plusDays(todayIn(user.timeZone, now), 1);
  return {
    title: translator(lang, "sessions")("seriesForm.createTitle"),
    timeZone: user.timeZone,
    zoneName: zoneName(user.timeZone, lang, now),
    now: now.toISOString(),
    minDate: todayIn(user.timeZone, now),
    feeBps: platformFeeBps(),
    defaults: {
      frequency: "WEEKLY",
      dayOfWeek: "1",
      timeOfDay: "19:00",
      startDate: tomorrow,
      duration: "180",
      maxParticipants: "5",
      minParticipants: "3",
      autoGenerateAhead: "2",
      bookingLockHours: "24",
      preSessionCheckHours: "24",
      currency: "MXN",
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireVerifiedHost(request, lang);
  const d = deps(context);
  const form = await readSeriesForm(request, d, { lang, userId: user.id, hostId: user.id, timeZone: user.timeZone, existing: null });
  if (!form.ok) return form.refused;
  await insertSeriesWithSessions(d, seriesRowFromForm(user.id, user.timeZone, form.submission.value));
  // Spec: after a series is created, go to /sessions.
  return redirectWithToast(localePath(lang, "/sessions"), { type: "success", key: "sessions:seriesForm.created" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function NewSeriesPage() {
  const { now, timeZone, zoneName, defaults, minDate, feeBps } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("seriesForm.createTitle")}</h1>
      <SeriesForm
        mode="create"
        lastResult={lastResult}
        overlap={overlapOf(lastResult)}
        defaultValue={defaults}
        timeZone={timeZone}
        zoneName={zoneName}
        now={now}
        minDate={minDate}
        feeBps={feeBps}
        lang={lang}
        cancelHref={localePath(lang, "/sessions")}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
