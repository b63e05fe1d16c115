import { describe, expect, it } from "vitest";
import { cycleProblems, folderGraph, importSpecifiers, knownCycles, mutualPairs, readModuleGraph, targetFolder } from "../../server/cli/module-cycles";

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe("the module cycle check (decision record 045)", () => {
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

  it("maps an import to the module folder it reaches", () => {
    expect(targetFolder("#app/modules/bookings/rules", "app/modules/sessions/x.ts")).toBe("bookings");
    expect(targetFolder("../bookings/rules", "app/modules/sessions/x.ts")).toBe("bookings");
    expect(targetFolder("./rules", "app/modules/sessions/x.ts")).toBe("sessions");
    expect(targetFolder("#app/modules/deps.server", "app/modules/sessions/x.ts")).toBeNull();
    expect(targetFolder("#app/web/http", "app/modules/sessions/x.ts")).toBeNull();
    expect(targetFolder("kysely", "app/modules/sessions/x.ts")).toBeNull();
  });

  it("builds the folder graph without a folder's imports of itself", () => {
    const graph = folderGraph(
      new Map([
        ["app/modules/sessions/a.ts", 'import { b } from "./b";\nimport { c } from "#app/modules/catalog/options";'],
        ["app/modules/bookings/a.ts", 'import { s } from "../sessions/a";'],
      ]),
    );
    expect(graph).toEqual(graphOf({ sessions: ["catalog"], bookings: ["sessions"] }));
  });

  it("fails on a new cycle, direct or through other folders", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: ["a"] }), [])).toEqual([
      "Import cycle between module folders: a → b → a.",
      "Import cycle between module folders: b → a → b.",
    ]);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["c"], c: ["a"] }), [])).toHaveLength(3);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["c"], c: [] }), [])).toEqual([]);
  });

  it("lets an allowlisted pair be, but not a new cycle that runs through it", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: ["a"] }), ["a↔b"])).toEqual([]);
    expect(cycleProblems(graphOf({ a: ["b"], b: ["a", "c"], c: ["a"] }), ["a↔b"])).toEqual([
      "Import cycle between module folders: b → c → a → b.",
      "Import cycle between module folders: c → a → b → c.",
    ]);
  });

  it("fails when an allowlisted pair no longer imports both ways, so the list only shrinks", () => {
    expect(cycleProblems(graphOf({ a: ["b"], b: [] }), ["a↔b"])).toEqual([
      "a↔b no longer import each other: take the pair off knownCycles in server/cli/module-cycles.ts.",
    ]);
  });

  it("finds no cycle in app/modules beyond the listed ones, and no folder imports one of the layers above it", () => {
    const graph = readModuleGraph(process.cwd());
    expect(cycleProblems(graph)).toEqual([]);
    expect(mutualPairs(graph)).toEqual([...knownCycles]);
    for (const above of ["bookings", "jobs", "profiles", "series"]) expect(graph.get("sessions")?.has(above)).toBe(false);
    // Payments confirm and refund bookings; the live log carries notifications.
    expect(graph.get("bookings")?.has("payments")).toBe(false);
    expect(graph.get("live")?.has("notifications")).toBe(false);
  });
});
