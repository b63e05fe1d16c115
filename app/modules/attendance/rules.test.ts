import { describe, expect, it } from "vitest";
import { canMarkAttendance } from "#app/modules/access/rules";
import {
  cancelledLate,
  defaultsToPresent,
  disputeRefusal,
  dmRecord,
  isUuid,
  markingRefusal,
  parseMark,
  percentage,
  playerRecord,
  reasonError,
  sessionEnd,
} from "./rules";

const HOUR = 3_600_000;
const startsAt = new Date("2026-12-01T20:00:00Z");
const session = { starts_at: startsAt, duration_minutes: 180, status: "COMPLETED" };
const end = sessionEnd(session);
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

describe("who may mark attendance", () => {
  const hosted = { dm_id: "dm" };
  it("the host and admins, not another DM, a player or a visitor", () => {
    expect(canMarkAttendance({ id: "dm", isAdmin: false }, hosted)).toBe(true);
    expect(canMarkAttendance({ id: "admin", isAdmin: true }, hosted)).toBe(true);
    expect(canMarkAttendance({ id: "other-dm", isAdmin: false }, hosted)).toBe(false);
    expect(canMarkAttendance(null, hosted)).toBe(false);
  });
});

describe("when attendance may be marked", () => {
  it("from the end (starts_at + duration) to 14 days after, never for a cancelled session", () => {
    expect(end.toISOString()).toBe("2026-12-01T23:00:00.000Z");
    expect(markingRefusal(session, new Date(end.getTime() - 1))).toBe("notEnded");
    expect(markingRefusal(session, end)).toBeNull();
    expect(markingRefusal(session, at(end, 14 * 24))).toBeNull();
    expect(markingRefusal(session, new Date(at(end, 14 * 24).getTime() + 1))).toBe("windowClosed");
    expect(markingRefusal({ ...session, status: "CANCELLED" }, at(end, 1))).toBe("sessionCancelled");
  });

  it("an unmarked seat counts as present from 48 hours after the end", () => {
    expect(defaultsToPresent(session, new Date(at(end, 48).getTime() - 1))).toBe(false);
    expect(defaultsToPresent(session, at(end, 48))).toBe(true);
    expect(defaultsToPresent({ ...session, status: "CANCELLED" }, at(end, 100))).toBe(false);
  });
});

describe("disputing a no-show", () => {
  const markedAt = at(end, 2);
  const booking = { user_id: "p", attendance: "NO_SHOW", attendance_marked_at: markedAt };
  it("the player's own no-show, within 14 days of the mark", () => {
    expect(disputeRefusal(booking, "p", at(markedAt, 1))).toBeNull();
    expect(disputeRefusal(booking, "p", at(markedAt, 14 * 24))).toBeNull();
    expect(disputeRefusal(booking, "p", new Date(at(markedAt, 14 * 24).getTime() + 1))).toBe("windowClosed");
    expect(disputeRefusal(booking, "someone", at(markedAt, 1))).toBe("notYours");
    expect(disputeRefusal({ ...booking, attendance: "PRESENT" }, "p", at(markedAt, 1))).toBe("notNoShow");
    expect(disputeRefusal({ ...booking, attendance: null, attendance_marked_at: null }, "p", at(markedAt, 1))).toBe("notNoShow");
  });

  it("a reason: text, not blank, at most 1000 characters, no NUL bytes", () => {
    expect(reasonError("I was there, ask the others")).toBeNull();
    expect(reasonError("   ")).toBe("reasonRequired");
    expect(reasonError("x".repeat(1000))).toBeNull();
    expect(reasonError("x".repeat(1001))).toBe("reasonTooLong");
    expect(reasonError("😀".repeat(1000))).toBeNull();
    expect(reasonError("a\u0000b")).toBe("reasonInvalid");
    expect(reasonError(["a", "b"])).toBe("reasonInvalid");
    expect(reasonError(undefined)).toBe("reasonInvalid");
  });
});

describe("a late cancellation", () => {
  it("at or after the series' booking lock before the start, and before the start", () => {
    expect(cancelledLate(at(startsAt, -48.01), startsAt, 48)).toBe(false);
    expect(cancelledLate(at(startsAt, -48), startsAt, 48)).toBe(true);
    expect(cancelledLate(at(startsAt, -1), startsAt, 48)).toBe(true);
    expect(cancelledLate(startsAt, startsAt, 48)).toBe(false);
  });
  it("24 hours for a single session without a lock of its own", () => {
    expect(cancelledLate(at(startsAt, -25), startsAt, null)).toBe(false);
    expect(cancelledLate(at(startsAt, -24), startsAt, null)).toBe(true);
  });
});

describe("the reliability record", () => {
  it("a whole percentage, none when there is nothing to count", () => {
    expect(percentage(0, 0)).toBeNull();
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(9, 10)).toBe(90);
  });
  it("a host's: sessions run against those they cancelled", () => {
    expect(dmRecord(9, 1)).toEqual({ run: 9, cancelledByDm: 1, percent: 90 });
    expect(dmRecord(0, 0)).toEqual({ run: 0, cancelledByDm: 0, percent: null });
  });
  it("a player's: attended against no-shows and late cancellations", () => {
    expect(playerRecord(2, 1, 1)).toEqual({ attended: 2, noShow: 1, cancelledLate: 1, percent: 50 });
    expect(playerRecord(0, 1, 0).percent).toBe(0);
  });
});

describe("form values", () => {
  it("a mark is PRESENT or NO_SHOW, anything else nothing", () => {
    expect(parseMark("PRESENT")).toBe("PRESENT");
    expect(parseMark("NO_SHOW")).toBe("NO_SHOW");
    expect(parseMark(["PRESENT"])).toBeNull();
    expect(parseMark("present")).toBeNull();
  });
  it("an id is a uuid", () => {
    expect(isUuid("7f1c2a8e-9b6d-4c3e-8a1f-2b3c4d5e6f70")).toBe(true);
    expect(isUuid("7f1c2a8e-9b6d-4c3e-8a1f-2b3c4d5e6f70\u0000")).toBe(false);
    expect(isUuid(["7f1c2a8e-9b6d-4c3e-8a1f-2b3c4d5e6f70"])).toBe(false);
  });
});
