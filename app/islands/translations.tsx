import { createContext, useContext, useMemo } from "react";

/**
 * The part of react-i18next the islands' components use, in a few lines instead of i18next's and
 * react-i18next's 16 KiB of gzipped script (decision record 032): server/build-islands.ts points
 * "react-i18next" here, so the same components translate with `useTranslation("payments")` in the
 * framework's pages and in an island. It knows what the islands' texts need: nested keys,
 * "ns:key" and `{ ns }`, `{{value}}` interpolation and plurals by `count` (`_zero`, `_one`,
 * `_other`...). A component that needs more of i18next fails the island's build on the missing export.
 */

export type Texts = { lang: string; resources: Record<string, unknown> };
type Options = Record<string, unknown> & { ns?: string; count?: number; defaultValue?: string };
export type TFunction = (key: string, options?: Options) => string;

const TextsContext = createContext<Texts>({ lang: "es", resources: {} });

export function TranslationProvider({ texts, children }: { texts: Texts; children: React.ReactNode }) {
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A translator for one language and default namespace, with i18next's semantics for what it supports. */
export function translator(texts: Texts, defaultNs = "common"): TFunction {
  const plurals = new Intl.PluralRules(texts.lang);
  return (fullKey, options = {}) => {
    const split = fullKey.indexOf(":");
    const ns = split > 0 ? fullKey.slice(0, split) : (options.ns ?? defaultNs);
    const key = split > 0 ? fullKey.slice(split + 1) : fullKey;
    const tree = texts.resources[ns];
    const count = options.count;
    let text: string | undefined;
    if (typeof count === "number") {
      if (count === 0) text = lookup(tree, `${key}_zero`);
      text ??= lookup(tree, `${key}_${plurals.select(count)}`) ?? lookup(tree, `${key}_other`);
    }
    text ??= lookup(tree, key) ?? options.defaultValue;
    if (text === undefined) return key;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
  };
}

export function useTranslation(ns?: string) {
  const texts = useContext(TextsContext);
  const t = useMemo(() => translator(texts, ns), [texts, ns]);
  return { t, i18n: { language: texts.lang, resolvedLanguage: texts.lang }, ready: true };
}
