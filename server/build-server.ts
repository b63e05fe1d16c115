/**
 * Bundles the server into plain JavaScript (decision record 098). Run last by `npm run build`:
 * writes build/server/index.js and worker.js with their source maps, and copies the migrations
 * where the bundled migrator looks for them, so production starts with `node`, not tsx.
 */
import { cpSync, rmSync } from "node:fs";
import * as esbuild from "esbuild";
import { BUNDLED_MIGRATIONS_DIR, SERVER_BUNDLE_DIR, serverBundleOptions } from "./bundle/options";

const started = performance.now();
// Older bundles and migrations never linger: a migration removed from the sources must not run.
rmSync(SERVER_BUNDLE_DIR, { recursive: true, force: true });
rmSync(BUNDLED_MIGRATIONS_DIR, { recursive: true, force: true });

const result = await esbuild.build(serverBundleOptions);
cpSync("migrations", BUNDLED_MIGRATIONS_DIR, { recursive: true });

const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .map(([file, output]) => `${file} ${(output.bytes / 1024).toFixed(0)} KiB`);
console.log(`server bundle: ${sizes.join(", ")}, ${Math.round(performance.now() - started)} ms`);
