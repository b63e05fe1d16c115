import { describe, expect, it } from "vitest";
import { aggregateSafety, isEmptySafety, normaliseTools, type SafetyNoteRow, safetyVisible, seatNoteEditable } from "./rules";
import { parseSafetyJson, safetySchema, safetyToolsSchema } from "./schema";

const row = (over: Partial<SafetyNoteRow>): SafetyNoteRow => ({ player_id: "p1", name: "Ana", lines: [], veils: [], note: "", anonymous: false, ...over });

describe("aggregateSafety", () => {
  it("merges a player's seat and series notes, a line winning over the same veil", () => {
    const merged = aggregateSafety([row({ lines: ["torture"], note: "a" }), row({ veils: ["torture", "phobias"], note: "b" })]);
    expect(merged).toEqual([{ key: "p1", name: "Ana", lines: ["torture"], veils: ["phobias"], notes: ["a", "b"] }]);
  });

  it("hides the name and id of a player who asked in either note, and orders anonymous entries by content", () => {
    const merged = aggregateSafety([
      row({ player_id: "p1", name: "Ana", veils: ["phobias"], anonymous: true }),
      row({ player_id: "p2", name: "Beto", lines: ["torture"] }),
      row({ player_id: "p3", name: "Caro", lines: ["suicide"] }),
      row({ player_id: "p3", name: "Caro", note: "x", anonymous: true }),
    ]);
    expect(merged.map((p) => p.name)).toEqual(["Beto", null, null]);
    expect(JSON.stringify(merged)).not.toMatch(/p1|p3|Ana|Caro/);
    expect(merged[1]).toMatchObject({ key: "anonymous-1", lines: ["suicide"], notes: ["x"] });
    expect(merged[2]).toMatchObject({ key: "anonymous-2", veils: ["phobias"] });
  });

  it("drops unknown topics and empty notes", () => {
    expect(aggregateSafety([row({ lines: ["unknown"], note: "  " })])).toEqual([]);
  });
});

describe("safetyVisible", () => {
  const s = { starts_at: new Date("2026-11-01T20:00:00Z"), duration_minutes: 60, status: "PUBLISHED" };
  it("shows them until the session ends, never for a cancelled or completed one", () => {
    expect(safetyVisible(s, new Date("2026-11-01T20:59:59Z"))).toBe(true);
    expect(safetyVisible(s, new Date("2026-11-01T21:00:00Z"))).toBe(false);
    expect(safetyVisible({ ...s, status: "CANCELLED" }, new Date("2026-10-01T00:00:00Z"))).toBe(false);
    expect(safetyVisible({ ...s, status: "COMPLETED" }, new Date("2026-10-01T00:00:00Z"))).toBe(false);
  });
});

describe("the safety schema", () => {
  it("reads one checkbox as a list, dedupes, and treats nothing as empty", () => {
    const parsed = safetySchema.parse({ lines: "torture", veils: ["phobias", "phobias"], anonymous: "on" });
    expect(parsed).toEqual({ lines: ["torture"], veils: ["phobias"], safetyNote: "", anonymous: true });
    expect(isEmptySafety(safetySchema.parse({}))).toBe(true);
  });

  it("refuses a 501-character note, a NUL byte and unknown topics", () => {
    expect(safetySchema.safeParse({ safetyNote: "x".repeat(500) }).success).toBe(true);
    expect(safetySchema.safeParse({ safetyNote: "x".repeat(501) }).success).toBe(false);
    expect(safetySchema.safeParse({ safetyNote: "a\u0000b" }).success).toBe(false);
    expect(safetySchema.safeParse({ lines: ["nope"] }).success).toBe(false);
    expect(parseSafetyJson({ anonymous: 3 })).toEqual({ ok: false, message: "anonymous is not valid" });
  });

  it("keeps the tools in the list's order and refuses unknown ones", () => {
    expect(safetyToolsSchema.parse(["open_door", "x_card", "x_card"])).toEqual(["x_card", "open_door"]);
    expect(safetyToolsSchema.safeParse(["d20"]).success).toBe(false);
    expect(normaliseTools(["session_zero", "bogus", 3])).toEqual(["session_zero"]);
  });
});

describe("seatNoteEditable", () => {
  const starts = new Date("2027-03-10T18:00:00Z");
  it("lets the player change their note until the session starts, not from that moment on", () => {
    expect(seatNoteEditable({ starts_at: starts, status: "SCHEDULED" }, new Date("2027-03-10T17:59:59Z"))).toBe(true);
    expect(seatNoteEditable({ starts_at: starts, status: "SCHEDULED" }, starts)).toBe(false);
    expect(seatNoteEditable({ starts_at: starts.toISOString(), status: "SCHEDULED" }, new Date("2027-03-11T00:00:00Z"))).toBe(false);
  });
  it("refuses a cancelled or completed session even before its start time", () => {
    const before = new Date("2027-03-01T00:00:00Z");
    expect(seatNoteEditable({ starts_at: starts, status: "CANCELLED" }, before)).toBe(false);
    expect(seatNoteEditable({ starts_at: starts, status: "COMPLETED" }, before)).toBe(false);
  });
});
