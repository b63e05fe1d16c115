import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { overlapOf } from "#app/components/sessions/overlap-warning";
import { SessionForm } from "#app/components/sessions/session-form";
import { todayIn } from "#app/modules/dates/day";
import { deps } from "#app/modules/deps.server";
import { zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { platformFeeBps } from "#app/modules/payouts/fee-setting.server";
import { createSession, newSessionDefaults } from "#app/modules/sessions/sessions.server";
import { getOptionalUser, requireVerifiedHost } from "#app/web/guards.server";
import { readSessionForm } from "#app/web/host-form.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["sessions", "validation", "safety"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** DM only (spec: the create button shows only to users whose roles include dm). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireVerifiedHost(request, lang);
  const { now } = deps(context);
  return {
    title: translator(lang, "sessions")("form.createTitle"),
    timeZone: user.timeZone,
    zoneName: zoneName(user.timeZone, lang, now),
    now: now.toISOString(),
    defaults: newSessionDefaults(user.timeZone, now),
    minDate: todayIn(user.timeZone, now),
    feeBps: platformFeeBps(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  if (!(await getOptionalUser(request))) {
    return redirectWithToast(`${localePath(lang, "/login")}?redirect=${encodeURIComponent(localePath(lang, "/create"))}`, {
      type: "error",
      key: "sessions:toasts.loginFirst",
    });
  }
  const user = await requireVerifiedHost(request, lang);
  const d = deps(context);
  const form = await readSessionForm(request, d, { lang, userId: user.id, hostId: user.id, timeZone: user.timeZone, sessionId: null });
  if (!form.ok) return form.refused;
  const { submission } = form;
  const result = await createSession(d, user, submission.value);
  if (!result.ok) return refuse("invalid", submission.reply({ fieldErrors: { date: [result.error] } }));
  return redirectWithToast(localePath(lang, `/session/${result.id}`), { type: "success", key: "sessions:toasts.created" });
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function CreateSessionPage() {
  const { now, timeZone, zoneName, defaults, minDate, feeBps } = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("sessions");
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("form.createTitle")}</h1>
      <SessionForm
        mode="create"
        lastResult={lastResult}
        overlap={overlapOf(lastResult)}
        defaultValue={defaults}
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
