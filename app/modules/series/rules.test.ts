import { describe, expect, it } from "vitest";
import {
  alreadyThere,
  conflictsWith,
  conflictToken,
  followsSeries,
  handGeneratedDates,
  isTodayOrLater,
  nextOccurrences,
  type Occurrence,
  overlaps,
  planSeriesEdit,
  type Schedule,
  seriesEnded,
  seriesStatusChange,
  spacedOccurrences,
} from "./rules";

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
    const schedule: Schedule = {
      ...weekly({}),
      frequency: "MONTHLY",
      dayOfWeek: null,
      dayOfMonth: 31,
      startDate: "2027-01-15",
      timeZone: "America/Mexico_City",
    };
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

describe("historical daylight-saving changes keep the local time", () => {
  it("Mexico City's last spring-forward (3 Apr 2022): 19:00 stays 19:00", () => {
    const dates = nextOccurrences(weekly({ timeZone: "America/Mexico_City", startDate: "2022-03-27" }), new Date("2022-01-01T00:00:00Z"), 2);
    expect(iso(dates)).toEqual(["2022-03-28T01:00:00.000Z", "2022-04-04T00:00:00.000Z"]); // CST UTC-6, then CDT UTC-5
  });

  it("Mexico City's last fall-back (30 Oct 2022)", () => {
    const dates = nextOccurrences(weekly({ timeZone: "America/Mexico_City", startDate: "2022-10-23" }), new Date("2022-01-01T00:00:00Z"), 2);
    expect(iso(dates)).toEqual(["2022-10-24T00:00:00.000Z", "2022-10-31T01:00:00.000Z"]);
  });

  it("São Paulo when it still had summer time (4 Nov 2018 and 17 Feb 2019)", () => {
    const spring = nextOccurrences(
      weekly({ timeZone: "America/Sao_Paulo", startDate: "2018-10-27", dayOfWeek: 6, timeOfDay: "20:30", frequency: "BIWEEKLY" }),
      new Date("2018-01-01T00:00:00Z"),
      2,
    );
    expect(iso(spring)).toEqual(["2018-10-27T23:30:00.000Z", "2018-11-10T22:30:00.000Z"]); // UTC-3, then UTC-2
    const autumn = nextOccurrences(
      weekly({ timeZone: "America/Sao_Paulo", startDate: "2019-02-16", dayOfWeek: 6, timeOfDay: "20:30" }),
      new Date("2019-01-01T00:00:00Z"),
      2,
    );
    expect(iso(autumn)).toEqual(["2019-02-16T22:30:00.000Z", "2019-02-23T23:30:00.000Z"]);
  });

  it("hand-generated sessions keep the local time across New York's spring-forward", () => {
    expect(iso(spacedOccurrences(new Date("2026-03-02T00:00:00Z"), "America/New_York", 2, 7))).toEqual([
      "2026-03-08T23:00:00.000Z",
      "2026-03-15T23:00:00.000Z",
    ]); // 19:00 EST, then 19:00 EDT
  });
});

