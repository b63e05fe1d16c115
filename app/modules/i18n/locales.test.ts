import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales, namespaces } from "./config";

const dir = path.resolve("public/locales");

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}
function entries(value: unknown, prefix = ""): [string, string][] {
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, String(value)]];
}
/** Plural forms differ by language (Portuguese and Spanish share _one/_other with English here), so compare base keys. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), "utf8")) as unknown;

describe("locale files", () => {
  it("has one file per namespace and language, and no stray files", () => {
    for (const lang of locales) {
      expect(fs.readdirSync(path.join(dir, lang)).sort()).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  it.each(namespaces.flatMap((ns) => locales.filter((l) => l !== "es").map((lang) => [ns, lang] as const)))("%s: %s has exactly the keys of es", (ns, lang) => {
    const expected = new Set(keys(read("es", ns)).map(base));
    const actual = new Set(keys(read(lang, ns)).map(base));
    expect(
      [...actual].filter((k) => !expected.has(k)),
      "extra keys",
    ).toEqual([]);
    expect(
      [...expected].filter((k) => !actual.has(k)),
      "missing keys",
    ).toEqual([]);
  });

  it.each(namespaces.flatMap((ns) => locales.filter((l) => l !== "es").map((lang) => [ns, lang] as const)))(
    "%s: %s uses the same {{placeholders}} as es",
    (ns, lang) => {
      const values = (l: string) => new Map(entries(read(l, ns)));
      const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();
      const es = values("es");
      const mismatches = [...values(lang)]
        .filter(([key, text]) => es.has(key) && placeholders(text).join() !== placeholders(es.get(key)!).join())
        .map(([key]) => key);
      expect(mismatches).toEqual([]);
    },
  );

  it("has no empty translations", () => {
    for (const lang of locales)
      for (const ns of namespaces) {
        const strings = JSON.stringify(read(lang, ns));
        expect(strings.includes('""'), `${lang}/${ns}`).toBe(false);
      }
  });
});

describe("the server's translations", () => {
  it("load every namespace the app declares, in every language", async () => {
    const { resources } = await import("./resources.server");
    for (const lang of locales) expect(Object.keys(resources[lang] ?? {}).sort(), lang).toEqual([...namespaces].sort());
  });
});
