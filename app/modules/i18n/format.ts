import { intlLocale, type Locale } from "./config";

/**
 * Date and time in the viewer's zone with the zone named, e.g. "22 nov 2026, 19:00 GMT-6". The
 * time and the zone's short name come after the last comma (in es, en and pt alike); no-break
 * spaces inside that part keep "7:00 p.m. GMT-6" on one line when a narrow screen wraps the
 * sentence around it, while the line may still break between the date and the time.
 */
export function formatDateTime(date: Date, lang: Locale, timeZone: string): string {
  return dateTimeFormat(lang, timeZone)
    .format(date)
    .replace(/(?<!,) (?=[^,]*$)/g, "\u00a0");
}

// Building an Intl formatter costs far more than using one (it loads locale and zone data), and a
// page of cards formats dozens of times: keep one per language and zone. Both sets are finite.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(lang: Locale, timeZone: string) {
  const key = `${lang}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[lang], {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * A time zone's name in the page's language ("hora del centro de México", "Central Time"), not its
 * id ("America/Mexico_City"): Intl.DisplayNames has no zones, so the name comes from a date
 * formatted in that zone. 'longGeneric' (no standard/summer) where the runtime knows it, 'long'
 * otherwise; the id, made readable, for a zone the runtime does not know.
 */
export function zoneName(timeZone: string, lang: Locale, at: Date): string {
  // Kept per language, zone and hour: a name changes at most at a DST switch, on the hour.
  const key = `${lang}|${timeZone}|${Math.floor(at.getTime() / 3_600_000)}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    if (zoneNames.size > 5000) zoneNames.clear();
    zoneNames.set(key, (name = nameZone(timeZone, lang, at)));
  }
  return name;
}
const zoneNames = new Map<string, string>();

function nameZone(timeZone: string, lang: Locale, at: Date): string {
  for (const timeZoneName of ["longGeneric", "long"] as const) {
    try {
      const part = new Intl.DateTimeFormat(intlLocale[lang], { timeZone, timeZoneName }).formatToParts(at).find((p) => p.type === "timeZoneName");
      if (part?.value) return part.value;
    } catch {
      // An unknown zone, or a runtime without this style: try the next.
    }
  }
  return timeZone.replaceAll("_", " ");
}

/** A day as a chat heads it: "sábado, 28 de noviembre de 2026", in the reader's zone. */
export function formatLongDay(date: Date, lang: Locale, timeZone: string): string {
  const key = `${lang}|${timeZone}`;
  let format = longDayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[lang], { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
    longDayFormats.set(key, format);
  }
  return format.format(date);
}
const longDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The time of day alone, "19:00" or "7:00 p.m.", in the viewer's zone: a chat's messages, under
 * their day's heading, with the zone named once on the page.
 */
export function formatClock(date: Date, lang: Locale, timeZone: string): string {
  const key = `${lang}|${timeZone}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[lang], { timeZone, hour: "2-digit", minute: "2-digit" });
    clockFormats.set(key, format);
  }
  return format.format(date);
}
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Integer cents to a localised amount (en-US, es-MX, pt-BR), e.g. 15000 MXN → "$150.00". */
export function formatPrice(cents: number, currency: string, lang: Locale, opts: { wholeUnits?: boolean } = {}): string {
  // Intl takes a number; dividing an integer by 100 is exact enough for display and never stored.
  return priceFormat(lang, currency, Boolean(opts.wholeUnits)).format(cents / 100);
}

// One formatter per language, currency and style: creating one costs more than formatting many prices.
const priceFormats = new Map<string, Intl.NumberFormat>();
function priceFormat(lang: Locale, currency: string, wholeUnits: boolean) {
  const key = `${lang}|${currency}|${wholeUnits}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[lang], {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      // Cards show whole amounts with the decimals dropped, not rounded (spec section 9).
      ...(wholeUnits ? { maximumFractionDigits: 0, minimumFractionDigits: 0, roundingMode: "trunc" as const } : {}),
    });
    priceFormats.set(key, format);
  }
  return format;
}
