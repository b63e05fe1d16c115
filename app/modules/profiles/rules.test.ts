import { describe, expect, it } from "vitest";
import { centsToInput, isTimeZone, toCents } from "./rules";

describe("money conversion", () => {
  it.each([
    ["150", 15000],
    ["0", 0],
    ["10000", 1000000],
    ["19.9", 1990],
    ["19,99", 1999],
    [0.29, 29],
  ])("converts %s to cents", (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });
  it.each(["", "abc", "-5", "1.999", "1e3", " 12 3"])("refuses %s", (input) => {
    expect(toCents(input)).toBeNull();
  });
  it("formats cents for an input", () => {
    expect(centsToInput(15000)).toBe("150");
    expect(centsToInput(1550)).toBe("15.50");
    expect(centsToInput(1505)).toBe("15.05");
  });
});

describe("isTimeZone", () => {
  it("accepts listed zones and UTC only", () => {
    const zones = ["America/Mexico_City", "America/Sao_Paulo"];
    expect(isTimeZone("America/Mexico_City", zones)).toBe(true);
    expect(isTimeZone("UTC", zones)).toBe(true);
    expect(isTimeZone("Mars/Olympus", zones)).toBe(false);
  });
});
