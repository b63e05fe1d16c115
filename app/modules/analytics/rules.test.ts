import { describe, expect, it } from "vitest";
import { cleanProperties, countryFromTimeZone } from "./rules";

describe("countryFromTimeZone", () => {
  it("knows Mexico's and the United States' zones", () => {
    for (const zone of ["America/Mexico_City", "America/Tijuana", "America/Cancun", "America/Hermosillo"]) expect(countryFromTimeZone(zone), zone).toBe("MX");
    for (const zone of ["America/New_York", "America/Chicago", "America/Los_Angeles", "Pacific/Honolulu"]) expect(countryFromTimeZone(zone), zone).toBe("US");
  });
  it("answers Unknown for other countries, unknown names and empty input", () => {
    for (const zone of ["America/Sao_Paulo", "America/Argentina/Buenos_Aires", "Europe/Madrid", "UTC", "Mars/Olympus", ""])
      expect(countryFromTimeZone(zone), zone).toBe("Unknown");
  });
});

describe("cleanProperties", () => {
  it("cuts long strings, drops NUL bytes and non-finite numbers", () => {
    expect(cleanProperties({ a: "x".repeat(300), b: "a\u0000b", c: Number.NaN, d: 5, e: true, f: null })).toEqual({
      a: "x".repeat(100),
      b: "ab",
      c: null,
      d: 5,
      e: true,
      f: null,
    });
  });
});
