import { describe, expect, it } from "vitest";
import { sessionIcs } from "./calendar-file.server";

describe("sessionIcs", () => {
  it("writes one event at the session's UTC start, for its length, with where and a link back", () => {
    const ics = sessionIcs(
      {
        id: "5f1c",
        title: "La cripta, capítulo 2",
        startsAt: new Date("2026-11-01T20:00:00Z"),
        durationMinutes: 150,
        location: "Café Dados, CDMX",
        url: "https://mesa.example/es/session/5f1c",
      },
      new Date("2026-10-20T12:00:00Z"),
    );
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("UID:session-5f1c@mesa");
    expect(ics).toContain("DTSTART:20261101T200000Z");
    expect(ics).toContain("DURATION:PT150M");
    expect(ics).toContain("DTSTAMP:20261020T120000Z");
    expect(ics).toContain("SUMMARY:La cripta\\, capítulo 2");
    expect(ics).toContain("LOCATION:Café Dados\\, CDMX");
  });

  it("a later file for the same session carries a higher sequence, so a calendar app replaces the entry", () => {
    const event = { id: "5f1c", title: "Mesa", startsAt: new Date("2026-11-01T20:00:00Z"), durationMinutes: 60, location: null, url: "https://mesa.example" };
    const sequence = (ics: string | null) => Number(/SEQUENCE:(\d+)/.exec(ics ?? "")?.[1]);
    const first = sequence(sessionIcs(event, new Date("2026-10-20T12:00:00Z")));
    const moved = sequence(sessionIcs({ ...event, startsAt: new Date("2026-11-01T21:00:00Z") }, new Date("2026-10-21T09:30:00Z")));
    expect(first).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(first);
  });

  it("leaves the location out for an online session", () => {
    expect(
      sessionIcs(
        { id: "x", title: "Online", startsAt: new Date("2026-11-01T20:00:00Z"), durationMinutes: 60, location: "", url: "https://mesa.example" },
        new Date("2026-10-20T12:00:00Z"),
      ),
    ).not.toContain("LOCATION");
  });
});
