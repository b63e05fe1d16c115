import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Link, PlainHtmlProvider } from "./link";

/** Renders `element` inside a router at /es/sessions, as a page with or without scripts. */
async function render(element: React.ReactNode, plain: boolean) {
  const routes = [{ path: "/es/sessions", element: <PlainHtmlProvider value={plain}>{element}</PlainHtmlProvider> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/es/sessions?page=2"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

describe("Link", () => {
  it("writes the same address plainly on a page without scripts as the router does on one with them", async () => {
    for (const to of ["/es/session/1", "/es/sessions?tags=one-shot#results"]) {
      const routed = await render(<Link to={to}>x</Link>, false);
      const plain = await render(<Link to={to}>x</Link>, true);
      // data-discover only tells Remix's client router to look the route up: no client, no need.
      expect(plain).toBe(routed.replace(' data-discover="true"', ""));
    }
  });

  it("keeps the anchor's own attributes and drops the router's", async () => {
    const html = await render(
      <Link to="/es/login" className="btn" aria-label="Entrar" prefetch="intent" replace>
        x
      </Link>,
      true,
    );
    expect(html).toContain('<a href="/es/login" class="btn" aria-label="Entrar">x</a>');
  });

  it("leaves relative paths, bare queries and fragments to the router", async () => {
    for (const to of ["../profile", "?page=3", "#results"]) {
      expect(await render(<Link to={to}>x</Link>, true)).toBe(await render(<Link to={to}>x</Link>, false));
    }
  });

  it("is the only way the app imports a link", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !file.endsWith(path.join("ui", "link.tsx"))) {
          const source = fs.readFileSync(file, "utf8");
          if (/import\s*\{[^}]*\bLink\b[^}]*\}\s*from\s*"@remix-run\/react"/.test(source)) offenders.push(file);
        }
      }
    };
    walk("app");
    expect(offenders).toEqual([]);
  });
});
