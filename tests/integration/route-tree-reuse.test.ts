/**
 * Pages are rendered with one route tree per server build (decision record 022, patches to
 * @remix-run/react and react-router-dom): Remix's server routes and React Router's data routes are
 * built once and reused, so the router's caches per routes array hit on every request. The same
 * tree must still render each page's own route, and a rebuilt app or a replaced route module must
 * get a new tree rather than the old one.
 */
import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Outlet, RemixServer } from "@remix-run/react";
import { createElement, type ReactElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import { type DataRouteObject, UNSAFE_DataRouterContext } from "react-router-dom";
// The file Node loads for Remix on the server (Vite would pick server.mjs for the bare subpath).
import { createStaticHandler, createStaticRouter } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { manifestRoute, serverBuild } from "./fake-build";

type SeenRouter = { routes: DataRouteObject[]; matches: { route: DataRouteObject }[] };

/** Every route object of a tree, by id. */
function byId(routes: DataRouteObject[], into = new Map<string, DataRouteObject>()) {
  for (const route of routes) {
    into.set(route.id, route);
    if (route.children) byId(route.children, into);
  }
  return into;
}

/**
 * A three-route Remix build (root, /a, /b) whose entry renders RemixServer like app/entry.server.tsx
 * does for pages without deferred data, and whose pages note the router they were rendered with.
 */
function buildWithPages(seen: SeenRouter[]) {
  const Root = () => {
    const router = useContext(UNSAFE_DataRouterContext)!.router;
    seen.push({ routes: router.routes, matches: router.state.matches });
    return createElement("main", null, createElement(Outlet));
  };
  const page = (text: string) => ({ default: () => createElement("p", null, text) });
  return serverBuild({
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Response(renderToString(createElement(RemixServer, { context, url: request.url }) as ReactElement), {
            status,
            headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
          }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: Root } },
      "routes/a": { id: "routes/a", parentId: "root", path: "a", module: page("page A") },
      "routes/b": { id: "routes/b", parentId: "root", path: "b", module: page("page B") },
    },
    manifest: {
      root: manifestRoute("root", undefined, "", { hasLoader: false }),
      "routes/a": manifestRoute("routes/a", "root", "a", { hasLoader: false }),
      "routes/b": manifestRoute("routes/b", "root", "b", { hasLoader: false }),
    },
  });
}

async function render(build: ServerBuild, path: string) {
  const response = await createRequestHandler(build, "production")(new Request(`http://localhost${path}`));
  expect(response.status).toBe(200);
  return response.text();
}

describe("the route tree pages are rendered with", () => {
  it("is made once per build: two pages share it, and each renders its own route", async () => {
    const seen: SeenRouter[] = [];
    const build = buildWithPages(seen);
    const first = await render(build, "/a");
    const second = await render(build, "/b");
    const third = await render(build, "/a");

    expect(first).toContain("page A");
    expect(first).not.toContain("page B");
    expect(second).toContain("page B");
    expect(second).not.toContain("page A");
    expect(third).toBe(first);
    expect(seen).toHaveLength(3);
    expect(seen[1]!.routes).toBe(seen[0]!.routes);
    expect(seen[2]!.routes).toBe(seen[0]!.routes);
    // Each page's matches are the shared tree's own route objects.
    const routes = byId(seen[0]!.routes);
    expect(seen[0]!.matches.map((m) => m.route.id)).toEqual(["root", "routes/a"]);
    expect(seen[1]!.matches.map((m) => m.route.id)).toEqual(["root", "routes/b"]);
    for (const { matches } of seen) for (const match of matches) expect(match.route).toBe(routes.get(match.route.id));
  });

  it("is made anew for another build, as after a rebuild in development", async () => {
    const seen: SeenRouter[] = [];
    await render(buildWithPages(seen), "/a");
    const rebuilt = await render(buildWithPages(seen), "/a");
    expect(rebuilt).toContain("page A");
    expect(seen[1]!.routes).not.toBe(seen[0]!.routes);
  });

  it("is made anew when a route's module is replaced under the same manifest", async () => {
    const seen: SeenRouter[] = [];
    const build = buildWithPages(seen);
    expect(await render(build, "/b")).toContain("page B");
    build.routes["routes/b"]!.module = { default: () => createElement("p", null, "page B, edited") } as never;
    expect(await render(build, "/b")).toContain("page B, edited");
    expect(seen[1]!.routes).not.toBe(seen[0]!.routes);
  });
});

describe("createStaticRouter", () => {
  it("converts a routes array once and points each request's matches into that conversion", async () => {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        children: [
          { id: "one", path: "one" },
          { id: "two", path: "two" },
        ],
      },
    ]);
    const one = await handler.query(new Request("http://localhost/one"));
    const two = await handler.query(new Request("http://localhost/two"));
    if (one instanceof Response || two instanceof Response) throw new Error("expected contexts, got responses");
    const routerOne = createStaticRouter(handler.dataRoutes, one);
    const routerTwo = createStaticRouter(handler.dataRoutes, two);

    expect(routerTwo.routes).toBe(routerOne.routes);
    const routes = byId(routerOne.routes);
    expect(routerOne.state.matches.map((m) => m.route.id)).toEqual(["root", "one"]);
    expect(routerTwo.state.matches.map((m) => m.route.id)).toEqual(["root", "two"]);
    for (const router of [routerOne, routerTwo]) for (const match of router.state.matches) expect(match.route).toBe(routes.get(match.route.id));
    // A new array, as a rebuilt app hands over, is converted afresh.
    expect(createStaticRouter([...handler.dataRoutes], one).routes).not.toBe(routerOne.routes);
  });
});
