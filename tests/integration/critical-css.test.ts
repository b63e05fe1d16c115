import fs from "node:fs";
import path from "node:path";
import postcss from "postcss";
import tailwindcss from "tailwindcss";
import { describe, expect, it } from "vitest";
import { importClosure, type Metafile, pageSources, type RouteManifest } from "../../server/critical-css/routes";
import { classesOfStylesheet, classesWrittenIn, parseStylesheet, requiredClasses, selectRules } from "../../server/critical-css/select";
import tailwindConfig from "../../tailwind.config";

describe("the classes a selector needs", () => {
  it("reads Tailwind's escapes, and ignores negated classes and attribute values", () => {
    expect(requiredClasses(".max-w-\\[85\\%\\]")).toEqual(["max-w-[85%]"]);
    expect(requiredClasses(".md\\:hover\\:bg-brand-600:hover")).toEqual(["md:hover:bg-brand-600"]);
    expect(requiredClasses(".\\!table")).toEqual(["!table"]);
    expect(requiredClasses(".\\32 xl\\:flex")).toEqual(["2xl:flex"]);
    expect(requiredClasses(".group:hover .group-hover\\:underline")).toEqual(["group", "group-hover:underline"]);
    expect(requiredClasses(".space-y-2>:not([hidden])~:not([hidden])")).toEqual(["space-y-2"]);
    expect(requiredClasses("a:not(.plain)[href$='.pdf']")).toEqual([]);
    expect(requiredClasses(".chat-msg[data-removed] .chat-msg-text")).toEqual(["chat-msg", "chat-msg-text"]);
  });
});

describe("the classes a source file writes", () => {
  it("finds a class written as a whole word, not inside a longer one (a variant or an opacity counts: a few bytes too many, never too few)", () => {
    const source = 'className={cn("inline-flex sm:p-4", open && "bg-black/50")} // -mt-2';
    expect(classesWrittenIn(source, ["flex", "inline-flex", "p-4", "sm:p-4", "bg-black", "bg-black/50", "mt-2", "-mt-2", "hidden"])).toEqual(
      new Set(["inline-flex", "p-4", "sm:p-4", "bg-black", "bg-black/50", "-mt-2"]),
    );
  });
});

describe("a page's rules", () => {
  const full = parseStylesheet(
    [
      "*,:before{box-sizing:border-box}",
      "html{line-height:1.5}",
      ".flex{display:flex}",
      ".hidden{display:none}",
      ".animate-spin{animation:spin 1s linear infinite}",
      "@keyframes spin{to{transform:rotate(360deg)}}",
      "@keyframes ping{to{opacity:0}}",
      ".group:hover .group-hover\\:underline{text-decoration:underline}",
      "@media (min-width:640px){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}",
      "@media (min-width:768px){.md\\:grid{display:grid}}",
    ].join(""),
  );

  it("keeps the base rules and those of the used classes, verbatim and in order", () => {
    expect(selectRules(full, new Set(["flex", "sm:hidden", "group-hover:underline"]))).toBe(
      "*,:before{box-sizing:border-box}html{line-height:1.5}.flex{display:flex}@media (min-width:640px){.sm\\:hidden{display:none}}",
    );
  });

  it("keeps a selector that needs two classes only with both, and keyframes only when a kept rule runs them", () => {
    expect(selectRules(full, new Set(["group", "group-hover:underline", "animate-spin"]))).toBe(
      "*,:before{box-sizing:border-box}html{line-height:1.5}.animate-spin{animation:spin 1s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}.group:hover .group-hover\\:underline{text-decoration:underline}",
    );
  });
});

