// Folder-level import cycles between the domain folders under app/modules (decision record 045).
// A module folder may import a folder below it, never one that imports it back, however indirectly:
// a cycle means neither side can be changed, tested or reused without the other.
// The import scan uses TypeScript's scanner, so imports in comments and strings never count, and reads
// static, type-only, re-export and dynamic imports alike: a type import ties two folders together too.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// Pairs that still import each other, each written "a↔b" with a before b alphabetically. The list only
// shrinks: a cycle not on it fails the check, and so does a listed pair that no longer imports both ways,
// so whoever breaks a cycle also takes it off the list. Every pair is broken now (decision record 045), so any
// cycle between module folders fails.
export const knownCycles: readonly string[] = [];

/** The specifiers of every import, re-export and dynamic import in a source file, read by TypeScript's own scanner. */
export function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The module folder a specifier points at, seen from a file in `fromFolder`, or null when it is outside app/modules. */
export function targetFolder(specifier: string, fromFile: string): string | null {
  let resolved: string;
  if (specifier.startsWith("#app/")) resolved = path.posix.join("app", specifier.slice("#app/".length));
  else if (specifier.startsWith(".")) resolved = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  const parts = resolved.split("/");
  if (parts[0] !== "app" || parts[1] !== "modules" || parts.length < 4) return null;
  return parts[2] as string;
}

/** Folder → folders it imports, from a map of file path (relative to the project, "app/modules/x/y.ts") to source. */
export function folderGraph(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const from = file.split("/")[2];
    if (!from || file.split("/").length < 4) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of importSpecifiers(source)) {
      const to = targetFolder(specifier, file);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Pairs of folders that import each other directly, as "a↔b" with a < b. */
export function mutualPairs(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const pairs: string[] = [];
  for (const [a, edges] of graph) {
    for (const b of edges) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a}↔${b}`);
  }
  return pairs.sort();
}

/** The shortest chain of imports from `from` to `to`, both included, or null when there is none. */
function importChain(graph: ReadonlyMap<string, ReadonlySet<string>>, from: string, to: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) {
      const chain = [node];
      for (let step = cameFrom.get(node); step != null; step = cameFrom.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * Problems with the folder graph: every import between folders that closes a cycle, unless it is one side of
 * an allowlisted pair, and every allowlisted pair that no longer imports both ways. A new cycle that runs
 * through an allowlisted pair still fails, because it also contains an import that is not on the list.
 */
export function cycleProblems(graph: ReadonlyMap<string, ReadonlySet<string>>, known: readonly string[] = knownCycles): string[] {
  const problems: string[] = [];
  const present = new Set(mutualPairs(graph));
  for (const pair of known) {
    if (!present.has(pair)) problems.push(`${pair} no longer import each other: take the pair off knownCycles in server/cli/module-cycles.ts.`);
  }
  const allowed = new Set(
    known.flatMap((pair) => {
      const [a, b] = pair.split("↔");
      return [`${a}→${b}`, `${b}→${a}`];
    }),
  );
  for (const from of [...graph.keys()].sort()) {
    for (const to of [...(graph.get(from) ?? [])].sort()) {
      if (allowed.has(`${from}→${to}`)) continue;
      const back = importChain(graph, to, from);
      if (back) problems.push(`Import cycle between module folders: ${[from, ...back].join(" → ")}.`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

/** Reads app/modules under `root` into the folder graph. */
export function readModuleGraph(root: string): Map<string, Set<string>> {
  const files = new Map<string, string>();
  for (const file of sourceFiles(path.posix.join(root, "app/modules"))) {
    files.set(path.posix.relative(root, file), readFileSync(file, "utf8"));
  }
  return folderGraph(files);
}
