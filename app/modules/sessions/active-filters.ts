import { resolveTag, tagLabel } from "#app/modules/catalog/tags";
import { intlLocale, type Locale } from "#app/modules/i18n/config";
import { formatPrice } from "./rules";
import type { SearchParams } from "./search";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One badge under the search filters: what it says and the URL changes that remove it. */
export type ActiveFilter = { id: string; text: string; remove: Record<string, string | null> };

/** "2027-12-31" as a person reads it in the page's language ("31 dic 2027", "Dec 31, 2027"). */
function readableDate(iso: string, lang: Locale) {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale[lang], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/**
 * The badges of the filters in force, read from the parsed search (so a malformed value, or a
 * default such as grouped campaigns, shows none), each named and in words: "Free only",
 * "From 31 Dec 2027", "Min. 4 spots", "Price: $100.00 – $250.00". `t` reads the 'sessions' namespace.
 */
export function activeFilters(p: SearchParams, lang: Locale, t: Translate): ActiveFilter[] {
  const badges: ActiveFilter[] = [];
  const add = (id: string, key: string, values: Record<string, unknown>, remove: Record<string, string | null>) =>
    badges.push({ id, text: t(`search.badges.${key}`, values), remove });
  if (p.searchTerm) add("searchTerm", "searchTerm", { value: p.searchTerm }, { searchTerm: null });
  if (p.game) add("game", "game", { value: p.game }, { game: null });
  if (p.genre) add("genre", "genre", { value: t(`genres.${p.genre}`) }, { genre: null });
  if (p.experienceLevel) add("experienceLevel", "level", { value: t(`levels.${p.experienceLevel}`) }, { experienceLevel: null });
  if (p.dateFrom) add("dateFrom", "dateFrom", { date: readableDate(p.dateFrom, lang) }, { dateFrom: null });
  if (p.dateTo) add("dateTo", "dateTo", { date: readableDate(p.dateTo, lang) }, { dateTo: null });
  for (const name of p.tags) {
    const tag = resolveTag(name);
    const rest = p.tags.filter((other) => other !== name);
    add(`tag-${tag.id}`, "tag", { value: tag.predefined ? tagLabel(tag.predefined, lang) : tag.name }, { tags: rest.length ? rest.join(",") : null });
  }
  for (const tool of p.safetyTools) {
    const rest = p.safetyTools.filter((other) => other !== tool);
    // The tool's name lives with the rest of the safety texts, which the search page also loads.
    add(`safety-${tool}`, "safetyTool", { value: t(`tools.${tool}`, { ns: "safety" }) }, { safetyTools: rest.length ? rest.join(",") : null });
  }
  if (p.type) add("type", p.type === "series" ? "typeSeries" : "typeStandalone", {}, { type: null });
  if (p.minSpots !== null) add("minSpots", "minSpots", { count: p.minSpots }, { minSpots: null });
  if (p.fewSpots) add("fewSpots", "fewSpots", {}, { fewSpots: null });
  if (p.freeOnly) add("freeOnly", "freeOnly", {}, { freeOnly: null });
  if (p.includePast) add("includePast", "includePast", {}, { includePast: null });
  // Grouping is the default: only turning it off is a filter worth a badge.
  if (!p.groupBySeries) add("groupBySeries", "notGrouped", {}, { groupBySeries: null });
  if (p.priceMin !== null || p.priceMax !== null) {
    // Without a chosen currency the amounts are read in each session's own; MXN's symbol is the plain "$".
    const money = (cents: number) => formatPrice(cents, p.currency ?? "MXN", lang);
    const key = p.priceMin !== null && p.priceMax !== null ? "priceRange" : p.priceMin !== null ? "priceMin" : "priceMax";
    add(
      "price",
      key,
      { min: p.priceMin === null ? "" : money(p.priceMin), max: p.priceMax === null ? "" : money(p.priceMax) },
      { priceMin: null, priceMax: null },
    );
  }
  if (p.currency) add("currency", "currency", { value: p.currency }, { currency: null });
  return badges;
}
