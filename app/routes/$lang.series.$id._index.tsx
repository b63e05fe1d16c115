import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SafetyToolBadges } from "#app/components/safety/safety-fields";
import { Fact, HostCard, TagList } from "#app/components/sessions/detail-parts";
import { AddSessionForm, GenerateSessionsForm } from "#app/components/sessions/series-manage";
import { StatusBanner, StatusControls } from "#app/components/sessions/series-status";
import { ShareBox } from "#app/components/sessions/share-box";
import { SubscriptionPanel } from "#app/components/sessions/subscription-panel";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { getEnv } from "#app/env.server";
import { canManageSeries } from "#app/modules/access/rules";
import { gameLabel } from "#app/modules/catalog/options";
import { tagChips } from "#app/modules/catalog/tags";
import { plusDays, todayIn } from "#app/modules/dates/day";
import { deps } from "#app/modules/deps.server";
import { guestTimeZone, intlLocale } from "#app/modules/i18n/config";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { ratingsFor } from "#app/modules/reviews/reviews.server";
import { SERIES_PAGE_INTENTS, seriesPageSchema } from "#app/modules/series/schema";
import { addSeriesSession, generateSeriesSessions, getSeries, seriesInstructionsFor } from "#app/modules/series/series.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { seriesSubscriptionPanel } from "#app/modules/subscriptions/series-panel.server";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { displayNameOf } from "#app/modules/users/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { getOptionalUser, requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refusalStatus, throwPageRefusal } from "#app/web/refusals.server";
import { refuse } from "#app/web/replies.server";
import { seriesStatusFormReply } from "#app/web/series-status.server";

// Plain HTML for players; the host's forms keep their pending states (decision record 021).
export const handle = {
  i18n: ["sessions", "subscriptions", "validation", "reviews", "safety"],
  hydrate: (data: unknown) => Boolean((data as { manage?: unknown } | undefined)?.manage),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** Public to anyone with the link. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const viewer = await getOptionalUser(request);
  const d = deps(context);
  const page = await getSeries(d, params.id ?? "", viewer);
  if (!page) notFound();
  const { row } = page;
  const t = translator(lang, "sessions");
  const zone = viewer?.timeZone ?? guestTimeZone;
  const weekdays = t("weekdays", { returnObjects: true }) as unknown as string[];
  const canManage = canManageSeries(viewer, row);
  const instructions = await seriesInstructionsFor(d, row, viewer);
  const subscribed = new URL(request.url).searchParams.get("subscribed") === "true";
  const subscription = await seriesSubscriptionPanel(d, row, viewer, lang, zone, subscribed);
  const day = (iso: string) => new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  const item = (s: (typeof page.upcoming)[number]) => ({
    id: s.id,
    when: formatDateTime(new Date(s.starts_at), lang, zone),
    modified: s.is_modified,
    seats: t("detail.seatsValue", { booked: s.booked, max: s.max_participants }),
  });
  return {
    subscription,
    url: `${getEnv().APP_URL}${localePath(lang, `/series/${row.id}`)}`,
    title: row.title,
    // ACTIVE, PAUSED, COMPLETED or CANCELLED: the host sees it, players see a banner when it is not ACTIVE.
    status: row.status,
    description: row.description,
    game: row.game,
    genre: row.genre,
    level: row.experience_level,
    tags: tagChips(row.tags, lang),
    safetyTools: row.safety_tools,
    hours: Math.round((row.duration_minutes / 60) * 100) / 100,
    players: { min: row.min_participants, max: row.max_participants },
    location: row.location,
    dates:
      row.end_iso && !row.is_ongoing
        ? t("seriesDetail.range", { start: day(row.start_iso), end: day(row.end_iso) })
        : t("seriesDetail.from", { start: day(row.start_iso) }),
    instructions,
    host: { id: row.dm_id, name: displayNameOf({ displayName: row.dm_display_name, email: row.dm_email }), bio: row.dm_bio },
    hostRating: (await ratingsFor(d, [row.dm_id], "DM"))(row.dm_id),
    // The 800 px copy of our uploads; any other address as it is.
    imageUrl: publicImage(row.image_url)?.large ?? null,
    schedule:
      row.frequency === "IRREGULAR"
        ? t("seriesForm.IRREGULAR")
        : t("seriesDetail.every", {
            frequency: t(`seriesForm.${row.frequency}`),
            day: row.day_of_week !== null ? weekdays[row.day_of_week] : `${row.day_of_month}`,
            time: row.time_hhmm,
          }),
    timezone: row.time_zone,
    price: row.price_cents === 0 ? null : `${formatPrice(row.price_cents, row.currency, lang)} ${row.currency}`,
    upcoming: page.upcoming.map(item),
    past: page.past.map(item),
    manage: canManage
      ? {
          editHref: localePath(lang, `/series/${row.id}/edit`),
          // Sessions are added by hand only to a series without a fixed schedule, and never to one cancelled or over.
          irregular: row.frequency === "IRREGULAR" && row.status !== "CANCELLED" && row.status !== "COMPLETED",
          timeZone: row.time_zone,
          zoneName: zoneName(row.time_zone, lang, d.now),
          now: d.now.toISOString(),
          addDefaults: { date: plusDays(todayIn(row.time_zone, d.now), 1), time: row.time_hhmm },
          cancelHref: localePath(lang, `/series/${row.id}/cancel`),
          // Cancelling tells the host that paid seats are refunded in full.
          refunds: row.price_cents > 0,
        }
      : null,
  };
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
    return data(
      { intent: command.intent, result: submission.reply(field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }) },
      { status: refusalStatus(result.refusal) },
    );
  }
}

