// Folder-level import cycles and layer direction across everything under app/ (decision records 045 and 074).
// A folder may import a folder below it, never one that imports it back, however indirectly:
// a cycle means neither side can be changed, tested or reused without the other. And the layers point
// one way: lib ← (services, env) ← modules ← (web, utils, components, islands) ← (routes, root, entries).
// The import scan uses TypeScript's scanner, so imports in comments and strings never count, and reads
// static, type-only, re-export and dynamic imports alike: a type import ties two folders together too.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// Pairs that still import each other, each written "a↔b" with a before b alphabetically. The list only
// shrinks: a cycle not on it fails the check, and so does a listed pair that no longer imports both ways,
// so whoever breaks a cycle also takes it off the list. Every pair is broken now (decision record 045), so any
// cycle between folders fails.
export const knownCycles: readonly string[] = [];

/**
 * Each top-level part of app/ and its layer: a folder may import its own layer and those below, never
 * one above. lib is the floor and imports nothing of the app; modules never import the HTTP edge
 * (web, utils), the components or the routes; only the framework's files import routes.
 */
export const layers: Readonly<Record<string, number>> = {
  lib: 0,
  services: 1,
  "env.server": 1,
  modules: 2,
  web: 3,
  utils: 3,
  components: 3,
  islands: 3,
  styles: 3,
  routes: 4,
  root: 4,
  "entry.server": 4,
  "entry.client": 4,
};

// Imports that still run up a layer, each written "from→to" between folders. Like knownCycles the list only
// shrinks: a breach not on it fails, and so does a listed one that is gone. These are module files that
// read a request or throw a page's response; they belong in the web layer (decision record 074).
export const knownLayerBreaches: readonly string[] = [];

/** The specifiers of every import, re-export and dynamic import in a source file, read by TypeScript's own scanner. */
export function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

const sourceExtension = /\.[cm]?[jt]sx?$/;

/**
 * The folder a path under app/ belongs to, as the check names it: a file inside a folder of a layer
 * belongs to that folder ("modules/bookings", "components/ui"); a file lying directly in a layer's folder
 * or in app/ itself stands for itself, without its extension ("utils/http", "lib/zod", "root").
 */
export function folderOf(appPath: string): string | null {
  const parts = appPath.replace(sourceExtension, "").split("/");
  if (parts[0] !== "app" || parts.length < 2) return null;
  return parts.slice(1, 3).join("/");
}

/** The folder a specifier points at, seen from `fromFile`, or null when it is outside app/. */
export function targetFolder(specifier: string, fromFile: string): string | null {
  let resolved: string;
  if (specifier.startsWith("#app/")) resolved = path.posix.join("app", specifier.slice("#app/".length));
  else if (specifier.startsWith(".")) resolved = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  return folderOf(resolved);
}

/** The layer a folder sits in (its top-level part of app/; a test beside a file in app/ counts as that file). */
export function layerOf(folder: string): string {
  return (folder.split("/")[0] ?? "").replace(/\.test$/, "");
}

/** Folder → folders it imports, from a map of file path (relative to the project, "app/modules/x/y.ts") to source. */
export function folderGraph(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const from = folderOf(file);
    if (!from) continue;
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
      if (back) problems.push(`Import cycle between folders: ${[from, ...back].join(" → ")}.`);
    }
  }
  return problems;
}

/**
 * Problems with the layers: every import from a folder to a folder of a higher layer (or of no known
 * layer) that is not on the list, and every listed breach that is gone.
 */
export function layerProblems(
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  known: readonly string[] = knownLayerBreaches,
  order: Readonly<Record<string, number>> = layers,
): string[] {
  const problems: string[] = [];
  const edges = new Set([...graph].flatMap(([from, targets]) => [...targets].map((to) => `${from}→${to}`)));
  for (const breach of known) {
    if (!edges.has(breach)) problems.push(`${breach} is gone: take it off knownLayerBreaches in server/cli/module-cycles.ts.`);
  }
  for (const folder of [...graph.keys()].sort()) {
    if (order[layerOf(folder)] === undefined) problems.push(`app/${folder} is in no layer: give it one in server/cli/module-cycles.ts.`);
  }
  for (const edge of [...edges].sort()) {
    const [from = "", to = ""] = edge.split("→");
    const fromRank = order[layerOf(from)];
    const toRank = order[layerOf(to)];
    if (fromRank === undefined || known.includes(edge)) continue;
    if (toRank === undefined || toRank > fromRank) problems.push(`Import up a layer: app/${from} imports app/${to}.`);
  }
  return problems;
}

/** Every problem the check reports: cycles between folders, then imports that run up a layer. */
export function importProblems(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  return [...cycleProblems(graph), ...layerProblems(graph)];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return sourceExtension.test(entry.name) ? [full] : [];
  });
}

/** Reads everything under app/ in `root` into the folder graph. */
export function readAppGraph(root: string): Map<string, Set<string>> {
  const files = new Map<string, string>();
  for (const file of sourceFiles(path.posix.join(root, "app"))) {
    files.set(path.posix.relative(root, file), readFileSync(file, "utf8"));
  }
  return folderGraph(files);
}
