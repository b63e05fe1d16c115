import { describe, expect, it } from "vitest";
import {
  inPreSessionCheck,
  JOB_ERROR_SHOWN,
  JOB_NAMES,
  JOB_SCHEDULES,
  needsPlayersWarning,
  PAYMENT_REMINDERS,
  paymentReminderCutoffs,
  paymentReminderDue,
  playersMissing,
  pressedDuringRun,
  reminderDue,
  reminderWindow,
  RUN_NOW_SETTLE_SECONDS,
  runDurationMs,
  type SessionClock,
  shownError,
  statusAt,
} from "./rules";

const start = new Date("2026-12-01T20:00:00Z");
const at = (iso: string) => new Date(iso);
const session = (over: Partial<SessionClock> = {}): SessionClock => ({
  status: "UPCOMING",
  startsAt: start,
  durationMinutes: 120,
  preSessionCheckHours: 24,
  minParticipants: 3,
  booked: 3,
  ...over,
});

describe("job names and schedules", () => {
  it("has the rulebook's three jobs plus series generation and refund retries, each with a schedule", () => {
    expect(JOB_NAMES).toEqual(
      expect.arrayContaining([
        "cleanup-expired-bookings",
        "send-reminder-emails",
        "update-session-statuses",
        "generate-series-sessions",
        "retry-refunds",
        "send-payment-reminders",
      ]),
    );
    for (const name of JOB_NAMES) expect(JOB_SCHEDULES[name]).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
  });

  it("recomputes badges every five minutes, after sessions complete", () => {
    expect(JOB_SCHEDULES["award-badges"]).toBe("*/5 * * * *");
  });
});

describe("statusAt", () => {
  it("stays UPCOMING before the pre-session check", () => {
    expect(statusAt(session(), at("2026-11-30T19:59:59Z"))).toBe("UPCOMING");
  });
  it("confirms at the check when enough players are booked", () => {
    expect(statusAt(session(), at("2026-11-30T20:00:00Z"))).toBe("CONFIRMED");
  });
  it("keeps a short session UPCOMING during the check", () => {
    expect(statusAt(session({ booked: 2 }), at("2026-12-01T10:00:00Z"))).toBe("UPCOMING");
  });
  it("is ACTIVE from the start to the end, booked or not", () => {
    expect(statusAt(session({ booked: 0 }), start)).toBe("ACTIVE");
    expect(statusAt(session({ status: "CONFIRMED" }), at("2026-12-01T21:59:59Z"))).toBe("ACTIVE");
  });
  it("is COMPLETED at start + duration", () => {
    expect(statusAt(session({ status: "ACTIVE" }), at("2026-12-01T22:00:00Z"))).toBe("COMPLETED");
    expect(statusAt(session(), at("2027-01-01T00:00:00Z"))).toBe("COMPLETED");
  });
  it("never changes a CANCELLED session", () => {
    for (const when of ["2026-11-30T21:00:00Z", "2026-12-01T20:30:00Z", "2027-01-01T00:00:00Z"])
      expect(statusAt(session({ status: "CANCELLED" }), at(when))).toBe("CANCELLED");
  });
  it("keeps a CONFIRMED session confirmed when a player leaves before the start", () => {
    expect(statusAt(session({ status: "CONFIRMED", booked: 1 }), at("2026-12-01T19:00:00Z"))).toBe("CONFIRMED");
  });
  it("has no check when preSessionCheckHours is 0", () => {
    expect(inPreSessionCheck(session({ preSessionCheckHours: 0 }), at("2026-12-01T19:59:59Z"))).toBe(false);
  });
});

describe("the missing-players warning", () => {
  it("counts the players still missing, never below zero", () => {
    expect(playersMissing(3, 1)).toBe(2);
    expect(playersMissing(3, 5)).toBe(0);
  });
  it("is due only for an UPCOMING session short of players during its check", () => {
    const during = at("2026-12-01T08:00:00Z");
    expect(needsPlayersWarning(session({ booked: 1 }), during)).toBe(true);
    expect(needsPlayersWarning(session({ booked: 3 }), during)).toBe(false);
    expect(needsPlayersWarning(session({ booked: 1, status: "CANCELLED" }), during)).toBe(false);
    expect(needsPlayersWarning(session({ booked: 1 }), at("2026-11-29T08:00:00Z"))).toBe(false);
  });
});

describe("reminders", () => {
  it.each([
    ["2026-11-30T19:59:59Z", null],
    ["2026-11-30T20:00:00Z", "session_reminder"],
    ["2026-12-01T18:59:59Z", "session_reminder"],
    ["2026-12-01T19:00:00Z", "session_starting"],
    ["2026-12-01T19:59:59Z", "session_starting"],
    ["2026-12-01T20:00:00Z", null],
  ] as const)("at %s: %s", (now, expected) => {
    expect(reminderDue(start, at(now))).toBe(expected);
  });

  it("selects, as a window of start times, exactly the sessions reminderDue picks", () => {
    const now = at("2026-11-30T12:00:00Z");
    for (const kind of ["session_reminder", "session_starting"] as const) {
      const { from, to } = reminderWindow(kind, now);
      for (const minutes of [0, 1, 59, 60, 61, 23 * 60, 24 * 60, 24 * 60 + 1]) {
        const startsAt = new Date(now.getTime() + minutes * 60_000);
        const inWindow = startsAt >= from && startsAt < to;
        expect(inWindow, `${kind} at +${minutes} min`).toBe(reminderDue(startsAt, now) === kind);
      }
    }
  });
});

