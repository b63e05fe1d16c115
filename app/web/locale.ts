import { defaultLocale, type Locale } from "#app/modules/i18n/config";
import { isLocale } from "#app/modules/i18n/rules";

/**
 * The language a rendered page speaks, from i18next's current language or the URL's `$lang`
 * segment. The server only renders pages under a known language, so the default is only reached by
 * a value nobody set.
 */
export const pageLocale = (language: string | undefined): Locale => (isLocale(language) ? language : defaultLocale);
