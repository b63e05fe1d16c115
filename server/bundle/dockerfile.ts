/**
 * Just enough of a Dockerfile reader for its test (dockerfile.test.ts): stages, working folders,
 * COPY sources, CMD. No build and no Docker engine needed.
 */
import path from "node:path";

/** What the Dockerfile's checks read of one stage. */
export type Stage = { name: string | null; workdir: string; copies: Copy[]; instructions: string[]; cmd: string[] | null };
export type Copy = { from: string | null; sources: string[] };

/** Instructions with their continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): string[] {
  const joined = text.replace(/[ \t]*\\\r?\n[ \t]*/g, " ");
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
}

/** A JSON-array argument (`["a", "b"]`) or whitespace-separated words. */
function argumentsOf(rest: string): string[] {
  if (rest.startsWith("[")) return JSON.parse(rest) as string[];
  return rest.split(/\s+/).filter(Boolean);
}

/** The stages in order, each with its working directory and the sources of its COPY instructions. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of instructions(text)) {
    const [keyword = "", ...words] = line.split(/\s+/);
    const rest = line.slice(keyword.length).trim();
    const instruction = keyword.toUpperCase();
    if (instruction === "FROM") {
      const as = words.findIndex((w) => w.toUpperCase() === "AS");
      stages.push({ name: as >= 0 ? (words[as + 1] ?? null) : null, workdir: "/", copies: [], instructions: [], cmd: null });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${instruction} before any FROM`);
    stage.instructions.push(line);
    if (instruction === "WORKDIR") stage.workdir = path.posix.resolve(stage.workdir, rest);
    if (instruction === "CMD") stage.cmd = argumentsOf(rest);
    if (instruction === "COPY" || instruction === "ADD") {
      const args = argumentsOf(rest.replace(/^(--\S+\s+)+/, ""));
      const from = /--from=(\S+)/.exec(rest)?.[1] ?? null;
      stage.copies.push({ from, sources: args.slice(0, -1) });
    }
  }
  return stages;
}

/** Where a path lies relative to the repository, given the stage folder it was written in. */
export function repoPath(source: string, workdir: string): string {
  const relative = path.posix.relative(workdir, path.posix.resolve(workdir, source));
  return relative === "" ? "." : relative;
}

/** A build-context path as the repository lists it: `./patches/` is `patches`. */
const contextPath = (source: string) => path.posix.normalize(source).replace(/\/$/, "") || ".";

/** True when `candidate` is `file` or a folder holding it. */
export const covers = (candidate: string, file: string) => candidate === "." || file === candidate || file.startsWith(`${candidate}/`);

/**
 * Sources the image would not find: from the build context, a path that is not in the repository
 * (or that .dockerignore leaves out); from the build stage, a path neither in the repository nor
 * among what `npm run build` writes.
 */
export function missingSources(stages: Stage[], repo: { files: string[]; dockerignore: string[] }, built: string[]): string[] {
  const inRepo = (p: string) => repo.files.some((file) => covers(p, file));
  const ignored = (p: string) => repo.dockerignore.some((pattern) => p !== "." && covers(pattern.replace(/\/$/, ""), p));
  const buildStage = stages.find((s) => s.name === "build");
  const problems: string[] = [];
  for (const stage of stages) {
    for (const copy of stage.copies) {
      for (const written of copy.sources) {
        const source = copy.from === null ? contextPath(written) : written;
        if (copy.from === null) {
          if (!inRepo(source)) problems.push(`COPY ${source}: not in the repository`);
          else if (ignored(source)) problems.push(`COPY ${source}: left out of the context by .dockerignore`);
        } else {
          const relative = repoPath(source, buildStage?.workdir ?? "/");
          if (copy.from !== "build" || !buildStage) problems.push(`COPY --from=${copy.from} ${source}: no such build stage`);
          else if (source.startsWith("/") && relative.startsWith("..")) problems.push(`COPY --from=build ${source}: outside the build stage's folder`);
          else if (!inRepo(relative) && !built.some((output) => covers(relative, output) || covers(output, relative)))
            problems.push(`COPY --from=build ${source}: neither in the repository nor written by npm run build`);
        }
      }
    }
  }
  return problems;
}

/**
 * What the final image lacks of what the server reads at run time: each needed path must come in
 * by a COPY (from the context or the build stage), and those the repository provides must be there.
 */
export function missingAtRunTime(stages: Stage[], needs: { built: string[]; repo: string[] }, files: string[]): string[] {
  const runtime = stages.at(-1);
  const buildStage = stages.find((s) => s.name === "build");
  if (!runtime) return ["no stage"];
  const copied = runtime.copies.flatMap((copy) =>
    copy.sources.map((source) => (copy.from ? repoPath(source, buildStage?.workdir ?? "/") : contextPath(source))),
  );
  const problems: string[] = [];
  for (const needed of [...needs.built, ...needs.repo])
    if (!copied.some((source) => covers(source, needed))) problems.push(`${needed}: not copied into the final image`);
  for (const needed of needs.repo) if (!files.some((file) => covers(needed, file))) problems.push(`${needed}: not in the repository`);
  return problems;
}
