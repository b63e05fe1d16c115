import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SafetyToolBadges } from "#app/components/safety/safety-fields";
import { DetailImage } from "#app/components/sessions/detail-image";
import { TagList } from "#app/components/sessions/detail-parts";
import { StatusBanner, StatusControls } from "#app/components/sessions/series-status";
import { SubscriptionPanel } from "#app/components/sessions/subscription-panel";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { NotSentPageNotice } from "#app/components/ui/not-sent-notice";
import { gameLabel } from "#app/modules/catalog/options";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { SERIES_PAGE_INTENTS, seriesPageSchema } from "#app/modules/series/schema";
import { addSeriesSession, generateSeriesSessions, getSeries } from "#app/modules/series/series.server";
import { parseForm, readForm } from "#app/web/form.server";
import { getOptionalUser, requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { throwPageRefusal } from "#app/web/refusals.server";
import { refuse } from "#app/web/replies.server";
import { saveDataOf } from "#app/web/save-data.server";
import { seriesStatusFormReply } from "#app/web/series-status.server";
import { redirectWithToast } from "#app/web/toast.server";
import { seriesPageData } from "./series-page.server";
import { ManageSessions, SeriesAside, SeriesSessions } from "./series-parts";

// Plain HTML for players; the host's forms keep their pending states (decision record 021).
export const handle = {
  i18n: ["sessions", "subscriptions", "validation", "reviews", "safety", "chat"],
  hydrate: (data: unknown) => Boolean((data as { manage?: unknown } | undefined)?.manage),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** Public to anyone with the link. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const subscribed = new URL(request.url).searchParams.get("subscribed") === "true";
  const { on: saveData } = await saveDataOf(request);
  const page = await seriesPageData(deps(context), localeOf(params), params.id ?? "", await getOptionalUser(request), subscribed, saveData);
  return page ?? notFound();
}

const fieldFor: Record<string, string> = { datePast: "date", dateRequired: "date", sessionExists: "date" };

/**
 * The host's forms, told apart by `intent`: 'Add a session' and 'Generate next sessions'
 * (IRREGULAR series), and Pause and Resume (the series' status). The page's Cancel asks first and
 * posts to its confirmation page; an intent 'cancel' sent here goes to the same use case.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const id = params.id ?? "";
  const formData = await readForm(request);
  // The date of a session to add is checked in the series' own time zone.
  const page = await getSeries(d, id, user);
  if (!page) notFound();
  const submission = parseForm(formData, { schema: seriesPageSchema({ now: d.now, timeZone: page.row.time_zone }) });
  const { intent } = submission.payload;
  if (!SERIES_PAGE_INTENTS.includes(intent)) throw refuse("invalid", { message: "Unknown intent" });
  if (submission.status !== "success") return refuse("invalid", { intent: String(intent), result: submission.reply() });
  const command = submission.value;
  switch (command.intent) {
    case "pause":
    case "resume":
    case "cancel":
      return seriesStatusFormReply(context, user, lang, id, command.intent);
    case "addSession":
      return sessionsAdded(await addSeriesSession(d, user, id, command), { key: "sessions:seriesDetail.added" });
    case "generate": {
      const result = await generateSeriesSessions(d, user, id, command);
      return sessionsAdded(result, { key: "sessions:seriesDetail.generated", params: { count: result.ok ? result.created : 0 } });
    }
  }

  /** Back to the series page with the toast, or the form again with the field the refusal is about. */
  function sessionsAdded(
    result: Awaited<ReturnType<typeof addSeriesSession | typeof generateSeriesSessions>>,
    toast: { key: string; params?: { count: number } },
  ) {
    if (result.ok) return redirectWithToast(localePath(lang, `/series/${id}`), { type: "success", ...toast });
    throwPageRefusal(result.refusal, localePath(lang, `/series/${id}`));
    const field = "error" in result ? fieldFor[result.error] : undefined;
    const error = "error" in result ? result.error : "";
    return refuse(result.refusal, {
      intent: command.intent,
      result: submission.reply(field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }),
    });
  }
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function SeriesPage() {
  const s = useLoaderData<typeof loader>();
  const reply = sentAnswer(useActionData<typeof action>());
  const replyFor = (intent: string) => (reply && reply.intent === intent ? reply.result : undefined);
  const { t } = useTranslation("sessions");
  return (
    <article className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      {/* min-w-0: a grid item is as wide as its widest content by default; the host's subscriber table scrolls inside its box instead. */}
      <div className="min-w-0 space-y-6">
        <DetailImage url={s.imageUrl} srcSet={s.imageSrcSet ?? null} />
        <div>
          <p className="text-sm font-semibold text-purple-800">
            {gameLabel(t, s.game)}
            {s.genre ? ` · ${t(`genres.${s.genre}`)}` : ""}
          </p>
          <h1 className="mt-1 text-3xl font-bold">{s.title}</h1>
          {s.manage ? (
            <Link to={s.manage.editHref} className={buttonClass("secondary", "mt-3")}>
              {t("seriesDetail.edit")}
            </Link>
          ) : null}
        </div>
        <StatusBanner status={s.status} />
        <SubscriptionPanel panel={s.subscription} />
        {s.chatHref ? (
          <Link to={s.chatHref} className={buttonClass("secondary")} data-testid="campaign-chat">
            💬 {t("chat:openCampaignChat")}
          </Link>
        ) : null}
        <NotSentPageNotice />
        {s.manage ? <StatusControls title={s.title} status={s.status} cancelHref={s.manage.cancelHref} refunds={s.manage.refunds} /> : null}
        {s.description ? <p className="whitespace-pre-line text-stone-800">{s.description}</p> : null}
        <TagList tags={s.tags} />
        <SafetyToolBadges tools={s.safetyTools} />
        <SeriesSessions upcoming={s.upcoming} past={s.past} />
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("detail.instructions")}</h2>
          {s.instructions !== null ? (
            <p className="mt-2 whitespace-pre-line text-sm">{s.instructions}</p>
          ) : (
            <p className="mt-2 text-sm text-stone-600">🔒 {t("seriesDetail.lockedSeries")}</p>
          )}
        </section>
        {s.manage?.irregular ? <ManageSessions manage={s.manage} replyFor={replyFor} /> : null}
      </div>
      <SeriesAside s={s} />
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
