import fs from "node:fs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type { Locale } from "#app/modules/i18n/config";
import { activeFilters } from "./active-filters";
import { parseSearchParams } from "./search";

/** The real 'sessions' texts of a language, as the page reads them. */
function translator(lang: Locale) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    ns: ["sessions", "safety"],
    defaultNS: "sessions",
    initImmediate: false,
    interpolation: { escapeValue: false },
    resources: {
      [lang]: {
        sessions: JSON.parse(fs.readFileSync(`public/locales/${lang}/sessions.json`, "utf8")) as object,
        safety: JSON.parse(fs.readFileSync(`public/locales/${lang}/safety.json`, "utf8")) as object,
      },
    },
  });
  return (key: string, options?: Record<string, unknown>) => instance.t(key, options ?? {});
}

const texts = (query: string, lang: Locale) => activeFilters(parseSearchParams(new URLSearchParams(query)), lang, translator(lang)).map((f) => f.text);

describe("activeFilters", () => {
  it("names each filter and shows its value as a person reads it, never 'true' or an ISO date", () => {
    const query =
      "freeOnly=true&dateFrom=2027-12-31&dateTo=2028-01-15&minSpots=4&genre=Horror&experienceLevel=Beginner&tags=one-shot,Sandbox&priceMin=10000&priceMax=25050&currency=MXN";
    expect(texts(query, "en")).toEqual([
      "Genre: Horror",
      "Level: Beginner",
      "From Dec 31, 2027",
      "Until Jan 15, 2028",
      "Tag: One-shot",
      "Tag: Sandbox",
      "Min. 4 spots",
      "Free only",
      "Price: $100.00 – $250.50",
      "Currency: MXN",
    ]);
    const es = texts(query, "es");
    expect(es).toContain("Desde el 31 dic 2027");
    expect(es).toContain("Mín. 4 lugares libres");
    expect(es).toContain("Solo gratis");
    expect(es).toContain("Género: Terror");
    expect(texts("minSpots=1&freeOnly=true&dateFrom=2027-12-31", "pt")).toEqual(["A partir de 31 de dez. de 2027", "Mín. 1 vaga", "Só gratuitas"]);
    for (const lang of ["es", "en", "pt"] as const) {
      for (const text of texts(query, lang)) expect(text).not.toMatch(/true|2027-12-31|search\.badges/);
    }
  });

  it("shows no badge for a default or a malformed value", () => {
    expect(texts("groupBySeries=true&includePast=false&minSpots=99&dateFrom=2027-02-30&genre=Nope&page=3", "es")).toEqual([]);
    expect(texts("groupBySeries=false", "es")).toEqual(["Campañas sin agrupar"]);
  });

  it("names each safety tool asked for in the page's language, and removes one at a time", () => {
    expect(texts("safetyTools=x_card&safetyTools=open_door", "en")).toEqual(["Safety tool: X-card", "Safety tool: Open door"]);
    expect(texts("safetyTools=x_card,lines_and_veils", "es")).toEqual([
      `Herramienta de seguridad: ${JSON.parse(fs.readFileSync("public/locales/es/safety.json", "utf8")).tools.x_card}`,
      `Herramienta de seguridad: ${JSON.parse(fs.readFileSync("public/locales/es/safety.json", "utf8")).tools.lines_and_veils}`,
    ]);
    for (const text of texts("safetyTools=session_zero", "pt")) expect(text).toMatch(/^Ferramenta de segurança: (?!tools\.)/);
    const filters = activeFilters(parseSearchParams(new URLSearchParams("safetyTools=x_card,open_door")), "en", translator("en"));
    expect(filters.map((f) => f.remove)).toEqual([{ safetyTools: "open_door" }, { safetyTools: "x_card" }]);
    expect(texts("safetyTools=nonsense", "en")).toEqual([]);
  });

  it("removes one tag at a time, and both price bounds together", () => {
    const filters = activeFilters(parseSearchParams(new URLSearchParams("tags=one-shot,Sandbox&priceMin=100")), "en", translator("en"));
    expect(filters.find((f) => f.id === "tag-one-shot")?.remove).toEqual({ tags: "Sandbox" });
    expect(filters.find((f) => f.text === "Price from $1.00")?.remove).toEqual({ priceMin: null, priceMax: null });
  });
});
