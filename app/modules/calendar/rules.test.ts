import { describe, expect, it } from "vitest";
import { calendarView, cellEvents, isDate, isMonth, monthGrid, shiftMonth, weekOf, weekSummary } from "./rules";

describe("calendar grid", () => {
  it("starts weeks on Sunday and covers the whole month", () => {
    const weeks = monthGrid("2026-11"); // 1 Nov 2026 is a Sunday
    expect(weeks[0]?.[0]).toBe("2026-11-01");
    expect(weeks.at(-1)?.at(-1)).toBe("2026-12-05");
    expect(weeks).toHaveLength(5);
    expect(monthGrid("2027-02")[0]?.[0]).toBe("2027-01-31");
  });
  it("finds the week of a date", () => {
    expect(weekOf("2026-11-25")).toEqual(["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]);
  });
  it("moves between months and validates input", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(isMonth("2026-13")).toBe(false);
    expect(isDate("2026-02-30")).toBe(false);
  });
  it("shows at most three events then '+N more', and counts series against one-shots", () => {
    expect(cellEvents([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(weekSummary([{ isSeries: true }, { isSeries: false }, { isSeries: false }])).toEqual({ series: 1, oneShots: 2 });
  });
});

describe("the calendar's address", () => {
  const today = "2026-11-18";
  const view = (query: string) => calendarView(new URLSearchParams(query), today);
  it("shows this month by default, and a malformed part falls back to today", () => {
    expect(view("")).toMatchObject({ view: "month", month: "2026-11", date: today });
    expect(view("month=2026-13&date=nope")).toMatchObject({ view: "month", month: "2026-11", date: today });
    expect(view("").days).toEqual(monthGrid("2026-11").flat());
  });
  it("shows the week of a date, or one day's sessions", () => {
    expect(view("view=week&date=2026-12-02")).toMatchObject({ view: "week", month: "2026-12", weeks: [weekOf("2026-12-02")], days: weekOf("2026-12-02") });
    expect(view("day=2026-12-24&view=week")).toMatchObject({ view: "day", day: "2026-12-24", days: ["2026-12-24"] });
    expect(view("day=2026-02-30")).toMatchObject({ view: "month" });
  });
});
