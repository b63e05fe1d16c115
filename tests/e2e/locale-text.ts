import fs from "node:fs";
import path from "node:path";

// Texts read from the locale files, so a journey checks what each language really says.
export const LANGS = ["es", "en", "pt"] as const;
export type Lang = (typeof LANGS)[number];
type Tree = { [key: string]: string | Tree };
const read = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lang}/${ns}.json`), "utf8")) as Tree;

/** A text by its dotted key, with {{placeholders}} filled. */
export function text(lang: Lang, ns: string, key: string, values: Record<string, string | number> = {}) {
  let node: Tree | string = read(lang, ns);
  for (const part of key.split(".")) node = (node as Tree)[part]!;
  if (typeof node !== "string") throw new Error(`${ns}:${key} is not a text`);
  return Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), node);
}

/** Keeps a test to one of the two projects (playwright.config.ts filters on these tags). */
export type ModeTag = "@js-only" | "@no-js-only";

/**
 * The runs of a journey told in every language: two, not six. It runs once with JavaScript and
 * once without, each time in another language; `turn` (0, 1 or 2, a different one per spec)
 * rotates which, so across the suite every language runs in both modes. What a third run would
 * add is checked more cheaply elsewhere: every language has the same keys and placeholders
 * (app/modules/i18n/locales.test.ts) and every page shows no raw key in any language
 * (languages.spec.ts). Decision record 072.
 */
export function journeyRuns(turn: 0 | 1 | 2): { lang: Lang; tag: ModeTag }[] {
  return [
    { lang: LANGS[turn]!, tag: "@js-only" },
    { lang: LANGS[(turn + 1) % LANGS.length]!, tag: "@no-js-only" },
  ];
}
