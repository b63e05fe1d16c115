import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every page that ships React's scripts and posts a form to its own action keeps what was typed
// when the connection drops (app/web/not-sent.ts): read from the route files, so a new page cannot
// forget it. Plain HTML pages (`hydrate: false`, theirs or a layout's) need nothing: the browser
// itself keeps a failed native post.

const routesDir = fileURLToPath(new URL("../routes", import.meta.url));
const read = (path: string) => readFileSync(path, "utf8");

/** Route id → its module file (a flat file, or a folder's route.tsx). Resource routes (api, no page of their own) aside. */
function routeFiles(): Map<string, string> {
  const routes = new Map<string, string>();
  for (const entry of readdirSync(routesDir, { withFileTypes: true })) {
    if (entry.name.startsWith("api.") || entry.name.includes(".test.")) continue;
    if (entry.isDirectory()) {
      const file = `${routesDir}/${entry.name}/route.tsx`;
      if (existsSync(file)) routes.set(entry.name, file);
    } else if (entry.name.endsWith(".tsx")) routes.set(entry.name.replace(/\.tsx$/, ""), `${routesDir}/${entry.name}`);
  }
  return routes;
}

const hasAction = (source: string) => /export (async )?function action\b|export const action\b/.test(source);
const hasPage = (source: string) => /export default function/.test(source);
const plain = (source: string) => /hydrate: false/.test(source);
const keepsNotSent = (source: string) =>
  /export \{ clientAction, shouldRevalidate \} from "#app\/web\/not-sent-route"/.test(source) ||
  (/export const clientAction\b/.test(source) && /export const shouldRevalidate\b/.test(source));
const revalidatesUnlessNotSent = (source: string) => /shouldRevalidate/.test(source);
/** Action data read raw: conform would take the NotSent marker for the server's answer. */
const readsRawActionData = (source: string) => /(?<!sentAnswer\()useActionData</.test(source);

/** The layouts a route renders inside (flat-route ids: the longest dotted prefixes that are routes). */
function layoutsOf(id: string, routes: Map<string, string>): string[] {
  const parts = id.split(".");
  return parts
    .slice(1)
    .map((_, i) => parts.slice(0, i + 1).join("."))
    .filter((prefix) => routes.has(prefix));
}

function hydratingFormPages() {
  const routes = routeFiles();
  return [...routes]
    .map(([id, file]) => ({ id, source: read(file), layouts: layoutsOf(id, routes).map((layout) => ({ id: layout, source: read(routes.get(layout)!) })) }))
    .filter(({ source, layouts }) => hasAction(source) && hasPage(source) && !plain(source) && !layouts.some((layout) => plain(layout.source)));
}

describe("a hydrating page with a form, when the connection drops", () => {
  const pages = hydratingFormPages();

  it("finds the pages (a test that reads nothing proves nothing)", () => {
    expect(pages.length).toBeGreaterThanOrEqual(20);
    expect(pages.map((p) => p.id)).toContain("$lang.settings.password");
  });

  it("sends its form through keepWhenNotSent and keeps its page", () => {
    expect(pages.filter((p) => !keepsNotSent(p.source)).map((p) => p.id)).toEqual([]);
  });

  it("never hands the NotSent marker to its form as the server's answer", () => {
    expect(pages.filter((p) => readsRawActionData(p.source)).map((p) => p.id)).toEqual([]);
  });

  it("is not refreshed by the root or its layouts", () => {
    expect(revalidatesUnlessNotSent(read(`${routesDir}/../root.tsx`))).toBe(true);
    const layouts = new Map(pages.flatMap((p) => p.layouts.map((layout) => [layout.id, layout.source] as const)));
    expect([...layouts].filter(([, source]) => !revalidatesUnlessNotSent(source)).map(([id]) => id)).toEqual([]);
  });
});
