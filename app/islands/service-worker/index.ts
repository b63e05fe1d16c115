/**
 * The service worker (decision record 094), served at /sw.js and registered by a few inline lines
 * on every page as an enhancement: without it, every page works as before. It keeps, for the
 * signed-in player, the pages the kit names (their tickets, each open OXXO voucher, each booked
 * session) and shows them, marked as kept copies, when the network is gone; anywhere else offline
 * it shows an offline page in the address's language. It never touches the API, event streams or
 * any other request but pages, build files and form posts made by navigation.
 */
import { page as en } from "../../../public/locales/en/offline.json";
import { page as es } from "../../../public/locales/es/offline.json";
import { page as pt } from "../../../public/locales/pt/offline.json";
import { type Kit, KIT_PATH, NO_VIEWER, VIEWER_HEADER } from "../../modules/offline/rules";
import { sendOrKeep } from "./failed-post";
import { offlinePageHtml } from "./offline-page";
import { buildFilesOf, handlingOf, kitDue, type Lang, langOf, mustWipe, NETWORK_TIMEOUT_MS, revealKeptNote, stalePaths } from "./rules";

// The worker's own types, without the webworker lib (which clashes with the DOM lib the app type-checks with).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: Location;
  navigator: { languages: readonly string[] };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<{ url: string }[]> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
};
const scope = self as unknown as WorkerScope;

const words = { es, en, pt };
/** Everything kept for the signed-in viewer: their pages, the build files those need, and the state below. */
const KEPT = "mesa-kept-v1";
const STATE_KEY = "/__kept/state";
type State = { viewer: string; lang: Lang; version: string; paths: string[]; checkedAt: number };

/** Bumped by every wipe: a kit refresh begun before it writes nothing after it. */
let generation = 0;
let refreshing: Promise<void> | null = null;
/** A form was posted by navigation since the last kit: it may have changed what is kept (a seat booked, a voucher issued). */
let afterPost = false;

scope.addEventListener("install", (event) => event.waitUntil(scope.skipWaiting()));

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("mesa-") && name !== KEPT) await caches.delete(name);
      await scope.clients.claim();
      // The page that registered the worker loaded before it: keep its viewer's kit now, not at the next page.
      const [first] = await scope.clients.matchAll({ type: "window" });
      if (first) await refreshKit(langOf(new URL(first.url).pathname, scope.navigator.languages), null).catch(() => undefined);
    })(),
  );
});

scope.addEventListener("fetch", (event) => {
  const handling = handlingOf(event.request, scope.location.origin);
  if (handling === "post") {
    afterPost = true;
    event.respondWith(sendOrKeep(event.request));
  } else if (handling === "page") event.respondWith(page(event));
  else if (handling === "file") event.respondWith(file(event.request));
});

async function readState(): Promise<State | null> {
  // caches.match, not caches.open: looking must not create the cache again after a wipe.
  const found = await caches.match(STATE_KEY, { cacheName: KEPT });
  return found ? ((await found.json()) as State) : null;
}

async function wipe() {
  generation += 1;
  await caches.delete(KEPT);
}

/** Network first; past the timeout or without network, the kept copy; without one, the offline page. */
async function page(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  const lang = langOf(url.pathname, scope.navigator.languages);
  const kept = keptCopy(url);
  const network = fetch(event.request);
  let settle: () => void = () => {};
  event.waitUntil(new Promise<void>((resolve) => (settle = resolve)));
  network
    .then(
      (response) => afterPage(url, response.clone(), lang),
      () => undefined,
    )
    // Keeping is best effort: the network may drop in the middle, and the next page tries again.
    .catch(() => undefined)
    .finally(() => settle());
  try {
    return await Promise.race([network, timeout(NETWORK_TIMEOUT_MS).then(async () => (await kept) ?? network)]);
  } catch {
    return (await kept) ?? offlinePage(lang, url);
  }
}

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function keptCopy(url: URL): Promise<Response | null> {
  if (url.search) return null;
  const found = await caches.match(url.pathname, { cacheName: KEPT, ignoreVary: true });
  if (!found) return null;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  // The page's own policy: its inline scripts (the voucher's countdown) carry the nonce it names.
  const policy = found.headers.get("Content-Security-Policy");
  if (policy) headers.set("Content-Security-Policy", policy);
  return new Response(revealKeptNote(await found.text()), { status: 200, headers });
}

