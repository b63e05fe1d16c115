import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#app/modules/i18n/config";
import { formExperienceLevels, formSeriesFrequencies, gameLabel, gameLabelKey, games, genres, searchExperienceLevels, seriesFrequencies } from "./options";

type Tree = Record<string, unknown>;
const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve("public/locales", lang, `${ns}.json`), "utf8")) as Tree;
const at = (tree: Tree, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
const label = (lang: string, key: string) => {
  const [ns, rest] = key.includes(":") ? (key.split(":") as [string, string]) : ["sessions", key];
  return at(read(lang, ns), rest);
};

/** Every option list a person picks from, with the key of each option's label. */
const lists: [string, readonly string[], (value: string) => string][] = [
  ["games", games, (g) => gameLabelKey(g)!],
  ["genres", genres, (g) => `genres.${g}`],
  ["form levels", formExperienceLevels, (l) => `levels.${l}`],
  ["search levels", searchExperienceLevels, (l) => `levels.${l}`],
  ["series frequencies", [...new Set([...formSeriesFrequencies, ...seriesFrequencies])], (f) => `seriesForm.${f}`],
];

describe("option list labels", () => {
  it.each(lists.flatMap(([name, values, key]) => locales.map((lang) => [name, lang, values, key] as const)))(
    "%s have a label in %s",
    (_name, lang, values, key) => {
      for (const value of values) expect(label(lang, key(value)), `${key(value)} in ${lang}`).toEqual(expect.any(String));
    },
  );

  it("translates 'Other' in Spanish and Portuguese, for games and genres alike", () => {
    expect(label("es", gameLabelKey("Other")!)).toBe("Otro");
    expect(label("pt", gameLabelKey("Other")!)).toBe("Outro");
    expect(label("en", gameLabelKey("Other")!)).toBe("Other");
    expect(label("es", "genres.Other")).toBe("Otro");
    expect(label("pt", "genres.Other")).toBe("Outro");
  });

  it("shows a game typed elsewhere (the API takes any name) as it is", () => {
    const t = (key: string) => `«${key}»`;
    expect(gameLabel(t, "Other")).toBe("«common:games.other»");
    expect(gameLabel(t, "Blades in the Dark")).toBe("Blades in the Dark");
    expect(gameLabelKey("toString")).toBeNull();
  });
});
