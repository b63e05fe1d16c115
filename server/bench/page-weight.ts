/**
 * Gzipped script per page, from the client build's metafile: the entry, the root and `$lang`
 * layouts and the page's route module, with every chunk they import (what the page's
 * modulepreload links fetch when it hydrates). Run after `npm run build`:
 * `npx tsx server/bench/page-weight.ts`. Player pages that are plain HTML for players
 * (`handle.hydrate`, decision record 021) ship none of this to them; the e2e spec
 * tests/e2e/page-weight.spec.ts measures the served pages and enforces the budgets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

type Metafile = { outputs: Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string }> };

const meta = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as Metafile;
// Route modules appear as "browser-route-module:routes/x.tsx?browser", the entry as "app/entry.client.tsx".
const entryName = (entry: string) =>
  entry
    .replace(/^browser-route-module:/, "")
    .replace(/\?browser$/, "")
    .replace(/^app\//, "");
const outputOf = (name: string) => Object.entries(meta.outputs).find(([, o]) => o.entryPoint && entryName(o.entryPoint) === name)?.[0];

function closure(outputs: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !meta.outputs[path]) return;
    seen.add(path);
    for (const i of meta.outputs[path].imports) if (i.kind === "import-statement") visit(i.path);
  };
  outputs.forEach(visit);
  return seen;
}

const gzipped = (path: string) => gzipSync(readFileSync(join(path))).length;
const base = ["entry.client.tsx", "root.tsx", "routes/$lang.tsx"].map(outputOf).filter((o): o is string => Boolean(o));
const pages = Object.values(meta.outputs)
  .map((o) => o.entryPoint)
  .filter((e): e is string => Boolean(e))
  .map(entryName)
  .filter((e) => e.startsWith("routes/$lang."))
  .sort();
const rows = pages.map((entry) => {
  const files = closure([...base, outputOf(entry)!]);
  const bytes = [...files].reduce((sum, f) => sum + gzipped(f), 0);
  return { page: entry.replace(/^routes\//, ""), kib: Number((bytes / 1024).toFixed(1)) };
});
console.table(rows);