describe("editing a series", () => {
  const now = new Date("2026-10-20T12:00:00Z");
  // Sundays at 19:00 New York: 25 Oct, 1 Nov, 8 Nov.
  const sunday = weekly({});
  const at = ["2026-10-25T23:00:00.000Z", "2026-11-02T00:00:00.000Z", "2026-11-09T00:00:00.000Z"];
  const session = (id: string, when: string, extra: Partial<Occurrence> = {}): Occurrence => ({
    id,
    startsAt: new Date(when),
    isModified: false,
    kept: false,
    status: "UPCOMING",
    ...extra,
  });

  it("only upcoming, unmodified sessions without a seat a player holds as it stands follow the series", () => {
    expect(followsSeries(session("a", at[0]!), now)).toBe(true);
    expect(followsSeries(session("a", at[0]!, { kept: true }), now)).toBe(false);
    expect(followsSeries(session("a", at[0]!, { isModified: true }), now)).toBe(false);
    expect(followsSeries(session("a", at[0]!, { status: "CANCELLED" }), now)).toBe(false);
    expect(followsSeries(session("a", "2026-10-01T00:00:00Z"), now)).toBe(false);
  });

  it("keeps every session in place when the schedule does not change", () => {
    const plan = planSeriesEdit({ schedule: sunday, sessions: at.map((w, i) => session(`s${i}`, w)), now, ahead: 3 });
    expect(plan).toEqual({ update: at.map((w, i) => ({ id: `s${i}`, startsAt: new Date(w) })), insert: [], remove: [] });
  });

  it("moves following sessions to the new day; booked and edited ones stay where they are", () => {
    const sessions = [session("booked", at[0]!, { kept: true }), session("free1", at[1]!), session("edited", at[2]!, { isModified: true })];
    const plan = planSeriesEdit({ schedule: { ...sunday, dayOfWeek: 5 }, sessions, now, ahead: 3 }); // Fridays 19:00
    expect(plan.update).toEqual([{ id: "free1", startsAt: new Date("2026-10-23T23:00:00.000Z") }]);
    expect(iso(plan.insert)).toEqual(["2026-10-30T23:00:00.000Z", "2026-11-07T00:00:00.000Z"]);
    expect(plan.remove).toEqual([]);
  });

  it("gives no second session to a day that keeps one when the time of day moves", () => {
    const sessions = [session("booked", at[0]!, { kept: true }), session("b", at[1]!), session("c", at[2]!)];
    const plan = planSeriesEdit({ schedule: { ...sunday, timeOfDay: "20:30" }, sessions, now, ahead: 3 });
    expect(plan.update).toEqual([
      { id: "b", startsAt: new Date("2026-11-02T01:30:00.000Z") },
      { id: "c", startsAt: new Date("2026-11-09T01:30:00.000Z") },
    ]);
    expect(plan.insert).toEqual([]);
  });

  it("does not generate a slot a kept session holds, and removes spare sessions when fewer are wanted", () => {
    const sessions = [session("booked", at[0]!, { kept: true }), session("b", at[1]!), session("c", at[2]!)];
    expect(planSeriesEdit({ schedule: sunday, sessions, now, ahead: 2 })).toEqual({
      update: [{ id: "b", startsAt: new Date(at[1]!) }],
      insert: [],
      remove: ["c"],
    });
  });

  it("leaves an IRREGULAR series' dates alone and only refreshes its following sessions", () => {
    const sessions = [session("a", at[0]!), session("b", at[1]!, { kept: true })];
    expect(planSeriesEdit({ schedule: { ...sunday, frequency: "IRREGULAR" }, sessions, now, ahead: 5 })).toEqual({
      update: [{ id: "a", startsAt: new Date(at[0]!) }],
      insert: [],
      remove: [],
    });
  });
});

describe("overlap warnings and hand-generated sessions", () => {
  const busy = [
    { id: "b", title: "Night", startsAt: new Date("2026-11-22T21:00:00Z"), minutes: 120 },
    { id: "a", title: "Morning", startsAt: new Date("2026-11-22T15:00:00Z"), minutes: 60 },
  ];

  it("finds the host's sessions that overlap any planned start", () => {
    expect(conflictsWith([new Date("2026-11-22T20:00:00Z")], 90, busy).map((b) => b.id)).toEqual(["b"]);
    expect(conflictsWith([new Date("2026-11-22T16:00:00Z"), new Date("2026-11-22T23:00:00Z")], 60, busy)).toEqual([]);
    expect(conflictToken(busy)).toBe("a,b");
  });

  it("generates after the last session, or from the first date when there is none, never in the past", () => {
    const base = { timeZone: "America/Mexico_City", count: 2, daysBetween: 3, now: new Date("2026-11-20T00:00:00Z") };
    expect(iso(handGeneratedDates({ ...base, last: new Date("2026-11-21T01:00:00Z"), first: null }))).toEqual([
      "2026-11-24T01:00:00.000Z",
      "2026-11-27T01:00:00.000Z",
    ]);
    expect(iso(handGeneratedDates({ ...base, last: null, first: new Date("2026-11-22T01:00:00Z") }))).toEqual([
      "2026-11-22T01:00:00.000Z",
      "2026-11-25T01:00:00.000Z",
    ]);
    expect(iso(handGeneratedDates({ ...base, last: new Date("2026-11-10T01:00:00Z"), first: null, count: 4 }))).toEqual(["2026-11-22T01:00:00.000Z"]);
  });
});

