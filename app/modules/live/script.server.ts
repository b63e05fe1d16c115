import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

let url: string | undefined;

/**
 * The live script's address with a hash of its content, read once per process: a new version
 * reaches browsers at once, while an unchanged one stays in their cache.
 */
export function liveScriptUrl(): string {
  if (url) return url;
  try {
    const body = fs.readFileSync(path.resolve("public/live.js"));
    url = `/live.js?v=${createHash("sha256").update(body).digest("hex").slice(0, 10)}`;
  } catch {
    url = "/live.js";
  }
  return url;
}
