import { useTranslation } from "react-i18next";
import { Modal } from "#app/components/ui/dialog";
import { Link } from "#app/components/ui/link";

export type CalendarEvent = { id: string; title: string; time: string; isSeries: boolean };

export const eventDot = (isSeries: boolean) => (isSeries ? "bg-purple-700" : "bg-blue-700");

/**
 * A day's sessions in a dialog, opened from the month grid with JavaScript. The same day link
 * leads to the day page without it, so this only saves a page load.
 */
export function DayDialog({
  day,
  title,
  zone,
  events,
  sessionHref,
  dayHref,
  onClose,
}: {
  day: string | null;
  title: string;
  /** The zone's name in the page's language (from the loader). */
  zone: string;
  events: CalendarEvent[];
  sessionHref: (id: string) => string;
  dayHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("sessions");
  return (
    <Modal open={day !== null} onClose={onClose} title={title}>
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
    </Modal>
  );
}
