import { currencies, games, genres, searchExperienceLevels } from "#app/modules/catalog/options";
import { resolveTag } from "#app/modules/catalog/tags";
import { normaliseTools, type SafetyTool } from "#app/modules/safety/rules";

export const PAGE_SIZE = 12; // spec section 9
/** Matches are counted up to ten pages past the current one; beyond that the page says "more than" (decision record 009). */
export const COUNT_AHEAD = 10 * PAGE_SIZE;

export type SearchParams = {
  searchTerm: string;
  game: string | null;
  genre: string | null;
  experienceLevel: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  tags: string[];
  /** Sessions whose table uses every one of these safety tools (decision record 061). */
  safetyTools: SafetyTool[];
  type: "series" | "standalone" | null;
  minSpots: number | null;
  fewSpots: boolean;
  includePast: boolean;
  groupBySeries: boolean;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  freeOnly: boolean;
  page: number;
};

const oneOf = <T extends string>(value: string | null, list: readonly T[]) => (value && (list as readonly string[]).includes(value) ? (value as T) : null);
/** A real calendar date (no 2026-02-30). Plain Date arithmetic: this module ships to the browser, where a date library would weigh more than the page. */
const date = (value: string | null) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(y, m - 1, d));
  return parsed.getUTCFullYear() === y && parsed.getUTCMonth() === m - 1 && parsed.getUTCDate() === d ? value : null;
};
const bool = (value: string | null, fallback: boolean) => (value === null ? fallback : value === "true" || value === "1" || value === "on");
const cents = (value: string | null) => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
};

/** Reads the URL. Malformed values fall back to their defaults instead of failing (issue: bad input). */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const page = Number(params.get("page"));
  const minSpots = Number(params.get("minSpots"));
  const type = params.get("type");
  return {
    searchTerm: (params.get("searchTerm") ?? "").trim().slice(0, 100),
    game: oneOf(params.get("game"), games),
    genre: oneOf(params.get("genre"), genres),
    experienceLevel: oneOf(params.get("experienceLevel"), searchExperienceLevels),
    dateFrom: date(params.get("dateFrom")),
    dateTo: date(params.get("dateTo")),
    tags: (params.get("tags") ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t.length > 0 && t.length <= 50)
      .slice(0, 10),
    // Repeated (the form's checkboxes) or comma-separated (a shared link); unknown values are dropped.
    safetyTools: normaliseTools(params.getAll("safetyTools").flatMap((v) => v.split(","))),
    type: type === "series" || type === "standalone" ? type : null,
    minSpots: Number.isInteger(minSpots) && minSpots >= 1 && minSpots <= 20 ? minSpots : null,
    fewSpots: bool(params.get("fewSpots"), false),
    includePast: bool(params.get("includePast"), false),
    groupBySeries: bool(params.get("groupBySeries"), true),
    priceMin: cents(params.get("priceMin")),
    priceMax: cents(params.get("priceMax")),
    currency: oneOf(params.get("currency"), currencies),
    freeOnly: bool(params.get("freeOnly"), false),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Search text folded like the database's search column: lower case, no accents. */
export function foldSearchTerm(term: string): string | null {
  const folded = term
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
  return folded.length ? folded : null;
}

/** Search experience levels map onto the form's; 'All Levels' means no filter. */
export function experienceFilter(level: string | null): string | null {
  if (!level || level === "All Levels") return null;
  return level.toUpperCase();
}

export const tagIdsOf = (labels: string[]) => labels.map((label) => resolveTag(label).id);

/** Builds a search URL that keeps the current state, changes some of it and goes back to page 1. */
export function withParams(current: URLSearchParams, changes: Record<string, string | null>, keepPage = false): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  if (!keepPage && !("page" in changes)) next.delete("page");
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** Page buttons with ellipsis gaps: at most `slots` entries (9 on desktop, 5 on small screens). */
export function pageButtons(current: number, total: number, slots: number): (number | "gap")[] {
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const inner = slots - 2; // first and last are always shown
  let start = Math.max(2, current - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end >= total) {
    end = total - 1;
    start = end - inner + 1;
  }
  const pages: (number | "gap")[] = [1];
  for (let p = start; p <= end; p += 1) pages.push(p);
  pages.push(total);
  if (start > 2) pages[1] = "gap";
  if (end < total - 1) pages[pages.length - 2] = "gap";
  return pages;
}
