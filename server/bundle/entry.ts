import fs from "node:fs";
import path from "node:path";
import { SERVER_BUNDLE_DIR } from "./options";

/**
 * Node's arguments for a compiled entry (decision record 098), so that the end-to-end run and the
 * benches start the server exactly as production does. Both run after `npm run build`; without
 * it they stop with that instruction rather than test the TypeScript sources instead.
 */
export function bundledEntry(entry: "index" | "worker"): string[] {
  const file = path.join(SERVER_BUNDLE_DIR, `${entry}.js`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return ["--enable-source-maps", file];
}
