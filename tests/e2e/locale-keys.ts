import fs from "node:fs";
import path from "node:path";

const localesDir = path.resolve("public/locales");

/**
 * Every dotted key of the locale files, bare ("login.title") and with its namespace
 * ("auth:login.title"), plural suffixes removed: i18next shows a missing key in one of these forms.
 * Single-word keys ("appName") are left out: they cannot be told apart from ordinary words.
 */
export function localeKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string, ns: string) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k, ns);
      return;
    }
    const key = prefix.replace(/_(zero|one|two|few|many|other)$/, "");
    if (!key.includes(".")) return;
    keys.add(key);
    keys.add(`${ns}:${key}`);
  };
  for (const lang of fs.readdirSync(localesDir)) {
    for (const file of fs.readdirSync(path.join(localesDir, lang)).filter((f) => f.endsWith(".json"))) {
      walk(JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8")), "", file.replace(/\.json$/, ""));
    }
  }
  return keys;
}

/** The words of `text` shaped like a key ("a.b", "ns:a.b.c") that are keys of the locale files. */
export function keysShownIn(text: string, keys: Set<string>): string[] {
  const candidates = text.match(/\b[a-z][a-zA-Z0-9]*(?::[a-zA-Z][a-zA-Z0-9]*)?(?:\.[a-zA-Z][a-zA-Z0-9_]*)+\b/g) ?? [];
  return [...new Set(candidates.filter((word) => keys.has(word)))];
}
