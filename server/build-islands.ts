/**
 * Builds the islands: small browser bundles for pages served as plain HTML (decision record 032),
 * apart from the framework's client build. Run by `npm run build` after `remix build`. Writes
 * content-hashed, minified ES modules to public/build/islands/ (served as immutable, like the rest
 * of /build), split so that every dynamic import (a dialog, Stripe's loader) is a chunk fetched only
 * when needed; `manifest.json` there names each entry's file, and build/islands-metafile.json
 * lets the page-weight bench follow the chunks. The live layer is built here too, as one classic
 * script (`scripts` below).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildOptions, Metafile } from "esbuild";
import * as esbuild from "esbuild";

const outdir = "public/build/islands";
const entries = { "payment-dialogs": "app/islands/payment-dialogs.tsx" };
/**
 * Classic scripts, one self-contained file each (no chunks, no module loading): the live layer
 * runs on every page of a signed-in user, with or without React (decision record 039).
 */
const scripts = { live: "app/islands/live.ts" };
const sources: Record<string, string> = { ...entries, ...scripts };

const watch = process.argv.includes("--watch");
/** One classic, minified script for the browser: the inlined loaders and the service worker. */
const classicScript = {
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
} as const satisfies BuildOptions;

/**
 * Inline scripts: tiny loaders a page writes into its HTML (with its nonce) rather than fetches,
 * built from TypeScript like the islands so that the same listener serves the inline and the
 * hydrated case (app/islands/dialogs-loader.ts).
 */
const inlineEntries = { "payment-dialogs-loader": "app/islands/dialogs-loader-inline.ts" };

async function buildInline(): Promise<Record<string, string>> {
  const scripts: Record<string, string> = {};
  for (const [name, source] of Object.entries(inlineEntries)) {
    const result = await esbuild.build({ ...classicScript, entryPoints: [source], write: false });
    scripts[name] = result.outputFiles[0]!.text.trim();
  }
  return scripts;
}

/** The entries' hashed names and the inline loaders for the server, and the whole metafile for the bench. */
async function writeManifest(metafile: Metafile) {
  const manifest: { entries: Record<string, string>; inline: Record<string, string> } = { entries: {}, inline: await buildInline() };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const name = Object.entries(sources).find(([, source]) => source === output.entryPoint)?.[0];
    if (name) manifest.entries[name] = `/build/islands/${path.basename(file)}`;
  }
  writeFileSync(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2));
  mkdirSync("build", { recursive: true });
  writeFileSync("build/islands-metafile.json", JSON.stringify(metafile));
  console.log(`islands: ${Object.values(manifest.entries).join(", ")}`);
}

rmSync(outdir, { recursive: true, force: true });
const options: BuildOptions = {
  entryPoints: entries,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2020",
  minify: true,
  // React's production build: the islands never run React's development checks.
  define: { "process.env.NODE_ENV": '"production"' },
  jsx: "automatic",
  // The components' useTranslation, without i18next (app/islands/translations.tsx).
  alias: { "react-i18next": "./app/islands/translations.tsx" },
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
};

const scriptOptions: BuildOptions = { ...options, entryPoints: scripts, splitting: false, format: "iife", alias: {} };

/**
 * The service worker (decision record 094): one file at a fixed address, served at /sw.js by
 * server/http.ts (a worker's scope is the folder of its address, so it cannot live under /build
 * with a hashed name). Its offline page's words come from public/locales, bundled here.
 */
const SERVICE_WORKER_FILE = "build/sw.js";
const workerOptions: BuildOptions = {
  entryPoints: ["app/islands/service-worker/index.ts"],
  outfile: SERVICE_WORKER_FILE,
  ...classicScript,
};

// The two builds' metafiles, merged into one manifest whenever either finishes.
const built: { islands?: Metafile; scripts?: Metafile } = {};
const record = async (which: keyof typeof built, metafile: Metafile | undefined) => {
  if (!metafile) return;
  built[which] = metafile;
  if (built.islands && built.scripts)
    await writeManifest({ inputs: { ...built.islands.inputs, ...built.scripts.inputs }, outputs: { ...built.islands.outputs, ...built.scripts.outputs } });
};

if (watch) {
  // npm run dev: rebuilt on every change; the server reads the manifest on each request outside production.
  for (const [which, opts] of [
    ["islands", options],
    ["scripts", scriptOptions],
  ] as const) {
    const context = await esbuild.context({
      ...opts,
      plugins: [{ name: "manifest", setup: (b) => b.onEnd((result) => record(which, result.metafile)) }],
    });
    await context.watch();
  }
  await (await esbuild.context(workerOptions)).watch();
} else {
  const [islands, classic] = await Promise.all([esbuild.build(options), esbuild.build(scriptOptions), esbuild.build(workerOptions)]);
  await record("islands", islands.metafile);
  await record("scripts", classic.metafile);
}