export default function SeriesPage() {
  const s = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const replyFor = (intent: string) => (reply && reply.intent === intent ? reply.result : undefined);
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const row = (x: (typeof s.upcoming)[number]) => (
    <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <Link to={localePath(lang, `/session/${x.id}`)} className="text-brand-700 underline">
        {x.when}
      </Link>
      <span className="text-stone-600">
        {x.seats}
        {x.modified ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("seriesDetail.modified")}</span> : null}
      </span>
    </li>
  );
  return (
    <article className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      {/* min-w-0: a grid item is as wide as its widest content by default; the host's subscriber table scrolls inside its box instead. */}
      <div className="min-w-0 space-y-6">
        {s.imageUrl ? <img src={s.imageUrl} alt="" width={800} height={450} className="aspect-video w-full rounded-lg object-cover" /> : null}
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
        {s.manage ? <StatusControls title={s.title} status={s.status} cancelHref={s.manage.cancelHref} refunds={s.manage.refunds} /> : null}
        {s.description ? <p className="whitespace-pre-line text-stone-800">{s.description}</p> : null}
        <TagList tags={s.tags} />
        <SafetyToolBadges tools={s.safetyTools} />
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("seriesDetail.upcoming")}</h2>
          {s.upcoming.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">{t("seriesDetail.none")}</p>
          ) : (
            <>
              <ul className="mt-2 divide-y divide-stone-100">{s.upcoming.slice(0, 2).map(row)}</ul>
              {s.upcoming.length > 2 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("seriesDetail.showAll", { count: s.upcoming.length })}</summary>
                  <ul className="divide-y divide-stone-100">{s.upcoming.slice(2).map(row)}</ul>
                </details>
              ) : null}
            </>
          )}
          {s.past.length ? (
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-semibold">
                {t("seriesDetail.past")} ({s.past.length})
              </summary>
              <ul className="divide-y divide-stone-100">{s.past.map(row)}</ul>
            </details>
          ) : null}
        </section>
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("detail.instructions")}</h2>
          {s.instructions !== null ? (
            <p className="mt-2 whitespace-pre-line text-sm">{s.instructions}</p>
          ) : (
            <p className="mt-2 text-sm text-stone-600">🔒 {t("seriesDetail.lockedSeries")}</p>
          )}
        </section>
        {s.manage?.irregular ? (
          <section className="space-y-4">
            <h2 className="text-xl font-semibold">{t("seriesDetail.manageSessions")}</h2>
            <div className="grid gap-4 md:grid-cols-2">
              <AddSessionForm
                lastResult={replyFor("addSession")}
                timeZone={s.manage.timeZone}
                zoneName={s.manage.zoneName}
                now={s.manage.now}
                defaultValue={s.manage.addDefaults}
              />
              <GenerateSessionsForm lastResult={replyFor("generate")} />
            </div>
          </section>
        ) : null}
      </div>
      <aside className="space-y-4">
        <dl className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 text-sm">
          <Fact term={t("seriesDetail.frequency")}>{s.schedule}</Fact>
          <Fact term={t("seriesDetail.dates")}>{s.dates}</Fact>
          <Fact term={t("seriesDetail.timezone")}>{s.timezone.replaceAll("_", " ")}</Fact>
          <Fact term={t("detail.duration")}>{t("detail.durationValue", { hours: s.hours })}</Fact>
          <Fact term={t("seriesDetail.players")}>{t("seriesDetail.playersValue", { min: s.players.min, max: s.players.max })}</Fact>
          <Fact term={t("seriesDetail.pricePerSession")}>{s.price ?? t("detail.free")}</Fact>
          <Fact term={t("detail.location")}>{s.location || t("detail.online")}</Fact>
          {s.level ? <Fact term={t("detail.level")}>{t(`levels.${s.level}`)}</Fact> : null}
        </dl>
        <HostCard host={s.host} rating={s.hostRating} />
        <ShareBox url={s.url} title={s.title} />
      </aside>
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
