import type { Locale } from "#app/modules/i18n/config";
import { isLocale } from "#app/modules/i18n/rules";
import { notFound } from "#app/web/http";

/**
 * The page's language, read once from the `$lang` segment of its URL. A segment that names no
 * language is the 404 page, the answer the `$lang` layout gives; Remix runs a page's loaders side
 * by side, so each loader that needs the language parses it here rather than trusting the layout
 * to have refused first.
 */
export function localeOf(params: { lang?: string }): Locale {
  if (!isLocale(params.lang)) notFound();
  return params.lang;
}
