import { builtinModules } from "node:module";
import path from "node:path";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

// House-style import boundaries (docs: house-style.md, "Layout").
// Regexes rather than gitignore-style globs: in a glob a leading "#" starts a comment,
// so "#db/*" would silently match nothing.
const databaseModules = {
  regex: String.raw`^(kysely|pg)(/|$)|^#db/|(^|/)db/`,
  message: "Routes call a module function; SQL lives in repo.server.ts.",
};
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith("_")).join("|");
const sideEffectModules = {
  regex: String.raw`^node:|^(${nodeBuiltins})(/|$)|\.server(\.[cm]?[jt]sx?)?$`,
  message: "Rules are pure functions: no I/O, no database, no server modules.",
};
const appModules = {
  regex: String.raw`^#app/|(^|/)app/`,
  message: "Data flows down: db/ and migrations/ never import the app.",
};
// Layers point down: routes → components → modules. A module importing a component or a route (or a
// component importing a route, even for a type) ties the domain to one page.
const routeModules = {
  regex: String.raw`^#app/(routes|root)(/|$)|(^|/)routes/|(^|/)root(\.tsx?)?$`,
  message: "Only the framework imports routes; pass what you need down as data or move the type into a module.",
};
const componentModules = {
  regex: String.raw`^#app/components/|(^|/)components/`,
  message: "Modules never import components: move the shared type into the module and let the component import it.",
};
const clockReads = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Rules take `now` as an argument; they never read the clock." },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Rules take `now` as an argument; they never read the clock." },
  {
    selector: "CallExpression[callee.object.name='DateTime'][callee.property.name='now']",
    message: "Rules take `now` as an argument; they never read the clock.",
  },
];
// Routes, modules and components take the request's clock reading from the load context
// (deps(context).now, or a `now` prop from the loader), so a test can fix the time.
const requestClockReads = [
  ...clockReads.map((r) => ({
    ...r,
    message: "Use deps(context).now (or a `now` prop from the loader); only app/services/clock reads the wall clock.",
  })),
  // deps() without the load context reads the wall clock: a second `now` in the request (decision record 037).
  {
    selector: "CallExpression[callee.name='deps'][arguments.length=0]",
    message: "Pass the load context, deps(context), or use requestDeps(request) where only the Request is at hand.",
  },
];

// Modules answer refusals in words ({ ok: false, refusal: "notFound" }); routes map them to HTTP in
// app/web/refusals.server.ts (decision record 046). An HTTP error status in a module's object literal
// ({ status: 404 }, data(x, { status: 400 })) is the thing this forbids.
const httpStatusInModules = {
  selector: String.raw`Property[key.name='status'] > Literal[value>=400][value<=599]`,
  message: "Modules answer with a refusal in words ({ ok: false, refusal }); the route maps it to an HTTP status (app/web/refusals.server.ts).",
};

// A module's repository (its *repo.server.ts files) is its own: another module, a route or a component
// asks the module's entry file (index.server.ts), which says what the caller may decide with it
// (decision record 074). Tests beside the code may use a repository as a fixture.
// Imports still waiting for their module's entry, as "importing file→imported repository"; the list only
// shrinks, and is empty now that the seat paths of payments ask bookings and groups through their entries.
/** @type {Set<string>} */
export const foreignRepositoryImportsToMove = new Set([]);
const repositoryPath = /^app\/modules\/([^/]+)\/[^/]*repo\.server(\.[cm]?[jt]sx?)?$/;
const mesaPlugin = {
  rules: {
    "no-foreign-repository": {
      meta: {
        type: "problem",
        schema: [],
        messages: { foreign: "{{repo}} belongs to the {{module}} module: import what you need from app/modules/{{module}}/index.server.ts." },
      },
      create(context) {
        const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
        const check = (node) => {
          const specifier = node.source && node.source.type === "Literal" ? node.source.value : null;
          if (typeof specifier !== "string") return;
          let target;
          if (specifier.startsWith("#app/")) target = path.posix.join("app", specifier.slice("#app/".length));
          else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(file), specifier);
          else return;
          const match = repositoryPath.exec(target);
          if (!match || file.startsWith(`app/modules/${match[1]}/`)) return;
          const repo = target.replace(/\.[cm]?[jt]sx?$/, "");
          if (foreignRepositoryImportsToMove.has(`${file}→${repo}`)) return;
          context.report({ node: node.source, messageId: "foreign", data: { repo, module: match[1] } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

// Routes name a refusal in words and the web layer (app/web/refusals.server.ts, app/web/replies.server.ts)
// picks its status (decision record 075): a status number written in a route is the thing this forbids.
const statusCallees = "/^(apiError|apiJson|jsonError|redirect|redirectDocument|data|json)$/";
const httpStatusInRoutes = [
  String.raw`Property[key.name='status'] Literal[value>=100][value<=599]`,
  `CallExpression[callee.name=${statusCallees}] > Literal[value>=100][value<=599]`,
  `CallExpression[callee.name=${statusCallees}] > ConditionalExpression > Literal[value>=100][value<=599]`,
  String.raw`VariableDeclarator[id.name=/status/i] Literal[value>=100][value<=599]`,
].map((selector) => ({ selector, message: "Name the refusal (refuse, apiRefusal, seeOther, notFound… in app/web); the web layer picks the status." }));

export default defineConfig(
  globalIgnores([
    "build/",
    "server/bench/minimal/build/",
    "public/build/",
    ".data/",
    ".cache/",
    "node_modules/",
    "playwright-report/",
    "test-results/",
    "bench-results/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // One block, no blank lines: node builtins, packages, #aliases, then relative paths.
      // Warn until the whole tree has been sorted once with `eslint --fix`; then make it "error".
      "simple-import-sort/imports": ["error", { groups: [[String.raw`^\u0000`, "^node:", String.raw`^@?\w`, "^#", "^", String.raw`^\.`]] }],
      "simple-import-sort/exports": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { mesa: mesaPlugin },
    rules: { "mesa/no-foreign-repository": "error" },
  },
  {
    files: ["app/routes/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [databaseModules] }] },
  },
  {
    files: ["app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [routeModules] }] },
  },
  {
    files: ["app/modules/**", "app/services/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [routeModules, componentModules] }] },
  },
  {
    files: ["app/routes/**", "app/modules/**", "app/web/**", "app/components/**", "app/root.tsx"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...requestClockReads] },
  },
  {
    files: ["app/modules/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...requestClockReads, httpStatusInModules] },
  },
  {
    files: ["app/routes/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...requestClockReads, ...httpStatusInRoutes] },
  },
  {
    files: ["app/**/rules.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ ...databaseModules, message: sideEffectModules.message }, sideEffectModules, routeModules, componentModules] },
      ],
      "no-restricted-syntax": ["error", ...clockReads, httpStatusInModules],
    },
  },
  {
    files: ["db/**", "migrations/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [appModules] }] },
  },
);
