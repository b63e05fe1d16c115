import { describe, expect, it } from "vitest";
import { centsToInput, isTimeZone } from "./rules";

describe("money conversion", () => {
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
