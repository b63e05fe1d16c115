import fs from "node:fs";
import path from "node:path";

/** Written by server/build-islands.ts (part of `npm run build`), with the live script's hashed name. */
const manifestPath = path.resolve("public/build/islands/manifest.json");
let cached: string | null = null;

/**
 * The live script's address (app/islands/live.ts, built with a hash of its content, so a new
 * version reaches browsers at once while an unchanged one stays in their cache). Read once per
 * process on React's production build and on every call otherwise, so a rebuilt script is used at
 * once. Null when it was never built: pages then work as they do without JavaScript.
 */
export function liveScriptUrl(): string | null {
  if (cached) return cached;
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as { entries: Record<string, string> };
    const entry = manifest.entries.live ?? null;
    if (process.env.NODE_ENV === "production") cached = entry;
    return entry;
  } catch {
    return null;
  }
}
