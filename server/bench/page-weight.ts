/**
 * Gzipped script per page, from the client build's metafile: the entry, the root and `$lang`
 * layouts and the page's route module, with every chunk they import (what the page's
 * modulepreload links fetch when it hydrates). Run after `npm run build`:
 * `npx tsx server/bench/page-weight.ts`. Player pages that are plain HTML for players
 * (`handle.hydrate`, decision record 021) ship none of this to them; the e2e spec
 * tests/e2e/page-weight.spec.ts measures the served pages and enforces the budgets.
 *
 * Then the islands (decision record 032), from build/islands-metafile.json: what the confirmation
 * page loads (no framework script; its inline loader, and the live script for a signed-in player),
 * and what opening each payment dialog fetches: the island's entry with its chunks and the dialog's,
 * and with the chunks the dialog imports later (Stripe's loader, used only with a real key; Stripe's
 * own script from js.stripe.com is not ours and not counted).
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

type IslandMeta = { outputs: Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string; inputs: Record<string, unknown> }> };
const islands = JSON.parse(readFileSync("build/islands-metafile.json", "utf8")) as IslandMeta;
const inlineLoader = (JSON.parse(readFileSync("public/build/islands/manifest.json", "utf8")) as { inline: Record<string, string> }).inline[
  "payment-dialogs-loader"
]!;
const follow = (start: string[], kinds: string[]) => {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !islands.outputs[path]) return;
    seen.add(path);
    for (const i of islands.outputs[path].imports) if (kinds.includes(i.kind)) visit(i.path);
  };
  start.forEach(visit);
  return seen;
};
const kib = (files: Iterable<string>) => Number(([...files].reduce((sum, f) => sum + gzipped(f), 0) / 1024).toFixed(1));
const entry = Object.keys(islands.outputs).find((o) => islands.outputs[o]!.entryPoint === "app/islands/payment-dialogs.tsx")!;
const entryFiles = follow([entry], ["import-statement"]);
const islandRows = [
  // The route says `hydrate: false`: it then ships none of the script its row above counts.
  {
    what: "confirmation page: framework script",
    kib: /hydrate: false/.test(readFileSync("app/routes/$lang.session.$id.confirm.tsx", "utf8"))
      ? 0
      : rows.find((r) => r.page === "$lang.session.$id.confirm.tsx")!.kib,
  },
  { what: "confirmation page: inline loader", kib: Number((gzipSync(inlineLoader).length / 1024).toFixed(1)) },
  {
    what: "confirmation page: the live script (signed in)",
    kib: kib([Object.keys(islands.outputs).find((o) => islands.outputs[o]!.entryPoint === "app/islands/live.ts")!]),
  },
  { what: "island entry with its chunks", kib: kib(entryFiles) },
];
for (const chunk of islands.outputs[entry]!.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path)) {
  const source = Object.keys(islands.outputs[chunk]!.inputs).find((i) => i.startsWith("app/components/")) ?? chunk;
  const dialog = source.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  const opened = new Set([...entryFiles, ...follow([chunk], ["import-statement"])]);
  islandRows.push({ what: `after opening ${dialog}`, kib: kib(opened) });
  islandRows.push({ what: `after opening ${dialog}, with every chunk it may load`, kib: kib(follow([entry, chunk], ["import-statement", "dynamic-import"])) });
}
console.table(islandRows);
