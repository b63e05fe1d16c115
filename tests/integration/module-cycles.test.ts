import { describe, expect, it } from "vitest";
import {
  cycleProblems,
  folderGraph,
  folderOf,
  importProblems,
  importSpecifiers,
  knownCycles,
  knownLayerBreaches,
  layerOf,
  layerProblems,
  mutualPairs,
  readAppGraph,
  targetFolder,
} from "../../server/cli/module-cycles";

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe("the import check over app/ (decision records 045 and 074)", () => {
  it("reads static, type-only, re-exported, side-effect and dynamic imports, and skips those in comments and strings", () => {
    const source = [
      'import { a } from "#app/modules/a/rules";',
      'import type { B } from "#app/modules/b/repo.server";',
      'export { c } from "../c/rules";',
      'import "#app/modules/d/setup";',
      'const e = await import("#app/modules/e/lazy.server");',
      "import {\n  f,\n  g,\n} from '../f/rules';",
      '// import { x } from "#app/modules/x/rules";',
      '/* import { y } from "#app/modules/y/rules"; */',
      'const pattern = "app/**/*.test.ts";',
      'import { h } from "#app/modules/h/rules";',
      "const text = 'import { z } from \"#app/modules/z/rules\"';",
      'export type { I } from "#app/modules/i/rules";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      "#app/modules/a/rules",
      "#app/modules/b/repo.server",
      "../c/rules",
      "#app/modules/d/setup",
      "#app/modules/e/lazy.server",
      "../f/rules",
      "#app/modules/h/rules",
      "#app/modules/i/rules",
    ]);
  });

  it("maps an import to the folder it reaches", () => {
    expect(targetFolder("#app/modules/bookings/rules", "app/modules/sessions/x.ts")).toBe("modules/bookings");
    expect(targetFolder("../bookings/rules", "app/modules/sessions/x.ts")).toBe("modules/bookings");
    expect(targetFolder("./rules", "app/modules/sessions/x.ts")).toBe("modules/sessions");
    expect(targetFolder("kysely", "app/modules/sessions/x.ts")).toBeNull();
    expect(targetFolder("#db/client.server", "app/modules/sessions/x.ts")).toBeNull();
    expect(targetFolder("../../../public/locales/en/admin.json", "app/modules/i18n/resources.server.ts")).toBeNull();
  });

  it("names a file lying directly in app/ or in a layer's folder by itself, and a file inside a folder by its folder", () => {
    expect(targetFolder("#app/modules/deps.server", "app/modules/sessions/x.ts")).toBe("modules/deps.server");
    expect(targetFolder("#app/web/http", "app/modules/sessions/x.ts")).toBe("web/http");
    expect(targetFolder("#app/lib/zod", "app/routes/$lang.login.tsx")).toBe("lib/zod");
    expect(targetFolder("./root", "app/entry.server.tsx")).toBe("root");
    expect(folderOf("app/routes/$lang.login.tsx")).toBe("routes/$lang.login");
    expect(folderOf("app/components/ui/button.tsx")).toBe("components/ui");
    expect(folderOf("app/env.server.ts")).toBe("env.server");
    expect(folderOf("server/http.ts")).toBeNull();
    expect(layerOf("modules/bookings")).toBe("modules");
    expect(layerOf("entry.server.test")).toBe("entry.server");
  });

  it("builds the folder graph without a folder's imports of itself", () => {
    const graph = folderGraph(
      new Map([
        ["app/modules/sessions/a.ts", 'import { b } from "./b";\nimport { c } from "#app/modules/catalog/options";'],
        ["app/modules/bookings/a.ts", 'import { s } from "../sessions/a";'],
      ]),
    );
    expect(graph).toEqual(graphOf({ "modules/sessions": ["modules/catalog"], "modules/bookings": ["modules/sessions"] }));
  });

  it("fails on a new cycle, direct or through other folders", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: ["a"] }), [])).toEqual([
      "Import cycle between folders: a → b → a.",
      "Import cycle between folders: b → a → b.",
    ]);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["c"], c: ["a"] }), [])).toHaveLength(3);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["c"], c: [] }), [])).toEqual([]);
  });

  it("lets an allowlisted pair be, but not a new cycle that runs through it", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: ["a"] }), ["a↔b"])).toEqual([]);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["a", "c"], c: ["a"] }), ["a↔b"])).toEqual([
      "Import cycle between folders: b → c → a → b.",
      "Import cycle between folders: c → a → b → c.",
    ]);
  });

  it("fails when an allowlisted pair no longer imports both ways, so the list only shrinks", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: [] }), ["a↔b"])).toEqual([
      "a↔b no longer import each other: take the pair off knownCycles in server/cli/module-cycles.ts.",
    ]);
  });

  it("fails on an import from a folder to a higher layer, and on a folder in no layer", () => {
    const order = { lib: 0, modules: 1, web: 2, routes: 3 };
    const graph = graphOf({
      "lib/zod": ["modules/auth"],
      "modules/auth": ["lib/zod", "web/http"],
      "routes/x": ["web/http", "lib/zod"],
      "web/http": ["modules/auth"],
    });
    expect(layerProblems(graph, [], order)).toEqual([
      "Import up a layer: app/lib/zod imports app/modules/auth.",
      "Import up a layer: app/modules/auth imports app/web/http.",
    ]);
    expect(layerProblems(graphOf({ "odd/x": ["lib/zod"], "lib/zod": [] }), [], order)).toEqual([
      "app/odd/x is in no layer: give it one in server/cli/module-cycles.ts.",
    ]);
    expect(layerProblems(graphOf({ "modules/a": ["odd/x"] }), [], order)).toEqual(["Import up a layer: app/modules/a imports app/odd/x."]);
  });

  it("lets a listed breach be until it is gone, then asks for it to come off the list", () => {
    const order = { modules: 1, web: 2 };
    expect(layerProblems(graphOf({ "modules/a": ["web/http"] }), ["modules/a→web/http"], order)).toEqual([]);
    expect(layerProblems(graphOf({ "modules/a": [] }), ["modules/a→web/http"], order)).toEqual([
      "modules/a→web/http is gone: take it off knownLayerBreaches in server/cli/module-cycles.ts.",
    ]);
  });

  it("finds no cycle in app/modules beyond the listed ones, and no folder imports one of the layers above it", () => {
    const graph = readAppGraph(process.cwd());
    expect(cycleProblems(graph)).toEqual([]);
    expect(mutualPairs(graph)).toEqual([...knownCycles]);
    for (const above of ["bookings", "jobs", "profiles", "series"]) expect(graph.get("modules/sessions")?.has(`modules/${above}`)).toBe(false);
    // Payments confirm and refund bookings; the live log carries notifications.
    expect(graph.get("modules/bookings")?.has("modules/payments")).toBe(false);
    expect(graph.get("modules/live")?.has("modules/notifications")).toBe(false);
  });

  it("finds no cycle and no import up a layer anywhere in app/: lib imports nothing of the app, modules no page", () => {
    const graph = readAppGraph(process.cwd());
    expect(importProblems(graph)).toEqual([]);
    for (const [from, targets] of graph) {
      if (layerOf(from) === "lib")
        expect(
          [...targets].filter((to) => layerOf(to) !== "lib"),
          from,
        ).toEqual([]);
      if (layerOf(from) === "modules")
        expect(
          [...targets].filter((to) => ["routes", "components", "web", "root"].includes(layerOf(to)) && !knownLayerBreaches.includes(`${from}→${to}`)),
          from,
        ).toEqual([]);
    }
  });
});
