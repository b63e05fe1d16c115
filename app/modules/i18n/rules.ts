import { defaultLocale, type Locale, locales } from "./config";

/** The language a message to an account goes out in: its stored preference, the default if we no longer speak it. */
export const recipientLang = (preferred: string): Locale => (isLocale(preferred) ? preferred : defaultLocale);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Parses an Accept-Language header into language codes ordered by quality. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The locale for a visitor without one in the URL: cookie, then Accept-Language, then Spanish. */
export function chooseLocale(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const base = tag.split("-")[0];
    if (isLocale(base)) return base;
  }
  return defaultLocale;
}

/** Builds an in-app link for a locale: localePath("en", "/sessions") === "/en/sessions". */
export function localePath(lang: Locale, path = "/"): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/** The same page in another language: swaps the first path segment, keeps the rest and the query. */
export function switchLocalePath(pathname: string, search: string, to: Locale): string {
  const segments = pathname.split("/");
  if (isLocale(segments[1])) segments[1] = to;
  else segments.splice(1, 0, to);
  const path = segments.join("/").replace(/\/$/, "") || `/${to}`;
  return `${path}${search}`;
}

/** Strips the locale prefix: "/en/settings/profile" → "/settings/profile". */
export function withoutLocale(pathname: string): string {
  const segments = pathname.split("/");
  if (isLocale(segments[1])) segments.splice(1, 1);
  return segments.join("/") || "/";
}
