import { describe, expect, it } from "vitest";
import { dateRange } from "./date-range.server";
import { experienceFilter, foldSearchTerm, pageButtons, parseSearchParams, withParams } from "./search";

describe("parseSearchParams", () => {
  it("reads every filter", () => {
    const p = parseSearchParams(
      new URLSearchParams(
        "searchTerm=dragón&game=D%26D+5e&tags=one-shot,Para+principiantes&minSpots=2&priceMin=1000&priceMax=50000&currency=MXN&freeOnly=false&groupBySeries=false&page=3&type=series",
      ),
    );
    expect(p).toMatchObject({
      searchTerm: "dragón",
      game: "D&D 5e",
      tags: ["one-shot", "Para principiantes"],
      minSpots: 2,
      priceMin: 1000,
      priceMax: 50000,
      currency: "MXN",
      groupBySeries: false,
      page: 3,
      type: "series",
    });
  });
  it("falls back to defaults for malformed values", () => {
    const p = parseSearchParams(new URLSearchParams("page=-4&minSpots=abc&priceMin=1e9&dateFrom=2026-02-31&game=Chess&currency=XXX&type=both"));
    expect(p).toMatchObject({ page: 1, minSpots: null, priceMin: null, dateFrom: null, game: null, currency: null, type: null, groupBySeries: true });
  });
});

describe("search helpers", () => {
  it("folds accents and case", () => {
    expect(foldSearchTerm("  Dragón ÁRBOL ")).toBe("dragon arbol");
    expect(foldSearchTerm("   ")).toBeNull();
  });
  it("maps experience levels", () => {
    expect(experienceFilter("Beginner")).toBe("BEGINNER");
    expect(experienceFilter("All Levels")).toBeNull();
  });
  it("turns local dates into a half-open range in the viewer's zone", () => {
    const r = dateRange("2026-11-22", "2026-11-22", "America/Mexico_City");
    expect(r.from?.toISOString()).toBe("2026-11-22T06:00:00.000Z");
    expect(r.to?.toISOString()).toBe("2026-11-23T06:00:00.000Z");
  });
  it("resets to page 1 when a filter changes", () => {
    expect(withParams(new URLSearchParams("game=Pathfinder&page=4"), { genre: "Horror" })).toBe("?game=Pathfinder&genre=Horror");
    expect(withParams(new URLSearchParams("game=Pathfinder"), { page: "2" })).toBe("?game=Pathfinder&page=2");
    expect(withParams(new URLSearchParams("game=Pathfinder"), { game: null })).toBe("");
  });
});

describe("pageButtons", () => {
  it("shows all pages when they fit", () => {
    expect(pageButtons(2, 4, 9)).toEqual([1, 2, 3, 4]);
  });
  it("uses ellipsis gaps within 9 or 5 slots", () => {
    expect(pageButtons(10, 20, 9)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageButtons(1, 20, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 20]);
    expect(pageButtons(20, 20, 5)).toEqual([1, "gap", 18, 19, 20]);
    expect(pageButtons(10, 20, 5)).toEqual([1, "gap", 10, "gap", 20]);
  });
});
