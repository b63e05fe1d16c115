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

describe("canonicalSearch and the 'group campaigns' box", () => {
  it("drops the default: the ticked box sends true beside the hidden false", () => {
    expect(canonicalSearch(new URLSearchParams("groupBySeries=true&groupBySeries=false"))).toBe("");
    expect(canonicalSearch(new URLSearchParams("game=Pathfinder&groupBySeries=true&groupBySeries=false"))).toBe("?game=Pathfinder");
  });

  it("keeps grouping turned off (the box left unticked sends only the hidden false)", () => {
    expect(canonicalSearch(new URLSearchParams("groupBySeries=false"))).toBeNull();
  });
});