describe("payment reminders of a subscription seat", () => {
  const deadline = new Date("2026-12-10T01:00:00Z");
  const DAY_MS = 86_400_000;
  const before = (ms: number) => new Date(deadline.getTime() - ms);

  it("is none more than 7 days before the deadline, and none from the deadline on", () => {
    expect(paymentReminderDue(deadline, before(7 * DAY_MS + 1))).toBeNull();
    expect(paymentReminderDue(deadline, before(30 * DAY_MS))).toBeNull();
    expect(paymentReminderDue(deadline, deadline)).toBeNull();
    expect(paymentReminderDue(deadline, new Date(deadline.getTime() + 1))).toBeNull();
  });

  it("is the N-day reminder from exactly N days before the deadline until the next one is due", () => {
    expect(paymentReminderDue(deadline, before(7 * DAY_MS))).toEqual({ kind: "payment_due_7d", earlier: [] });
    expect(paymentReminderDue(deadline, before(3 * DAY_MS + 1))).toEqual({ kind: "payment_due_7d", earlier: [] });
    expect(paymentReminderDue(deadline, before(3 * DAY_MS))).toEqual({ kind: "payment_due_3d", earlier: ["payment_due_7d"] });
    expect(paymentReminderDue(deadline, before(DAY_MS + 1))).toEqual({ kind: "payment_due_3d", earlier: ["payment_due_7d"] });
    expect(paymentReminderDue(deadline, before(DAY_MS))).toEqual({ kind: "payment_due_1d", earlier: ["payment_due_3d", "payment_due_7d"] });
    expect(paymentReminderDue(deadline, before(1))).toEqual({ kind: "payment_due_1d", earlier: ["payment_due_3d", "payment_due_7d"] });
  });

  it("gives the query the same cutoffs, latest reminder first", () => {
    const now = before(5 * DAY_MS);
    const cutoffs = paymentReminderCutoffs(now);
    expect(cutoffs.map((c) => c.kind)).toEqual(PAYMENT_REMINDERS.map((r) => r.kind));
    // A deadline on a cutoff gets that cutoff's reminder; one just after it, the next one's.
    for (const [i, c] of cutoffs.entries()) {
      expect(paymentReminderDue(c.until, now)?.kind).toBe(c.kind);
      const after = paymentReminderDue(new Date(c.until.getTime() + 1), now);
      expect(after?.kind ?? null).toBe(cutoffs[i + 1]?.kind ?? null);
    }
  });
});

describe("the jobs desk's view of a run", () => {
  it("shows a failure's first line, trimmed and cut with an ellipsis", () => {
    expect(shownError("Error: boom\n    at body (jobs.server.ts:1:1)")).toBe("Error: boom");
    expect(shownError("  spaced out  ")).toBe("spaced out");
    expect(shownError(null)).toBe("");
    const long = shownError("x".repeat(500));
    expect(long).toHaveLength(JOB_ERROR_SHOWN);
    expect(long.endsWith("…")).toBe(true);
    expect(shownError("y".repeat(JOB_ERROR_SHOWN))).toBe("y".repeat(JOB_ERROR_SHOWN));
  });

  it("measures a finished run and has no duration for one without an end", () => {
    const start = new Date("2026-11-27T10:00:00Z");
    expect(runDurationMs(start, new Date("2026-11-27T10:00:01.250Z"))).toBe(1250);
    expect(runDurationMs(start, null)).toBeNull();
    expect(runDurationMs(start, new Date("2026-11-27T09:59:59Z"))).toBe(0);
  });
});

describe("a run-now press and the latest run", () => {
  const pressed = new Date("2026-12-01T10:00:00Z");
  const at = (ms: number) => new Date(pressed.getTime() + ms);
  it("comes during a run that ended after it, or within the settle time before it", () => {
    expect(pressedDuringRun({ started_at: at(-20), finished_at: at(5) }, pressed)).toBe(true);
    expect(pressedDuringRun({ started_at: pressed, finished_at: pressed }, pressed)).toBe(true);
    expect(pressedDuringRun({ started_at: at(-9_000), finished_at: at(-RUN_NOW_SETTLE_SECONDS * 1000) }, pressed)).toBe(true);
  });
  it("does not once the settle time has passed, when no run was ever made, or for a run that died long ago", () => {
    expect(pressedDuringRun({ started_at: at(-60_000), finished_at: at(-RUN_NOW_SETTLE_SECONDS * 1000 - 1) }, pressed)).toBe(false);
    expect(pressedDuringRun(undefined, pressed)).toBe(false);
    expect(pressedDuringRun({ started_at: at(-3_600_000), finished_at: null }, pressed)).toBe(false);
    expect(pressedDuringRun({ started_at: at(-1_000), finished_at: null }, pressed)).toBe(true);
  });
});
