import type { Locale } from "#app/modules/i18n/config";

// A person's rating as everyone sees it: the reviews' stored sum and count, shown as the average to one
// decimal in the reader's locale. A folder of its own, below both sessions (whose cards show the host's
// rating) and reviews (which keep the sums), so neither imports the other for it (decision record 045).

/** The average to one decimal, or null without reviews. */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

const formats = new Map<Locale, Intl.NumberFormat>();

/**
 * An average as written for the reader: always one decimal, in their locale's notation (4,7 in Spanish
 * and Portuguese, 4.7 in English). The formatter is made once per language: a search page formats a
 * rating on every card.
 */
export function formatRatingAverage(average: number, lang: Locale): string {
  let format = formats.get(lang);
  if (!format) formats.set(lang, (format = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return format.format(average);
}

/** The rating link's text parts from the stored sum and count; null for someone without reviews. */
export function ratingSummary(sum: number, count: number, lang: Locale): { average: string; count: number } | null {
  const average = ratingAverage(sum, count);
  return average === null ? null : { average: formatRatingAverage(average, lang), count };
}
