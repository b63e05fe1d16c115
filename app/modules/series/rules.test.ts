import { describe, expect, it } from "vitest";
import { isTodayOrLater, localToInstant, nextOccurrences, overlaps, type Schedule,spacedOccurrences } from "./rules";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const weekly = (overrides: Partial<Schedule>): Schedule => ({
  frequency: "WEEKLY",
  timeZone: "America/New_York",
  startDate: "2026-10-20",
  endDate: null,
  timeOfDay: "19:00",
  dayOfWeek: 0,
  dayOfMonth: null,
  ...overrides,
});
const before = new Date("2026-01-01T00:00:00Z");

describe("occurrences across daylight-saving changes", () => {
  it("keeps 19:00 in New York when clocks fall back (1 Nov 2026)", () => {
    expect(iso(nextOccurrences(weekly({}), before, 3))).toEqual([
      "2026-10-25T23:00:00.000Z", // EDT, UTC-4
      "2026-11-02T00:00:00.000Z", // EST, UTC-5: still 19:00 on Sunday 1 Nov
      "2026-11-09T00:00:00.000Z",
    ]);
  });

  it("keeps 19:00 in New York when clocks spring forward (8 Mar 2026)", () => {
    expect(iso(nextOccurrences(weekly({ startDate: "2026-03-01" }), before, 2))).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-08T23:00:00.000Z"]);
  });

  it("stays at UTC-6 in Mexico City, which no longer changes clocks", () => {
    const dates = nextOccurrences(weekly({ timeZone: "America/Mexico_City", startDate: "2026-03-01", frequency: "BIWEEKLY" }), before, 3);
    expect(iso(dates)).toEqual(["2026-03-02T01:00:00.000Z", "2026-03-16T01:00:00.000Z", "2026-03-30T01:00:00.000Z"]);
  });

  it("stays at UTC-3 in São Paulo across the old DST dates", () => {
    const dates = nextOccurrences(weekly({ timeZone: "America/Sao_Paulo", startDate: "2026-10-28", dayOfWeek: 6, timeOfDay: "20:30" }), before, 2);
    expect(iso(dates)).toEqual(["2026-10-31T23:30:00.000Z", "2026-11-07T23:30:00.000Z"]);
  });

  it("moves a time that does not exist (spring-forward gap) to the next valid minute", () => {
    const [first] = nextOccurrences(weekly({ startDate: "2026-03-08", timeOfDay: "02:30" }), before, 1);
    expect(first?.toISOString()).toBe("2026-03-08T07:30:00.000Z"); // 03:30 EDT
  });
});

describe("schedules", () => {
  it("runs monthly on a day of month, using the last day of short months", () => {
    const schedule: Schedule = { ...weekly({}), frequency: "MONTHLY", dayOfWeek: null, dayOfMonth: 31, startDate: "2027-01-15", timeZone: "America/Mexico_City" };
    expect(iso(nextOccurrences(schedule, before, 3))).toEqual(["2027-02-01T01:00:00.000Z", "2027-03-01T01:00:00.000Z", "2027-04-01T01:00:00.000Z"]);
  });

  it("stops at the end date and only returns what comes after `after`", () => {
    const schedule = weekly({ endDate: "2026-11-08" });
    expect(nextOccurrences(schedule, before, 10)).toHaveLength(3);
    expect(iso(nextOccurrences(schedule, new Date("2026-11-02T00:00:00Z"), 10))).toEqual(["2026-11-09T00:00:00.000Z"]);
  });

  it("generates nothing for IRREGULAR series or an end before the start", () => {
    expect(nextOccurrences(weekly({ frequency: "IRREGULAR" }), before, 5)).toEqual([]);
    expect(nextOccurrences(weekly({ endDate: "2026-10-01" }), before, 5)).toEqual([]);
  });

  it("spaces hand-generated sessions at the same local time", () => {
    expect(iso(spacedOccurrences(new Date("2026-10-25T23:00:00Z"), "America/New_York", 2, 7))).toEqual([
      "2026-11-02T00:00:00.000Z",
      "2026-11-09T00:00:00.000Z",
    ]);
  });
});

describe("dates and conflicts", () => {
  it("reads local dates in a zone", () => {
    expect(localToInstant("2026-11-22", "19:00", "America/Mexico_City")?.toISOString()).toBe("2026-11-23T01:00:00.000Z");
    expect(localToInstant("2026-13-01", "19:00", "America/Mexico_City")).toBeNull();
    expect(localToInstant("2026-11-22", "25:00", "America/Mexico_City")).toBeNull();
  });

  it("allows today or later in the viewer's zone", () => {
    const now = new Date("2026-11-23T03:00:00Z"); // still 22 Nov in Mexico City
    expect(isTodayOrLater("2026-11-22", "America/Mexico_City", now)).toBe(true);
    expect(isTodayOrLater("2026-11-22", "UTC", now)).toBe(false);
  });

  it("detects overlapping sessions", () => {
    const a = new Date("2026-11-22T19:00:00Z");
    expect(overlaps(a, 120, new Date("2026-11-22T20:59:00Z"), 60)).toBe(true);
    expect(overlaps(a, 120, new Date("2026-11-22T21:00:00Z"), 60)).toBe(false);
  });
});
