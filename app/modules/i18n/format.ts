import { intlLocale, type Locale } from "./config";

/** Date and time in the viewer's zone with the zone named, e.g. "22 nov 2026, 19:00 GMT-6". */
export function formatDateTime(date: Date, lang: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale[lang], {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}
