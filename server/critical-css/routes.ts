/**
 * Which source files render each page, read from the client build's esbuild metafile and Remix's
 * route manifest (decision record 093): a page is drawn by its route module and every layout above
 * it up to the root, and by all that these import, transitively. Server-only modules are empty
 * stand-ins in the client build, which suits: they render no markup.
 */

export type Metafile = {
  inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
  outputs: Record<string, { entryPoint?: string }>;
};

export type RouteManifest = { routes: Record<string, { id: string; parentId?: string; module: string }> };

/** Files Tailwind scans (tailwind.config.ts `content`): the app's scripts, not its styles or JSON. */
const isContentFile = (file: string) => /^app\/.*\.(?:js|jsx|ts|tsx)$/.test(file);

/** Every content file reachable from `entries` through the metafile's imports. */
export function importClosure(meta: Metafile, entries: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of meta.inputs[file]?.imports ?? []) if (!imported.external) stack.push(imported.path);
  }
  return [...seen].filter(isContentFile).sort();
}

/**
 * For each route that renders a page, the content files of the route and its parents, plus
 * `always` (scripts that add markup to every page, such as the live layer). Resource routes render
 * no document and get none: their client module is an empty stand-in that imports nothing.
 */
export function pageSources(meta: Metafile, manifest: RouteManifest, always: string[] = []): Map<string, string[]> {
  const byUrl = new Map<string, { entryPoint?: string }>();
  for (const [file, output] of Object.entries(meta.outputs)) byUrl.set(`/${file.replace(/^public\//, "")}`, output);
  const pages = new Map<string, string[]>();
  for (const route of Object.values(manifest.routes)) {
    const entry = byUrl.get(route.module)?.entryPoint;
    if (!entry || (meta.inputs[entry]?.imports.length ?? 0) === 0) continue;
    const entries: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      const module = byUrl.get(at.module)?.entryPoint;
      if (!module) throw new Error(`The client build has no module ${at.module} for route ${at.id}`);
      entries.push(module);
    }
    pages.set(route.id, [...new Set([...importClosure(meta, entries), ...always])].sort());
  }
  return pages;
}
