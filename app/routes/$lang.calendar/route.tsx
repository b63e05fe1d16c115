import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type CalendarEvent as Event, DayDialog, dayDialogId } from "#app/components/calendar/day-dialog";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { shiftDate, shiftMonth, weekSummary } from "#app/modules/calendar/rules";
import { intlLocale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import { calendarPage } from "./calendar.server";
import { EventList, Legend, MonthTable, WeekList } from "./calendar-parts";

// Plain HTML (decision record 021): a busy day opens as a native dialog through the page's few lines of DialogOpener.
export const handle = { i18n: ["sessions"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export const loader = (args: LoaderFunctionArgs) => calendarPage(args);

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const base = localePath(lang, "/calendar");
  const label = (iso: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale[lang], { ...opts, timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  const eventsOf = (iso: string): Event[] => data.events[iso] ?? [];
  const openLink = (iso: string, className: string) =>
    data.open[iso] ? (
      <Link to={localePath(lang, `/sessions?dateFrom=${iso}&dateTo=${iso}`)} className={className}>
        {t("calendar.open", { count: data.open[iso] })}
      </Link>
    ) : null;
  // With JavaScript a day with sessions opens its dialog; its link still leads to the day page without it.
  const dialogOf = (iso: string) => (eventsOf(iso).length ? dayDialogId(iso) : undefined);

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
      <Legend summary={summaryText} />
      {week ? (
        <WeekList days={data.weeks[0]!} today={data.today} lang={lang} eventsOf={eventsOf} label={label} openLink={openLink} />
      ) : (
        <MonthTable
          weeks={data.weeks}
          month={data.month}
          today={data.today}
          base={base}
          lang={lang}
          eventsOf={eventsOf}
          dialogOf={dialogOf}
          openLink={openLink}
        />
      )}
      {week
        ? null
        : data.weeks
            .flat()
            .filter((iso) => eventsOf(iso).length > 0)
            .map((iso) => (
              <DayDialog
                key={iso}
                day={iso}
                title={t("calendar.day", { date: label(iso, { dateStyle: "full" }) })}
                zone={data.zone}
                events={eventsOf(iso)}
                sessionHref={(id) => localePath(lang, `/session/${id}`)}
                dayHref={`${base}?day=${iso}`}
              />
            ))}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
