/** The parts of a V8 .cpuprofile the summary reads. */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/**
 * Stages a request passes, found by the frames they start with; a sample counts once per stage
 * however deep the stage recurses. Names are the functions as they appear in the production build.
 */
const STAGES: Record<string, (frame: { functionName: string; url: string }) => boolean> = {
  "compression (zlib)": (f) => f.url.includes("node:zlib") || /Brotli|Gzip|zlib/i.test(f.functionName),
  "request logging (pino)": (f) => f.url.includes("/pino"),
  "helmet headers": (f) => f.url.includes("/helmet/"),
  // The minified build names React's entry points no more; every component runs under a react-dom frame.
  "React render": (f) => /^(renderToString|renderToPipeableStream|renderToReadableStream)$/.test(f.functionName) || f.url.includes("/react-dom/"),
  "loaders/actions (callRouteLoader)": (f) => /callRouteLoader|callLoaderOrAction|callDataStrategy/.test(f.functionName),
  "turbo-stream encode": (f) => f.url.includes("turbo-stream") && /encode|flatten/.test(f.functionName),
  "pg driver": (f) => f.url.includes("/node_modules/pg") || f.url.includes("/pg-protocol/"),
  kysely: (f) => f.url.includes("/kysely/"),
  i18next: (f) => f.url.includes("i18next"),
  "garbage collector": (f) => f.functionName === "(garbage collector)",
};

function packageOf(url: string): string {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return url.split("/").slice(0, 2).join("/");
  const nm = url.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "/node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const inRepo = url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
  if (inRepo.startsWith("build/server/")) return "build/server/ (server)";
  return inRepo.startsWith("build/") ? "build/ (app)" : inRepo.split("/").slice(0, 2).join("/");
}

/** Self time by function and by package, and stage times, over the samples taken in [from, to] (µs, monotonic). */
export function summarizeProfile(profile: CpuProfile, window: { from: number; to: number; requests: number }): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let t = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i]!;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (t < window.from || t > window.to) continue;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
    self.set(id, (self.get(id) ?? 0) + delta);
    busy += delta;
  }
  const perRequest = (micros: number) => (micros / 1000 / window.requests).toFixed(3);
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  const stages = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const key = `${functionName || "(anonymous)"} ${packageOf(url)}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
    packages.set(packageOf(url), (packages.get(packageOf(url)) ?? 0) + micros);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node)!.callFrame;
      for (const [stage, matches] of Object.entries(STAGES)) if (!seen.has(stage) && matches(frame)) seen.add(stage);
    }
    for (const stage of seen) stages.set(stage, (stages.get(stage) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, micros]) => `  ${perRequest(micros).padStart(7)} ms  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  return [
    `sampled CPU: ${perRequest(busy)} ms per request`,
    `stages (inclusive, ms per request):\n${top(stages, 20)}`,
    `packages (self):\n${top(packages, 25)}`,
    `functions (self):\n${top(functions, 40)}`,
  ].join("\n\n");
}
