import fs from "node:fs";
import path from "node:path";

/** Written by server/build-critical-css.ts (part of `npm run build`), decision record 093. */
const manifestPath = path.resolve("build/critical-css.json");

type Manifest = { stylesheet: string; styles: string[]; routes: Record<string, number> };
let cached: Manifest | null = null;

function manifest(): Manifest | null {
  if (cached) return cached;
  try {
    const read = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
    // Read once per process on React's production build, on every call otherwise (a rebuild is used at once).
    if (process.env.NODE_ENV === "production") cached = read;
    return read;
  } catch {
    return null;
  }
}

/**
 * The CSS the page of the deepest matched route needs to draw its first view, or null: the page
 * then links the full stylesheet in its head, as before. Null too when the file was built for
 * another stylesheet than the one the page links (`npm run dev` after an old build), since its
 * rules might not be the ones the page uses.
 */
export function criticalCssFor(routeIds: string[], stylesheet: string): string | null {
  const built = manifest();
  const leaf = routeIds.at(-1);
  if (!built || !leaf || built.stylesheet !== stylesheet) return null;
  const index = built.routes[leaf];
  return index === undefined ? null : (built.styles[index] ?? null);
}
