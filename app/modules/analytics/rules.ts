import ct from "countries-and-timezones";

/** The booking funnel's events (spec section 7). */
export const ANALYTICS_EVENTS = ["booking_initiated", "booking_payment_started", "user_country_detected"] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export type DetectedCountry = "MX" | "US" | "Unknown";

/**
 * The country guessed from a time zone (spec section 7: MX, US or Unknown). A zone shared by
 * several countries counts only when one of them is Mexico or the United States and the other
 * is not: such a zone says nothing certain, so it is Unknown.
 */
export function countryFromTimeZone(timeZone: string): DetectedCountry {
  const countries = new Set((ct.getCountriesForTimezone(timeZone) ?? []).map((c) => c.id));
  const mx = countries.has("MX");
  const us = countries.has("US");
  if (mx && !us) return "MX";
  if (us && !mx) return "US";
  return "Unknown";
}

/** Numbers, short strings and booleans only: an event never carries free text someone typed. */
export type EventProperties = Record<string, string | number | boolean | null>;

export function cleanProperties(properties: EventProperties): EventProperties {
  const clean: EventProperties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value === "string") clean[key] = value.replaceAll("\u0000", "").slice(0, 100);
    else if (typeof value === "number") clean[key] = Number.isFinite(value) ? value : null;
    else clean[key] = value;
  }
  return clean;
}