describe("seriesStatusChange", () => {
  it("pauses only an active series, resumes only a paused one, cancels either", () => {
    expect(seriesStatusChange("ACTIVE", "pause")).toEqual({ ok: true, to: "PAUSED" });
    expect(seriesStatusChange("PAUSED", "resume")).toEqual({ ok: true, to: "ACTIVE" });
    expect(seriesStatusChange("ACTIVE", "cancel")).toEqual({ ok: true, to: "CANCELLED" });
    expect(seriesStatusChange("PAUSED", "cancel")).toEqual({ ok: true, to: "CANCELLED" });
  });

  it("says in words when the series already is where the change leads, and treats that as done", () => {
    expect(seriesStatusChange("PAUSED", "pause")).toEqual({ ok: false, error: "alreadyPaused" });
    expect(seriesStatusChange("ACTIVE", "resume")).toEqual({ ok: false, error: "alreadyActive" });
    expect(seriesStatusChange("CANCELLED", "cancel")).toEqual({ ok: false, error: "alreadyCancelled" });
    expect(alreadyThere("alreadyPaused", "pause")).toBe(true);
    expect(alreadyThere("alreadyActive", "resume")).toBe(true);
    expect(alreadyThere("alreadyCancelled", "cancel")).toBe(true);
    expect(alreadyThere("seriesCancelled", "resume")).toBe(false);
  });

  it("moves nothing out of COMPLETED or CANCELLED, nor out of a status it does not know", () => {
    for (const change of ["pause", "resume", "cancel"] as const)
      expect(seriesStatusChange("COMPLETED", change)).toEqual({ ok: false, error: "seriesCompleted" });
    expect(seriesStatusChange("CANCELLED", "pause")).toEqual({ ok: false, error: "seriesCancelled" });
    expect(seriesStatusChange("CANCELLED", "resume")).toEqual({ ok: false, error: "seriesCancelled" });
    expect(seriesStatusChange("DRAFT", "pause")).toEqual({ ok: false, error: "unknownStatus" });
  });
});

describe("seriesEnded", () => {
  const base = { status: "ACTIVE", endDate: "2026-12-14", isOngoing: false, timeZone: "America/Mexico_City", sessionsToStart: 0 };
  it("ends a series once its local end day is over and no session is left to start", () => {
    // 23:59 on the 14th in Mexico City is 05:59 UTC on the 15th.
    expect(seriesEnded(base, new Date("2026-12-15T05:00:00Z"))).toBe(false);
    expect(seriesEnded(base, new Date("2026-12-15T06:00:00Z"))).toBe(true);
    expect(seriesEnded({ ...base, status: "PAUSED" }, new Date("2026-12-15T06:00:00Z"))).toBe(true);
  });
  it("keeps ongoing series, series without an end date, those with a session still to start, and closed ones", () => {
    const later = new Date("2027-01-01T00:00:00Z");
    expect(seriesEnded({ ...base, isOngoing: true }, later)).toBe(false);
    expect(seriesEnded({ ...base, endDate: null }, later)).toBe(false);
    expect(seriesEnded({ ...base, sessionsToStart: 1 }, later)).toBe(false);
    expect(seriesEnded({ ...base, status: "CANCELLED" }, later)).toBe(false);
    expect(seriesEnded({ ...base, status: "COMPLETED" }, later)).toBe(false);
  });
});
