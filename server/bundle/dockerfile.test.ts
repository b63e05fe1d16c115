/**
 * The Dockerfile names files that exist (decision record 098): every COPY from the build context is
 * in the repository and not left out by .dockerignore; every COPY from the build stage is in the
 * repository or written by `npm run build`, as its configuration says (the server bundle's folders
 * from server/bundle/options.ts, the Remix build's from remix.config.js); and the final image gets
 * what the compiled server reads. No build is needed.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import remixConfig from "../../remix.config.js";
import { missingAtRunTime, missingSources, parseDockerfile } from "./dockerfile";
import { BUNDLED_MIGRATIONS_DIR, SERVER_BUNDLE_DIR, serverBundleOptions } from "./options";

const root = path.resolve(import.meta.dirname, "../..");
const stages = parseDockerfile(fs.readFileSync(path.join(root, "Dockerfile"), "utf8"));
const runtime = stages.at(-1)!;
// Files of the repository as the working tree has them: tracked or new, not ignored (so not build/), not deleted.
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && fs.existsSync(path.join(root, file)));
const dockerignore = fs
  .readFileSync(path.join(root, ".dockerignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

/** Remix's classic compiler defaults, unless remix.config.js says otherwise. */
const config = remixConfig as { serverBuildPath?: string; assetsBuildDirectory?: string };
const remixServerBuild = config.serverBuildPath ?? "build/index.js";
const remixAssets = config.assetsBuildDirectory ?? "public/build";
/** What `npm run build` writes: the Remix build, then (server/build-server.ts) the server bundle and its migrations. */
const built = [remixServerBuild, remixAssets, SERVER_BUNDLE_DIR, BUNDLED_MIGRATIONS_DIR];
/** What the server reads from the repository at run time: package.json makes the bundles ES modules; public/ holds translations and static files. */
const needs = { built, repo: ["package.json", "package-lock.json", "patches", "public/locales", "public/favicon.svg"] };
const renamed = (from: string, to: string) => files.map((file) => (file.startsWith(`${from}/`) ? `${to}/${file.slice(from.length + 1)}` : file));

describe("Dockerfile", () => {
  it("copies only files the repository holds or the build writes", () => {
    expect(stages.map((s) => s.name)).toEqual(["build", null]);
    expect(missingSources(stages, { files, dockerignore }, built)).toEqual([]);
  });

  it("gives the final image everything the compiled server reads, and no sources", () => {
    expect(missingAtRunTime(stages, needs, files)).toEqual([]);
    const copied = runtime.copies.flatMap((copy) => copy.sources);
    for (const source of ["app", "server", "db", "migrations", "tsconfig.json", "."])
      expect(copied.map((s) => s.replace(/^\/app\//, ""))).not.toContain(source);
  });

  it("notices a copied folder that was renamed or is no longer built", () => {
    expect(missingSources(stages, { files: renamed("patches", "fixes"), dockerignore }, built)).toContain("COPY patches: not in the repository");
    expect(missingAtRunTime(stages, needs, renamed("public", "static"))).toEqual([
      "public/locales: not in the repository",
      "public/favicon.svg: not in the repository",
    ]);
    const withoutRemix = built.filter((output) => !output.startsWith("build/"));
    expect(missingSources(stages, { files, dockerignore }, withoutRemix)).toEqual([
      "COPY --from=build /app/build: neither in the repository nor written by npm run build",
    ]);
    expect(missingAtRunTime(stages, { built: ["dist/server"], repo: [] }, files)).toEqual(["dist/server: not copied into the final image"]);
  });

  it("reads paths as Docker does: relative to the context or to the stage's folder", () => {
    const text = [
      "FROM node AS build",
      "WORKDIR /app",
      "COPY ./patches/ ./patches",
      "RUN npm ci \\",
      "  --omit=dev",
      "FROM node",
      "WORKDIR /srv",
      'COPY --from=build --chown=node ["/app/build/server", "./s"]',
    ].join("\n");
    const parsed = parseDockerfile(text);
    expect(parsed[0]!.instructions).toContain("RUN npm ci --omit=dev");
    expect(missingSources(parsed, { files, dockerignore }, built)).toEqual([]);
    expect(missingAtRunTime(parsed, { built: [SERVER_BUNDLE_DIR], repo: ["patches"] }, files)).toEqual(["patches: not copied into the final image"]);
  });

  it("runs the bundle with node as an unprivileged user, with a health check", () => {
    expect(Object.keys(serverBundleOptions.entryPoints)).toContain("index");
    expect(runtime.cmd).toEqual(["node", "--enable-source-maps", path.posix.join(SERVER_BUNDLE_DIR, "index.js")]);
    expect(runtime.instructions.some((line) => /^RUN npm ci --omit=dev\b/.test(line))).toBe(true);
    expect(runtime.instructions.filter((line) => line.startsWith("USER ")).at(-1)).toBe("USER node");
    expect(runtime.instructions.find((line) => line.startsWith("HEALTHCHECK "))).toContain("/healthz");
  });
});
