import { describe, expect, it } from "vitest";
import {
  availableOn,
  centsAsDecimal,
  csvCell,
  csvRow,
  moneyFigures,
  monthOf,
  monthRange,
  neighbourMonths,
  pendingSince,
  splitAtUtcDays,
  yearRange,
} from "./rules";
import { readEarningsFilters } from "./schema";

describe("the earnings desk's months", () => {
  it("are the DM's: Mexico City's November starts at 06:00 UTC, São Paulo's at 03:00", () => {
    expect(monthRange("2026-11", "America/Mexico_City")).toEqual({ start: new Date("2026-11-01T06:00:00Z"), end: new Date("2026-12-01T06:00:00Z") });
    expect(monthRange("2026-02", "America/Sao_Paulo")).toEqual({ start: new Date("2026-02-01T03:00:00Z"), end: new Date("2026-03-01T03:00:00Z") });
    expect(yearRange(2026, "America/Mexico_City")).toEqual({ start: new Date("2026-01-01T06:00:00Z"), end: new Date("2027-01-01T06:00:00Z") });
    // 03:00 UTC on 1 December is still 30 November in Mexico City.
    expect(monthOf(new Date("2026-12-01T03:00:00Z"), "America/Mexico_City")).toBe("2026-11");
    expect(neighbourMonths("2026-01")).toEqual({ previous: "2025-12", next: "2026-02" });
    expect(neighbourMonths("2026-12")).toEqual({ previous: "2026-11", next: "2027-01" });
    // Asked again, the same bounds (kept), and a caller changing them changes nothing kept.
    const kept = monthRange("2026-11", "America/Mexico_City");
    kept.start.setUTCFullYear(1999);
    expect(monthRange("2026-11", "America/Mexico_City").start).toEqual(new Date("2026-11-01T06:00:00Z"));
    expect(monthOf(new Date("2026-12-01T03:00:00Z"), "Asia/Kathmandu")).toBe("2026-12");
    expect(() => monthRange("2026-13", "UTC")).toThrow(RangeError);
  });
});

describe("amounts and cells of the CSV", () => {
  it.each([
    [123_456, "MXN", "1234.56"],
    [5, "BRL", "0.05"],
    [-5, "USD", "-0.05"],
    [0, "MXN", "0.00"],
    [-123_456, "MXN", "-1234.56"],
    [1500, "CLP", "1500"],
  ])("%i %s is %s", (cents, currency, text) => {
    expect(centsAsDecimal(cents, currency)).toBe(text);
  });

  it("quotes what needs quoting and keeps a formula as text", () => {
    expect(csvCell('Ana "la" DM, CDMX')).toBe('"Ana ""la"" DM, CDMX"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+52 55")).toBe("'+52 55");
    expect(csvCell(-5)).toBe("-5");
    expect(csvRow(["a", 1, "línea\nnueva"])).toBe('a,1,"línea\nnueva"\r\n');
  });
});

describe("pending, available and paid out", () => {
  it("available is what is neither pending nor paid out nor on its way, and may be below zero", () => {
    expect(moneyFigures({ balance: 10_000, pending: 2_000, paidOut: 5_000, onTheWay: 1_000 })).toEqual({
      pending: 2_000,
      available: 2_000,
      paidOut: 5_000,
      onTheWay: 1_000,
    });
    expect(moneyFigures({ balance: 0, pending: 0, paidOut: 500, onTheWay: 0 }).available).toBe(-500);
  });
});

describe("the desk's filters from the address", () => {
  it("keeps what is well formed and names the rest", () => {
    const ok = readEarningsFilters(new URLSearchParams("month=2026-10&state=paid&page=2&session="));
    expect(ok).toEqual({ filters: { month: "2026-10", state: "paid", page: 2 }, refused: [] });
    const bad = readEarningsFilters(new URLSearchParams("month=2026-1&state=paid&state=failed&page=1.5&year=99&series=x"));
    expect(bad.filters).toEqual({});
    expect(bad.refused.sort()).toEqual(["month", "page", "series", "state", "year"]);
  });
});

describe("pendingSince", () => {
  it("splits charges exactly where availability passes now, for every hour of three weeks around holidays", () => {
    for (const country of ["MX", "BR", "US"]) {
      for (const now of [new Date("2026-11-17T12:00:00Z"), new Date("2027-02-10T02:30:00Z"), new Date("2026-12-28T06:00:00Z")]) {
        const since = pendingSince(now, country);
        for (let h = 0; h < 21 * 24; h += 1) {
          const paidAt = new Date(now.getTime() - h * 3_600_000);
          expect(paidAt.getTime() >= since.getTime()).toBe(availableOn(paidAt, country).getTime() > now.getTime());
        }
      }
    }
  });
  it("is the same answer kept per hour as walked at each minute: the first and last minute of every hour of two weeks", () => {
    for (const country of ["MX", "BR", "US"]) {
      for (let h = 0; h < 14 * 24; h += 1) {
        for (const minute of [0, 59]) {
          const now = new Date(Date.UTC(2026, 11, 20) + h * 3_600_000 + minute * 60_000);
          const since = pendingSince(now, country);
          // Charged a minute before the cutoff: available by now; charged at it: not yet.
          expect(availableOn(new Date(since.getTime() - 60_000), country).getTime()).toBeLessThanOrEqual(now.getTime());
          expect(availableOn(since, country).getTime()).toBeGreaterThan(now.getTime());
        }
      }
    }
  });
});

describe("a span cut at UTC midnights", () => {
  const d = (iso: string) => new Date(iso);
  it("reads a month in Mexico City as its whole UTC days and two partial edge days", () => {
    expect(splitAtUtcDays(d("2026-10-01T06:00:00Z"), d("2026-11-01T06:00:00Z"))).toEqual({
      days: { from: "2026-10-02", until: "2026-11-01" },
      edges: [
        { start: d("2026-10-01T06:00:00Z"), end: d("2026-10-02T00:00:00Z") },
        { start: d("2026-11-01T00:00:00Z"), end: d("2026-11-01T06:00:00Z") },
      ],
    });
  });
  it("has no edge where the span starts or ends at a UTC midnight", () => {
    expect(splitAtUtcDays(d("2026-10-01T00:00:00Z"), d("2026-10-03T00:00:00Z"))).toEqual({ days: { from: "2026-10-01", until: "2026-10-03" }, edges: [] });
  });
  it("is all edge when no whole UTC day fits in it", () => {
    const inside = { start: d("2026-10-07T10:00:00Z"), end: d("2026-10-07T11:00:00Z") };
    expect(splitAtUtcDays(inside.start, inside.end)).toEqual({ days: null, edges: [inside] });
    const across = { start: d("2026-10-07T10:00:00Z"), end: d("2026-10-08T09:00:00Z") };
    expect(splitAtUtcDays(across.start, across.end)).toEqual({ days: null, edges: [across] });
  });
});