describe("the files that draw a page", () => {
  const meta: Metafile = {
    inputs: {
      "browser-route-module:root.tsx?browser": { imports: [{ path: "app/root.tsx" }] },
      "app/root.tsx": { imports: [{ path: "app/components/shell.tsx" }, { path: "app/styles/tailwind.css" }, { path: "react", external: true }] },
      "app/components/shell.tsx": { imports: [{ path: "node_modules/clsx/index.js" }] },
      "node_modules/clsx/index.js": { imports: [] },
      "browser-route-module:routes/$lang.tsx?browser": { imports: [{ path: "app/routes/$lang.tsx" }] },
      "app/routes/$lang.tsx": { imports: [] },
      "browser-route-module:routes/$lang.sessions/route.tsx?browser": { imports: [{ path: "app/routes/$lang.sessions/route.tsx" }] },
      "app/routes/$lang.sessions/route.tsx": { imports: [{ path: "app/components/session-card.tsx" }] },
      "app/components/session-card.tsx": { imports: [] },
      "browser-route-module:routes/api.dm.ts?browser": { imports: [] },
    },
    outputs: {
      "public/build/root-A.js": { entryPoint: "browser-route-module:root.tsx?browser" },
      "public/build/routes/$lang-B.js": { entryPoint: "browser-route-module:routes/$lang.tsx?browser" },
      "public/build/routes/$lang.sessions-C.js": { entryPoint: "browser-route-module:routes/$lang.sessions/route.tsx?browser" },
      "public/build/routes/api.dm-D.js": { entryPoint: "browser-route-module:routes/api.dm.ts?browser" },
      "public/build/_shared/chunk-E.js": {},
    },
  };
  const manifest: RouteManifest = {
    routes: {
      root: { id: "root", module: "/build/root-A.js" },
      "routes/$lang": { id: "routes/$lang", parentId: "root", module: "/build/routes/$lang-B.js" },
      "routes/$lang.sessions": { id: "routes/$lang.sessions", parentId: "routes/$lang", module: "/build/routes/$lang.sessions-C.js" },
      "routes/api.dm": { id: "routes/api.dm", parentId: "root", module: "/build/routes/api.dm-D.js" },
    },
  };

  it("are the app's scripts the route and its layouts import, transitively, and none for a resource route", () => {
    const pages = pageSources(meta, manifest, ["app/islands/live.ts"]);
    expect(pages.get("routes/$lang.sessions")).toEqual([
      "app/components/session-card.tsx",
      "app/components/shell.tsx",
      "app/islands/live.ts",
      "app/root.tsx",
      "app/routes/$lang.sessions/route.tsx",
      "app/routes/$lang.tsx",
    ]);
    expect(pages.get("root")).toEqual(["app/components/shell.tsx", "app/islands/live.ts", "app/root.tsx"]);
    expect(pages.has("routes/api.dm")).toBe(false);
    expect(importClosure(meta, ["app/components/shell.tsx"])).toEqual(["app/components/shell.tsx"]);
  });
});

describe("against Tailwind itself", () => {
  const css = fs.readFileSync("app/styles/tailwind.css", "utf8");
  const run = async (content: string[]) =>
    (await postcss([tailwindcss({ ...tailwindConfig, content })]).process(css, { from: "app/styles/tailwind.css" })).root;
  /**
   * Every declaration with where it sits (at-rules and one selector of its rule's list), so two
   * stylesheets compare rule by rule: Tailwind lists in one rule the classes that share its defaults
   * (`.shadow,.shadow-lg{--tw-shadow:…}`), and a page's own build lists only its own of them.
   */
  const declarations = (root: postcss.Root) => {
    const found = new Set<string>();
    root.walkDecls((decl) => {
      let places = [""];
      for (let node: postcss.Node | undefined = decl.parent; node && node.type !== "root"; node = node.parent) {
        const here = node.type === "rule" ? (node as postcss.Rule).selectors : [`@${(node as postcss.AtRule).name} ${(node as postcss.AtRule).params}`];
        places = here.flatMap((where) => places.map((inner) => (inner ? `${where} / ${inner}` : where)));
      }
      for (const where of places) found.add(`${where} { ${decl.prop}: ${decl.value.trim()}${decl.important ? " !important" : ""} }`);
    });
    return found;
  };

  it("a page's selection holds every rule Tailwind writes for the page's files alone", async () => {
    const files = [
      "app/root.tsx",
      "app/components/layout/shell.tsx",
      "app/components/layout/navbar.tsx",
      "app/components/layout/live-layer.tsx",
      "app/components/layout/live-templates.tsx",
      "app/components/ui/button.tsx",
      "app/routes/$lang.notifications.tsx",
    ].filter((file) => fs.existsSync(file));
    const full = await run(["./app/**/*.{js,jsx,ts,tsx}"]);
    const classes = [...classesOfStylesheet(full)];
    const used = new Set(files.flatMap((file) => [...classesWrittenIn(fs.readFileSync(path.resolve(file), "utf8"), classes)]));
    const selected = declarations(parseStylesheet(selectRules(full, used)));
    const tailwindOnly = declarations(await run(files));
    expect(tailwindOnly.size).toBeGreaterThan(100);
    expect([...tailwindOnly].filter((declaration) => !selected.has(declaration))).toEqual([]);
  });
});
