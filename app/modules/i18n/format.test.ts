import { describe, expect, it } from "vitest";
import { formatDateTime, zoneName } from "./format";

describe("formatDateTime", () => {
  const instant = new Date("2026-11-22T01:00:00Z");
  it("shows the viewer's local time and names the zone", () => {
    const mx = formatDateTime(instant, "es", "America/Mexico_City");
    expect(mx).toContain("21");
    expect(mx).toMatch(/7:00\s?p\.\s?m\./);
    expect(mx).toMatch(/GMT-6|CST/);
  });
  it("uses the locale's conventions", () => {
    expect(formatDateTime(instant, "en", "America/New_York")).toMatch(/Nov 21, 2026.*8:00\s?PM/);
    expect(formatDateTime(instant, "pt", "America/Sao_Paulo")).toMatch(/21 de nov\.? de 2026.*22:00/);
  });
  it("keeps the time and the zone's name on one line, and lets the line break before the time", () => {
    const cases = [
      ["es", "America/Mexico_City", "7:00\u00a0p.\u00a0m.\u00a0GMT-6|7:00\u00a0p.m.\u00a0GMT-6"],
      ["en", "America/New_York", "8:00\u00a0PM\u00a0EST"],
      ["pt", "America/Sao_Paulo", "22:00\u00a0BRT|22:00\u00a0GMT-3"],
    ] as const;
    for (const [lang, zone, time] of cases) {
      const text = formatDateTime(instant, lang, zone);
      expect(text, text).toMatch(new RegExp(`, (${time})$`));
    }
  });
});

describe("zoneName", () => {
  it("names a zone in the page's language, never by its id", () => {
    for (const lang of ["es", "en", "pt"] as const) {
      const name = zoneName("America/Mexico_City", lang, new Date("2026-11-23T12:00:00Z"));
      expect(name).not.toMatch(/America|_|\//);
      expect(name.length).toBeGreaterThan(3);
    }
    expect(zoneName("America/Mexico_City", "es", new Date("2026-11-23T12:00:00Z"))).toMatch(/hora/i);
    expect(zoneName("America/Sao_Paulo", "pt", new Date("2026-11-23T12:00:00Z"))).toMatch(/Brasília/);
  });

  it("falls back to the readable id for a zone the runtime does not know", () => {
    expect(zoneName("Mars/Olympus_Mons", "en", new Date("2026-11-23T12:00:00Z"))).toBe("Mars/Olympus Mons");
  });
});
