import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format";

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
});
