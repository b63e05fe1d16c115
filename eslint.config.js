import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const dbImports = { group: ["kysely", "pg", "#db/*", "**/db/*", "../db/*", "../../db/*"], message: "Routes call a module; SQL lives in repo.server.ts." };
const appImports = { group: ["#app/*", "**/app/*", "../app/*", "../../app/*"], message: "db/ and migrations/ never import the app." };

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", ".data/**", ".cache/**", "node_modules/**", "playwright-report/**", "test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // House style: import boundaries.
  {
    files: ["app/routes/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [dbImports] }] },
  },
  {
    files: ["app/**/rules.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [dbImports, { group: ["node:*", "*.server", "**/*.server"], message: "Rules are pure: no I/O, no server modules." }] },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Rules take `now` as an argument." },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "Rules take `now` as an argument." },
      ],
    },
  },
  {
    files: ["db/**", "migrations/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [appImports] }] },
  },
);
