/**
 * The compiled server (decision record 098): what `npm run build` bundles with esbuild so that
 * production runs plain JavaScript with `node`, and where it goes. Read by the build
 * (server/build-server.ts) and by the Dockerfile's test, so both name the same folders.
 */
import path from "node:path";
import type { BuildOptions } from "esbuild";

/** The bundles: `npm run serve` / `npm start` run index.js, `npm run worker` runs worker.js. */
export const SERVER_BUNDLE_DIR = "build/server";

/**
 * db/migrate.ts looks for the migrations in `../migrations` beside its own code: from db/ that is
 * migrations/, from the bundle's folder it is this one, where the build copies them unchanged
 * (plain ESM that Kysely imports at run time; they are never edited once landed).
 */
export const BUNDLED_MIGRATIONS_DIR = path.posix.join(SERVER_BUNDLE_DIR, "..", "migrations");

export const serverBundleOptions = {
  entryPoints: { index: "server/index.ts", worker: "server/worker.ts" },
  outdir: SERVER_BUNDLE_DIR,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Every npm package stays an import resolved from node_modules at run time: native modules
  // (argon2, sharp, pg's optional bindings, embedded PostgreSQL's binaries) and files a package
  // reads beside itself would not survive being inlined, and the Remix build (build/index.js)
  // already imports the same packages from there. Only our own code (server/, app/, db/) is bundled,
  // with the tsconfig path aliases (#app, #db) resolved.
  packages: "external",
  tsconfig: "tsconfig.json",
  // One self-contained file per entry, no shared chunks: import.meta.dirname is the same folder
  // for all the bundled code (see BUNDLED_MIGRATIONS_DIR), and a dynamic import of our own code
  // (server/index.ts loads the job runner on demand) stays lazy inside the file.
  splitting: false,
  // Stack traces name the TypeScript files and lines under `node --enable-source-maps`; the maps
  // carry the sources, so a container without server/ or app/ still shows the failing line.
  sourcemap: "linked",
  // Readable, unminified code: a server's bundle is read by people debugging it, not downloaded.
  minify: false,
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
} as const satisfies BuildOptions;