async function offlinePage(lang: Lang, url: URL): Promise<Response> {
  const state = await readState().catch(() => null);
  const tickets = state ? `/${state.lang}/tickets` : null;
  const html = offlinePageHtml(lang, words[lang], { retry: `${url.pathname}${url.search}`, tickets });
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

/** A page answered by the network: who it was made for decides whether kept data stays, and a kept page is refreshed with it. */
async function afterPage(url: URL, response: Response, lang: Lang) {
  const viewer = response.headers.get(VIEWER_HEADER);
  const state = await readState();
  const wiped = mustWipe(state?.viewer ?? null, viewer);
  if (wiped) await wipe();
  if (!viewer || viewer === NO_VIEWER || !response.ok) return;
  const current = wiped ? null : state;
  if (current && !url.search && current.paths.includes(url.pathname) && response.type === "basic") {
    const cache = await caches.open(KEPT);
    await cache.put(url.pathname, response);
  }
  if (kitDue(current, { now: Date.now(), lang, pathname: url.pathname, afterPost })) {
    afterPost = false;
    await refreshKit(lang, viewer);
  }
}

function refreshKit(lang: Lang, viewer: string | null): Promise<void> {
  refreshing ??= keepKit(lang, viewer).finally(() => (refreshing = null));
  return refreshing;
}

/** Fetches the kit and, when its version or language changed or a page is missing, the pages it names. */
async function keepKit(lang: Lang, viewer: string | null) {
  let started = generation;
  const response = await fetch(`${KIT_PATH}?lang=${lang}`, { credentials: "same-origin", cache: "no-store" });
  if (response.status === 401) return wipe();
  if (!response.ok) return;
  const kit = (await response.json()) as Kit;
  let state = await readState();
  if (mustWipe(state?.viewer ?? null, kit.viewer) || (viewer !== null && viewer !== kit.viewer)) {
    await wipe();
    started = generation;
    state = null;
  }
  const cache = await caches.open(KEPT);
  const missing = await Promise.all(kit.paths.map(async (path) => !(await cache.match(path, { ignoreVary: true }))));
  const unchanged = state && state.version === kit.version && state.lang === lang && !missing.some(Boolean);
  const files = new Set<string>();
  if (!unchanged) {
    for (const path of kit.paths) {
      const pageResponse = await fetch(path, { credentials: "same-origin", cache: "no-store" });
      // Only a page made for this viewer (not a login redirect, not someone else's session) is kept.
      if (!pageResponse.ok || pageResponse.redirected || pageResponse.headers.get(VIEWER_HEADER) !== kit.viewer) continue;
      const html = await pageResponse.clone().text();
      for (const href of buildFilesOf(html)) files.add(href);
      if (generation !== started) return;
      await cache.put(path, pageResponse);
    }
    if (generation !== started) return;
    for (const href of files) if (!(await cache.match(href))) await cache.add(href).catch(() => undefined);
    const keptFiles = (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => path.startsWith("/build/"));
    for (const path of [...stalePaths(state?.paths ?? [], kit.paths), ...stalePaths(keptFiles, [...files])]) await cache.delete(path);
  }
  if (generation !== started) return;
  const next: State = { viewer: kit.viewer, lang, version: kit.version, paths: kit.paths, checkedAt: Date.now() };
  await cache.put(STATE_KEY, new Response(JSON.stringify(next), { headers: { "Content-Type": "application/json" } }));
}

/** Build files are hashed and never change: a kept one answers at once, anything else goes to the network. */
async function file(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: KEPT, ignoreVary: true })) ?? fetch(request);
}
