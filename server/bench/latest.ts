import fs from "node:fs";
import path from "node:path";

/** Where every bench writes its figures, each part under a key of its own. */
export const LATEST = "bench-results/latest.json";

/** What bench-results/latest.json holds now (nothing yet: an empty object). */
export function readLatest(): Record<string, unknown> {
  return fs.existsSync(LATEST) ? (JSON.parse(fs.readFileSync(LATEST, "utf8")) as Record<string, unknown>) : {};
}

/** Puts `value` under `key` in bench-results/latest.json, keeping every other key. */
export function saveLatest(key: string, value: unknown) {
  fs.mkdirSync(path.dirname(LATEST), { recursive: true });
  fs.writeFileSync(LATEST, JSON.stringify({ ...readLatest(), [key]: value }, null, 2));
}
