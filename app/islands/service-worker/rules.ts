/**
 * The service worker's decisions, as pure functions of what it sees (decision record 094): which
 * requests it answers, when kept data must go, how a kept copy is marked. No clock, no caches here.
 */

export type Handling = "post" | "page" | "file" | null;

/**
 * What the worker does with a request: a failed form post is the failed-post module's; a page is
 * network first, then a kept copy or the offline page; a build file (hashed, immutable) may come
 * from the copies kept with the pages. Everything else, the API and event streams above all, never
 * passes through the worker.
 */
export function handlingOf(request: { method: string; mode: string; url: string }, origin: string): Handling {
  const url = new URL(request.url);
  if (url.origin !== origin || url.pathname.startsWith("/api/")) return null;
  if (request.method === "POST" && request.mode === "navigate") return "post";
  if (request.method !== "GET") return null;
  if (request.mode === "navigate") return "page";
  return url.pathname.startsWith("/build/") ? "file" : null;
}

const LANGS = ["es", "en", "pt"] as const;
export type Lang = (typeof LANGS)[number];

/** The language of a page's address, else of the browser, else Spanish (the site's default). */
export function langOf(pathname: string, browserLanguages: readonly string[] = []): Lang {
  const first = pathname.split("/")[1] ?? "";
  if ((LANGS as readonly string[]).includes(first)) return first as Lang;
  for (const tag of browserLanguages) {
    const base = tag.slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(base)) return base as Lang;
  }
  return "es";
}

/**
 * Whether kept data must be wiped, given whom it was kept for and whom a fresh answer was made for
 * (the page's viewer header, or the kit's viewer). No header (a file, an outage page) says nothing;
 * "none" (signed out, a session ended by a password change or a ban) or anyone else wipes it.
 */
export function mustWipe(keptFor: string | null, seen: string | null): boolean {
  if (keptFor === null || seen === null) return false;
  return seen !== keptFor;
}

/** After a navigation: fetch the kit again at most this often, unless the rule below says it is stale. */
export const KIT_REFRESH_MS = 60_000;

/** The pages the kit may name that a player lands on right after a change: their tickets and a voucher just issued (a seat's or a tip's). */
const keptKind = /^\/[a-z]{2}\/(?:tickets|booking\/[^/]+\/voucher|tip\/[^/]+)$/;

/**
 * Whether to fetch the kit after a page: when nothing is kept yet or in another language; when the
 * page is one the kit would name but does not (a voucher issued a moment ago) or follows a form
 * post (a seat just booked); else at most once a minute.
 */
export function kitDue(
  kept: { checkedAt: number; lang: string; paths: readonly string[] } | null,
  seen: { now: number; lang: string; pathname: string; afterPost: boolean },
): boolean {
  if (!kept || kept.lang !== seen.lang || seen.afterPost) return true;
  if (keptKind.test(seen.pathname) && !kept.paths.includes(seen.pathname)) return true;
  return seen.now - kept.checkedAt >= KIT_REFRESH_MS;
}

/**
 * How long a page may take before a kept copy answers instead: on a dead 2G connection a request
 * can hang for a minute. Without a kept copy the worker waits for the network as the browser would.
 */
export const NETWORK_TIMEOUT_MS = 4_000;

/** A kept copy, as shown without network: its "saved at" note (rendered hidden, app/components/offline/kept-note.tsx) revealed. */
export function revealKeptNote(html: string): string {
  return html.replace(/(<div data-kept-copy="")([^>]*?) hidden=""/, "$1$2");
}

/**
 * The build files a kept page needs (its stylesheets and scripts, such as the live layer): kept with
 * it, so the copy looks and behaves like the page instead of loading half of itself and failing.
 */
export function buildFilesOf(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    if (tag.startsWith("<link") && !/\brel="stylesheet"/.test(tag)) continue;
    // Every one: the page's after-paint script names both the stylesheet and the live script.
    for (const [, href] of tag.matchAll(/\b(?:href|src)="(\/build\/[^"]+)"/g)) found.add(href!);
  }
  return [...found];
}

/** The paths of kept pages that are no longer in the kit (a voucher paid, a session over): dropped. */
export function stalePaths(kept: readonly string[], wanted: readonly string[]): string[] {
  const keep = new Set(wanted);
  return kept.filter((path) => !keep.has(path));
}
