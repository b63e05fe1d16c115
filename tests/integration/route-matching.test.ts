/**
 * The router patch (decision record 022) keeps route matches per routes array and pathname: a
 * request matches its path three times, and most pages share a few pathnames. What is kept must
 * never leak between callers: each gets its own match objects, and every path still finds its route.
 */
import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The server's copy of the router (the CommonJS build the patch changes), as the server loads it.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof Router;

const routes = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "lang",
        path: ":lang",
        children: [
          { id: "sessions", path: "sessions" },
          { id: "session", path: "session/:id" },
          { id: "splat", path: "*" },
        ],
      },
    ],
  },
];

describe("route matching with kept matches", () => {
  it("finds each path's own route and parameters, however often and in whatever order it is asked", () => {
    for (let round = 0; round < 3; round += 1) {
      expect(matchRoutes(routes, "/es/sessions")!.map((m) => m.route.id)).toEqual(["root", "lang", "sessions"]);
      expect(matchRoutes(routes, "/pt/session/abc")!.at(-1)!.params).toEqual({ lang: "pt", id: "abc" });
      expect(matchRoutes(routes, "/en/session/xyz")!.at(-1)!.params).toEqual({ lang: "en", id: "xyz" });
      expect(matchRoutes(routes, "/es/nada/mas")!.at(-1)!.params).toEqual({ lang: "es", "*": "nada/mas" });
      expect(matchRoutes(routes, "/")!.map((m) => m.route.id)).toEqual(["root"]);
      expect(matchRoutes([{ id: "only", path: "solo" }], "/otra")).toBeNull();
    }
  });

  it("hands every caller its own objects, so one changing its matches cannot change another's", () => {
    const first = matchRoutes(routes, "/es/session/uno")!;
    (first.at(-1)!.params as Record<string, string>).id = "cambiado";
    first.pop();
    const second = matchRoutes(routes, "/es/session/uno")!;
    expect(second).toHaveLength(3);
    expect(second.at(-1)!.params.id).toBe("uno");
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    // The route objects are the app's own, shared as before.
    expect(second.at(-1)!.route).toBe(routes[0]!.children[0]!.children[1]);
  });

  it("keeps a bounded number of paths: many different ones still match right", () => {
    for (let i = 0; i < 1200; i += 1) expect(matchRoutes(routes, `/es/session/${i}`)!.at(-1)!.params.id).toBe(String(i));
    expect(matchRoutes(routes, "/es/session/7")!.at(-1)!.params.id).toBe("7");
  });
});
