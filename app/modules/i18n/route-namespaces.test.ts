import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser loads, before hydrating, only the namespaces the matched routes declare in
 * `handle.i18n` (plus the root's). A component that translates from another namespace makes
 * i18next fetch it mid-hydration, and the first render then differs from the server's now and
 * then (React error #418). This reads each page route and the components it imports, directly or
 * through other components, and checks every namespace they use is declared.
 */
const ROOT_NAMESPACES = new Set(["common", "errors", "notifications"]);

function resolveImport(specifier: string, from: string): string | null {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join("app", specifier.slice(5));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const ext of [".tsx", ".ts", "/index.tsx", "/index.ts"]) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

function namespacesUsed(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  for (const [, ns] of source.matchAll(/useTranslation\("([a-z]+)"\)/g)) used.add(ns!);
  if (/useTranslation\(\)/.test(source)) used.add("common");
  for (const [, ns] of source.matchAll(/\bt\("([a-z]+):/g)) used.add(ns!);
  for (const [, specifier] of source.matchAll(/from "([^"]+)"/g)) {
    if (specifier!.includes(".server")) continue;
    const target = resolveImport(specifier!, file);
    if (target?.startsWith(path.join("app", "components"))) for (const ns of namespacesUsed(target, seen)) used.add(ns);
  }
  return used;
}

const pageRoutes = fs.readdirSync("app/routes").filter((name) => name.startsWith("$lang") && name.endsWith(".tsx"));

describe("page routes declare the namespaces their components translate from", () => {
  it.each(pageRoutes)("%s", (name) => {
    const file = path.join("app/routes", name);
    const handle = /handle = \{[^}]*i18n: \[([^\]]*)\]/.exec(fs.readFileSync(file, "utf8"));
    const declared = new Set([...(handle?.[1]?.matchAll(/"([a-z]+)"/g) ?? [])].map((m) => m[1]!));
    const missing = [...namespacesUsed(file)].filter((ns) => !declared.has(ns) && !ROOT_NAMESPACES.has(ns));
    expect(missing).toEqual([]);
  });
});
