/**
 * Writes each page's critical CSS to build/critical-css.json (decision record 093). Run by
 * `npm run build` after `remix build` and the islands: it reads the client build's metafile, the
 * route manifest, the islands' metafile and the built Tailwind stylesheet, and keeps for each page
 * route the stylesheet's rules that the page's source files can use. The server inlines them in the
 * page's head and loads the full stylesheet at the end of the body.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Metafile, pageSources, type RouteManifest } from "./critical-css/routes";
import { classesOfStylesheet, classesWrittenIn, parseStylesheet, selectRules } from "./critical-css/select";

export type CriticalCssManifest = {
  /** The full stylesheet's URL, as the root route links it. */
  stylesheet: string;
  /** Distinct critical stylesheets; many pages share one. */
  styles: string[];
  /** Route id → index into `styles`. */
  routes: Record<string, number>;
};

// The live layer's templates (app/components/layout/live-templates.tsx) are no route's import: its
// script fetches them after the page's load, when the full stylesheet is in, so none of their
// classes is inlined unless the page's own markup uses it.
const started = performance.now();
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;
const meta = readJson<Metafile>("build/metafile.js.json");

// The manifest this server build was made with (older ones may linger in public/build).
const manifestUrl = /url:\s*"(\/build\/manifest-[A-Za-z0-9]+\.js)"/.exec(readFileSync("build/index.js", "utf8"))?.[1];
if (!manifestUrl) throw new Error("build/index.js names no route manifest");
const manifest = JSON.parse(
  readFileSync(path.join("public", manifestUrl), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
) as RouteManifest;

const cssFiles = Object.keys(meta.outputs).filter((file) => file.endsWith(".css"));
if (cssFiles.length !== 1) throw new Error(`Expected one stylesheet in the client build, found: ${cssFiles.join(", ") || "none"}`);
const stylesheetFile = cssFiles[0]!;
const full = parseStylesheet(readFileSync(stylesheetFile, "utf8"), stylesheetFile);
const classes = [...classesOfStylesheet(full)];

const pages = pageSources(meta, manifest);
// Each file is searched once, each distinct set of classes selected once.
const perFile = new Map<string, Set<string>>();
const classesOf = (file: string) => {
  let found = perFile.get(file);
  if (!found) perFile.set(file, (found = classesWrittenIn(readFileSync(file, "utf8"), classes)));
  return found;
};
const out: CriticalCssManifest = { stylesheet: `/${stylesheetFile.replace(/^public\//, "")}`, styles: [], routes: {} };
const byClasses = new Map<string, number>();
for (const [routeId, files] of pages) {
  const used = new Set(files.flatMap((file) => [...classesOf(file)]));
  const key = [...used].sort().join(" ");
  let index = byClasses.get(key);
  if (index === undefined) {
    const css = selectRules(full, used);
    // Inlined in a <style> element, which only "</style" could end early.
    if (/<\/style/i.test(css)) throw new Error(`The critical CSS of ${routeId} contains "</style"`);
    index = out.styles.push(css) - 1;
    byClasses.set(key, index);
  }
  out.routes[routeId] = index;
}
writeFileSync("build/critical-css.json", JSON.stringify(out));

const sizes = out.styles.map((css) => gzipSync(css).length);
console.log(
  `critical css: ${pages.size} pages, ${out.styles.length} distinct, ${(Math.min(...sizes) / 1024).toFixed(1)}–${(Math.max(...sizes) / 1024).toFixed(1)} KiB gzip ` +
    `(full ${(gzipSync(full.toString()).length / 1024).toFixed(1)} KiB), ${Math.round(performance.now() - started)} ms`,
);
