import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CalendarEvent as Event, DayDialog, eventDot as dot } from "#app/components/calendar/day-dialog";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { cellEvents, isDate, isMonth, monthGrid, shiftDate, shiftMonth, weekOf, weekSummary } from "#app/modules/calendar/rules";
import { todayIn } from "#app/modules/dates/day";
import { deps } from "#app/modules/deps.server";
import { intlLocale, type Locale } from "#app/modules/i18n/config";
import { zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { calendarEvents, calendarOpenCounts } from "#app/modules/sessions/sessions.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["sessions"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** Month grid (Sunday first), agenda week, or one day — all plain links, state in the URL. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const url = new URL(request.url);
  const today = todayIn(user.timeZone, deps(context).now);
  const day = url.searchParams.get("day");
  const view = isDate(day) ? "day" : url.searchParams.get("view") === "week" ? "week" : "month";
  const date = isDate(url.searchParams.get("date")) ? url.searchParams.get("date")! : today;
  const month = isMonth(url.searchParams.get("month")) ? url.searchParams.get("month")! : date.slice(0, 7);
  const days = view === "day" ? [day!] : view === "week" ? weekOf(date) : monthGrid(month).flat();
  // The viewer's own sessions by name; everything else open only as a count per day (a link to the search).
  const d = deps(context);
  const [events, open] = await Promise.all([calendarEvents(d, user, days[0]!, days.at(-1)!), calendarOpenCounts(d, user, days[0]!, days.at(-1)!)]);
  // The zone's name in the page's language, worded once here: the browser's time zone data may word it differently.
  const zone = zoneName(user.timeZone, lang, d.now);
  return {
    title: translator(lang, "sessions")("calendar.title"),
    view,
    today,
    month,
    date,
    day,
    weeks: view === "month" ? monthGrid(month) : [weekOf(date)],
    events,
    open,
    zone,
  };
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const base = localePath(lang, "/calendar");
  const names = t("calendar.weekdaysShort", { returnObjects: true }) as unknown as string[];
  const label = (iso: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale[lang], { ...opts, timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  const eventsOf = (iso: string): Event[] => data.events[iso] ?? [];
  const openLink = (iso: string, className: string) =>
    data.open[iso] ? (
      <Link to={localePath(lang, `/sessions?dateFrom=${iso}&dateTo=${iso}`)} className={className}>
        {t("calendar.open", { count: data.open[iso] })}
      </Link>
    ) : null;
  // With JavaScript a day with sessions opens a dialog; its link still leads to the day page without it.
  const [openDay, setOpenDay] = useState<string | null>(null);
  const { search } = useLocation();
  useEffect(() => setOpenDay(null), [search]);
  const openDialog = (iso: string) => (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !eventsOf(iso).length) return;
    event.preventDefault();
    setOpenDay(iso);
  };

  if (data.view === "day" && data.day) {
    const list = eventsOf(data.day);
    return (
      <section>
        <Link to={`${base}?month=${data.day.slice(0, 7)}`} className="text-sm text-brand-700 underline">
          ← {t("calendar.back")}
        </Link>
        <h1 className="mt-3 text-2xl font-bold">{t("calendar.day", { date: label(data.day, { dateStyle: "full" }) })}</h1>
        <p className="mt-1 text-sm text-stone-600">{t("calendar.zone", { zone: data.zone })}</p>
        {list.length ? <EventList events={list} lang={lang} /> : <p className="mt-4 text-stone-600">{t("calendar.empty")}</p>}
        {openLink(data.day, "mt-4 inline-flex min-h-11 items-center text-brand-700 underline")}
      </section>
    );
  }

  const week = data.view === "week";
  const prev = week ? `${base}?view=week&date=${shiftDate(data.date, -7)}` : `${base}?month=${shiftMonth(data.month, -1)}`;
  const next = week ? `${base}?view=week&date=${shiftDate(data.date, 7)}` : `${base}?month=${shiftMonth(data.month, 1)}`;
  const heading = week
    ? `${label(data.weeks[0]![0]!, { day: "numeric", month: "short" })} – ${label(data.weeks[0]![6]!, { day: "numeric", month: "short", year: "numeric" })}`
    : label(`${data.month}-15`, { month: "long", year: "numeric" });
  // The summary counts what the page shows (the shown week, or the shown month's own days), so it
  // never reads a week whose sessions were not loaded; the counts are sessions, in plural forms.
  const counted = week ? data.weeks[0]! : data.weeks.flat().filter((iso) => iso.startsWith(data.month));
  const totals = weekSummary(counted.flatMap(eventsOf));
  const period = week ? (counted.includes(data.today) ? "thisWeek" : "week") : data.month === data.today.slice(0, 7) ? "thisMonth" : "month";
  const summaryText = t("calendar.summary", {
    period: t(`calendar.summaryPeriod.${period}`),
    series: t("calendar.summarySeries", { count: totals.series }),
    oneShots: t("calendar.summaryOneShots", { count: totals.oneShots }),
  });
  const nav = "inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-3 text-sm hover:bg-stone-100";
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold capitalize">{heading}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={prev} className={nav}>
            {t("calendar.previous")}
          </Link>
          <Link to={week ? `${base}?view=week` : base} className={nav}>
            {t("calendar.today")}
          </Link>
          <Link to={next} className={nav}>
            {t("calendar.next")}
          </Link>
          <Link
            to={
              week
                ? `${base}?month=${data.date.slice(0, 7)}`
                : `${base}?view=week&date=${data.month === data.today.slice(0, 7) ? data.today : `${data.month}-01`}`
            }
            className={nav}
          >
            {week ? t("calendar.month") : t("calendar.week")}
          </Link>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-3 w-3 rounded-full bg-purple-700" /> {t("calendar.legendSeries")}
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-3 w-3 rounded-full bg-blue-700" /> {t("calendar.legendOneShot")}
        </span>
        <span className="text-stone-700">{summaryText}</span>
      </div>
      {week ? (
        <ol className="mt-4 space-y-3">
          {data.weeks[0]!.map((iso) => (
            <li key={iso} className="rounded-lg border border-stone-200 bg-white p-4">
              <h2 className={`font-semibold ${iso === data.today ? "text-brand-700" : ""}`}>
                {label(iso, { weekday: "long", day: "numeric", month: "long" })}
              </h2>
              {eventsOf(iso).length ? <EventList events={eventsOf(iso)} lang={lang} /> : <p className="text-sm text-stone-600">{t("calendar.empty")}</p>}
              {openLink(iso, "mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 underline")}
            </li>
          ))}
        </ol>
      ) : (
        <table className="mt-4 w-full table-fixed border-collapse text-sm">
          <thead>
            <tr>
              {names.map((n) => (
                <th key={n} scope="col" className="py-2 text-stone-700">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.weeks.map((days) => (
              <tr key={days[0]}>
                {days.map((iso) => {
                  const { shown, more } = cellEvents(eventsOf(iso));
                  const inMonth = iso.startsWith(data.month);
                  return (
                    <td key={iso} className={`h-24 border border-stone-200 p-1 align-top ${inMonth ? "bg-white" : "bg-stone-100 text-stone-700"}`}>
                      <Link
                        to={`${base}?day=${iso}`}
                        onClick={openDialog(iso)}
                        aria-current={iso === data.today ? "date" : undefined}
                        className="inline-flex min-h-6 min-w-6 items-center justify-center rounded-full text-xs font-semibold aria-[current=date]:bg-brand-600 aria-[current=date]:text-white"
                      >
                        {Number(iso.slice(8))}
                      </Link>
                      <ul className="mt-1 space-y-0.5">
                        {shown.map((e) => (
                          <li key={e.id} className="flex items-center gap-1 truncate text-xs">
                            <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${dot(e.isSeries)}`} />
                            <Link to={localePath(lang, `/session/${e.id}`)} className="truncate leading-6 hover:underline">
                              {e.time} {e.title}
                            </Link>
                          </li>
                        ))}
                      </ul>
                      {more ? (
                        <Link to={`${base}?day=${iso}`} onClick={openDialog(iso)} className="inline-flex min-h-6 items-center text-xs text-brand-700 underline">
                          {t("calendar.more", { count: more })}
                        </Link>
                      ) : null}
                      {openLink(iso, "block min-h-6 truncate text-xs leading-6 text-stone-700 underline")}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <DayDialog
        day={openDay}
        title={openDay ? t("calendar.day", { date: label(openDay, { dateStyle: "full" }) }) : ""}
        zone={data.zone}
        events={openDay ? eventsOf(openDay) : []}
        sessionHref={(id) => localePath(lang, `/session/${id}`)}
        dayHref={`${base}?day=${openDay ?? ""}`}
        onClose={() => setOpenDay(null)}
      />
    </section>
  );
}

function EventList({ events, lang }: { events: Event[]; lang: Locale }) {
  return (
    <ul className="mt-2 space-y-1">
      {events.map((e) => (
        <li key={e.id} className="flex items-center gap-2 text-sm">
          <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${dot(e.isSeries)}`} />
          <span className="tabular-nums">{e.time}</span>
          <Link to={localePath(lang, `/session/${e.id}`)} className="text-brand-700 underline">
            {e.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
