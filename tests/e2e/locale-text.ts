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
