import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type CalendarEvent as Event, eventDot as dot } from "#app/components/calendar/day-dialog";
import { Link } from "#app/components/ui/link";
import { cellEvents } from "#app/modules/calendar/rules";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import type { calendarPage } from "./calendar.server";

type Page = SerializeFrom<typeof calendarPage>;
type DayTools = { lang: Locale; eventsOf: (iso: string) => Event[]; openLink: (iso: string, className: string) => ReactNode };

/** The colours of series and one-shots, and how many of each the page shows. */
export function Legend({ summary }: { summary: string }) {
  const { t } = useTranslation("sessions");
  return (
    <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
      <span className="flex items-center gap-1">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-purple-700" /> {t("calendar.legendSeries")}
      </span>
      <span className="flex items-center gap-1">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-blue-700" /> {t("calendar.legendOneShot")}
      </span>
      <span className="text-stone-700">{summary}</span>
    </div>
  );
}

/** The agenda week: each day with its sessions by name and the count of open ones. */
export function WeekList({
  days,
  today,
  lang,
  eventsOf,
  label,
  openLink,
}: DayTools & { days: string[]; today: string; label: (iso: string, opts: Intl.DateTimeFormatOptions) => string }) {
  const { t } = useTranslation("sessions");
  return (
    <ol className="mt-4 space-y-3">
      {days.map((iso) => (
        <li key={iso} className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 className={`font-semibold ${iso === today ? "text-brand-700" : ""}`}>{label(iso, { weekday: "long", day: "numeric", month: "long" })}</h2>
          {eventsOf(iso).length ? <EventList events={eventsOf(iso)} lang={lang} /> : <p className="text-sm text-stone-600">{t("calendar.empty")}</p>}
          {openLink(iso, "mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 underline")}
        </li>
      ))}
    </ol>
  );
}

/**
 * The month grid, Sunday first: a few sessions per day, "more" for the rest. With JavaScript a day
 * opens its dialog (`dialogOf` names it); its link leads to the day page without it.
 */
export function MonthTable({
  weeks,
  month,
  today,
  base,
  lang,
  eventsOf,
  dialogOf,
  openLink,
}: DayTools & { weeks: Page["weeks"]; month: string; today: string; base: string; dialogOf: (iso: string) => string | undefined }) {
  const { t } = useTranslation("sessions");
  const names = t("calendar.weekdaysShort", { returnObjects: true }) as unknown as string[];
  return (
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
        {weeks.map((days) => (
          <tr key={days[0]}>
            {days.map((iso) => {
              const { shown, more } = cellEvents(eventsOf(iso));
              const inMonth = iso.startsWith(month);
              return (
                <td key={iso} className={`h-24 border border-stone-200 p-1 align-top ${inMonth ? "bg-white" : "bg-stone-100 text-stone-700"}`}>
                  <Link
                    to={`${base}?day=${iso}`}
                    data-dialog={dialogOf(iso)}
                    aria-haspopup={dialogOf(iso) ? "dialog" : undefined}
                    aria-current={iso === today ? "date" : undefined}
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
                    <Link
                      to={`${base}?day=${iso}`}
                      data-dialog={dialogOf(iso)}
                      aria-haspopup={dialogOf(iso) ? "dialog" : undefined}
                      className="inline-flex min-h-6 items-center text-xs text-brand-700 underline"
                    >
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
  );
}

export function EventList({ events, lang }: { events: Event[]; lang: Locale }) {
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
