import { describe, expect, it } from "vitest";
import { canonicalSearch } from "./search-url";

describe("canonicalSearch", () => {
  it("turns unit prices into cents and drops empty fields", () => {
    expect(canonicalSearch(new URLSearchParams("searchTerm=&game=Pathfinder&priceMinUnits=10.5&priceMaxUnits="))).toBe("?game=Pathfinder&priceMin=1050");
  });
  it("leaves canonical URLs alone and ignores garbage prices", () => {
    expect(canonicalSearch(new URLSearchParams("game=Pathfinder&priceMin=1050"))).toBeNull();
    expect(canonicalSearch(new URLSearchParams("priceMinUnits=abc"))).toBe("");
  });
});
