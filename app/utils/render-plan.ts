/**
 * What the document render needs to know before it starts: whether the page ships React's scripts
 * and whether any loader left data to stream in later. Shared by the root layout (which renders the
 * scripts or not) and the server entry (which picks how to render), so the two never disagree.
 */

/**
 * A route whose handle says `hydrate: false` is served as plain HTML, without React's scripts: it
 * works fully without JavaScript, and on a cheap phone the framework's 100 KiB of script would
 * cost more than the page (decision record 009). A function decides per viewer from the route's
 * loader data (undefined when the loader threw), so a page ships scripts only to those who use its
 * scripted parts, such as the host's manage dialog (decision record 021).
 */
export type Hydrate = boolean | ((data: unknown) => boolean);

export type MatchedRoute = { handle: unknown; data: unknown };

export function shipsScripts(matches: MatchedRoute[]): boolean {
  return !matches.some((match) => {
    const hydrate = (match.handle as { hydrate?: Hydrate } | undefined)?.hydrate;
    return typeof hydrate === "function" ? !hydrate(match.data) : hydrate === false;
  });
}

const isThenable = (value: unknown) => typeof (value as { then?: unknown } | null)?.then === "function";

/**
 * Whether a loader returned data that is still on its way (a promise among its values, which the
 * page would show through `<Await>`): only then must the document be streamed.
 */
export function hasDeferredData(loaderData: Record<string, unknown>): boolean {
  return Object.values(loaderData).some(
    (data) => isThenable(data) || (typeof data === "object" && data !== null && Object.values(data as Record<string, unknown>).some(isThenable)),
  );
}
