import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser loads, before hydrating, only the namespaces the matched routes declare in
 * `handle.i18n`: the root's, the parent layouts' and the page's own. A component that translates
 * from another namespace makes i18next fetch it mid-hydration, and the first render then differs
 * from the server's now and then (React error #418). This reads each route and the components it
 * imports, directly or through other components, and checks every namespace they use is declared
 * by a route that is matched with it. Nothing here is copied from the routes: what each route
 * declares is read from its file, and what it needs from the components it renders.
 */

function resolveImport(specifier: string, from: string): string | null {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join("app", specifier.slice(5));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const ext of [".tsx", ".ts", "/index.tsx", "/index.ts"]) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

const quoted = (list: string) => [...list.matchAll(/"([a-z]+)"/g)].map((m) => m[1]!);

/** Namespaces a source file translates from: useTranslation("x"), useTranslation(["x", "y"]), useTranslation() (the default, common), t("x:key"), t("key", { ns: "x" }). */
function namespacesIn(source: string): Set<string> {
  const used = new Set<string>();
  for (const [, ns] of source.matchAll(/useTranslation\("([a-z]+)"/g)) used.add(ns!);
  for (const [, list] of source.matchAll(/useTranslation\(\[([^\]]*)\]/g)) for (const ns of quoted(list!)) used.add(ns);
  if (/useTranslation\(\)/.test(source)) used.add("common");
  for (const [, ns] of source.matchAll(/\bt\("([a-z]+):/g)) used.add(ns!);
  for (const [, ns] of source.matchAll(/\bns: "([a-z]+)"/g)) used.add(ns!);
  return used;
}

/** What a route file and the components it renders (followed through their imports) translate from. */
function namespacesUsed(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  for (const ns of namespacesIn(source)) used.add(ns);
  for (const [, specifier] of source.matchAll(/from "([^"]+)"/g)) {
    if (specifier!.includes(".server")) continue;
    const target = resolveImport(specifier!, file);
    if (target?.startsWith(path.join("app", "components"))) for (const ns of namespacesUsed(target, seen)) used.add(ns);
  }
  return used;
}

/** The namespaces a route file declares in `export const handle = { i18n: [...] }`. */
function declaredBy(file: string): string[] {
  const handle = /export const handle = \{[^}]*i18n: \[([^\]]*)\]/.exec(fs.readFileSync(file, "utf8"));
  return handle ? quoted(handle[1]!) : [];
}

/** Remix flat routes: `$lang.settings.password` renders inside `$lang.settings` and `$lang` when those files exist. */
function parentRoutes(name: string): string[] {
  const segments = name.replace(/\.tsx$/, "").split(".");
  const parents: string[] = [];
  for (let i = 1; i < segments.length; i += 1) {
    const file = path.join("app/routes", `${segments.slice(0, i).join(".")}.tsx`);
    if (fs.existsSync(file)) parents.push(file);
  }
  return parents;
}

const root = "app/root.tsx";
const pageRoutes = fs.readdirSync("app/routes").filter((name) => name.startsWith("$lang") && name.endsWith(".tsx"));

describe("routes declare the namespaces their components translate from", () => {
  it("the root declares what the shell (header, menus, footer) and the error screens use", () => {
    const declared = new Set(declaredBy(root));
    expect(declared.size).toBeGreaterThan(0);
    expect([...namespacesUsed(root)].filter((ns) => !declared.has(ns))).toEqual([]);
  });

  it.each(pageRoutes)("%s", (name) => {
    const file = path.join("app/routes", name);
    const declared = new Set([root, ...parentRoutes(name), file].flatMap(declaredBy));
    expect([...namespacesUsed(file)].filter((ns) => !declared.has(ns))).toEqual([]);
  });
});

describe("the namespace reader", () => {
  // Written by hand, so a reader that stopped seeing a form of call would fail here rather than pass everything.
  it("sees every form of call the app uses", () => {
    const source = `
      const { t } = useTranslation("sessions");
      const { t: t2 } = useTranslation(["profile", "validation"]);
      const { t: t3 } = useTranslation();
      t("auth:login.title");
      t("badge", { ns: "notifications", count: 2 });`;
    expect([...namespacesIn(source)].sort()).toEqual(["auth", "common", "notifications", "profile", "sessions", "validation"]);
  });
});
