import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";

export type CalendarEvent = { id: string; title: string; time: string; isSeries: boolean };

export const eventDot = (isSeries: boolean) => (isSeries ? "bg-purple-700" : "bg-blue-700");

/** The id of a day's dialog; its links name it in `data-dialog`, which DialogOpener's few lines open. */
export const dayDialogId = (iso: string) => `day-${iso}`;

/**
 * A day's sessions in a native <dialog>, opened from the month grid by the page's few lines of
 * DialogOpener (decision record 021: the calendar ships no framework script). The browser keeps
 * focus inside, closes it on Escape and gives focus back to the day. Without JavaScript, or in a
 * browser without <dialog>, the same day link leads to the day page, so this only saves a page load.
 */
export function DayDialog({
  day,
  title,
  zone,
  events,
  sessionHref,
  dayHref,
}: {
  day: string;
  title: string;
  /** The zone's name in the page's language (from the loader). */
  zone: string;
  events: CalendarEvent[];
  sessionHref: (id: string) => string;
  dayHref: string;
}) {
  const { t } = useTranslation("sessions");
  const id = dayDialogId(day);
  return (
    <dialog id={id} aria-labelledby={`${id}-title`} className="w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-6 shadow-xl backdrop:bg-stone-900/50">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <form method="dialog">
          <button
            className="-m-2 min-h-11 min-w-11 rounded text-2xl leading-none text-stone-700 hover:bg-stone-100"
            aria-label={t("actions.close", { ns: "common" })}
          >
            ×
          </button>
        </form>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t("calendar.zone", { zone })}</p>
      <ul className="mt-3 divide-y divide-stone-200">
        {events.map((e) => (
          <li key={e.id} className="flex items-start gap-3 py-2">
            <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${eventDot(e.isSeries)}`} />
            <div className="min-w-0">
              <Link to={sessionHref(e.id)} className="font-medium text-brand-700 underline">
                {e.title}
              </Link>
              <p className="text-sm text-stone-700">
                <span className="tabular-nums">{e.time}</span> · {t(e.isSeries ? "calendar.legendSeries" : "calendar.legendOneShot")}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Link to={dayHref} className="mt-4 inline-flex min-h-11 items-center text-sm text-brand-700 underline">
        {t("calendar.openDay")}
      </Link>
    </dialog>
  );
}
