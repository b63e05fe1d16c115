import { describe, expect, it } from "vitest";
import { accountRequests, accountStream, parseProxyLog, runsPerTick } from "./accounting";
import type { Outcome } from "./load";

const line = (id: string, server: string, status: number, term = "----") =>
  `127.0.0.1:40000 [29/Nov/2026:12:00:00.000] mesa instances/${server} 0/0/0/1/1 ${status} 120 - - ${term} 5/5/2/1/0 0/0 {${id}} "GET /es HTTP/1.1"`;

const outcome = (id: string, sentAt: number, endedAt: number, rest: Partial<Outcome> = {}): Outcome => ({
  id,
  kind: "page",
  method: "GET",
  path: "/es",
  sentAt,
  endedAt,
  status: 200,
  instance: "app1",
  error: null,
  resentOnStaleConnection: false,
  ...rest,
});

describe("the chaos run's request accounting", () => {
  const log = parseProxyLog(
    [
      line("r1", "app2", 502, "SH--"),
      line("r2", "app2", 502, "SH--"),
      line("r3", "app1", 200),
      line("r4", "app3", 503, "SC--"),
      line("r5", "app1", 200),
      "a line that is not HAProxy's",
    ].join("\n"),
  );

  it("reads the instance, status and request id of each logged request", () => {
    expect(log.get("r1")).toEqual({ requestId: "r1", server: "app2", status: 502, termination: "SH--" });
    expect(log.size).toBe(5);
  });

  it("excuses only failures that were in flight on the killed instance when it was killed", () => {
    const report = accountRequests(
      [
        // On app2 across the kill at t=100: excused.
        outcome("r1", 90, 110, { status: 502, instance: null }),
        // On app2 but sent after the kill: HAProxy should have sent it elsewhere, not excused.
        outcome("r2", 120, 130, { status: 502, instance: null }),
        outcome("r3", 95, 105),
        // Another instance's failure during the kill: not excused.
        outcome("r4", 95, 105, { kind: "search", status: 503, instance: "app3" }),
        // A booking refused because the session is full is an answer, not a failure.
        outcome("r5", 200, 210, { kind: "book", method: "POST", status: 409 }),
        // No answer and no log line: a client-side failure, never excused.
        outcome("r6", 99, 101, { status: null, instance: null, error: "ECONNRESET" }),
      ],
      log,
      [{ instance: "app2", at: 100 }],
      { from: 500, to: 600 },
    );
    expect(report.sent).toBe(6);
    expect(report.inFlightOnKilled.map((f) => f.id)).toEqual(["r1"]);
    expect(report.unexpected.map((f) => f.id)).toEqual(["r2", "r4", "r6"]);
    expect(report.failedByKind).toEqual({ page: 3, search: 1 });
    expect(report.refusedByKind).toEqual({ book: 1 });
    expect(report.failedDuringRollingRestart).toBe(0);
  });

  it("counts a failure that overlaps the rolling restart", () => {
    const report = accountRequests([outcome("x", 550, 560, { status: 502 })], new Map(), [], { from: 500, to: 600 });
    expect(report.failedDuringRollingRestart).toBe(1);
  });
});

describe("a stream against its user's log", () => {
  const logged = [
    { id: 5, kind: "chat_message", payload: { chatId: "c", message: { id: 1, content: "old" } } },
    { id: 11, kind: "chat_message", payload: { chatId: "c", message: { id: 2, content: "hola" } } },
    { id: 12, kind: "notification_created", payload: { notification: { id: "n1", type: "new_message" }, unread: 1 } },
    { id: 14, kind: "chat_message", payload: { chatId: "c", message: { id: 3, content: "adiós" } } },
  ];

  it("finds nothing wrong when every event after the baseline arrived once, in any key order", () => {
    const report = accountStream(
      {
        userId: "u",
        connections: 2,
        events: [
          { id: 11, kind: "chat_message", data: { message: { content: "hola", id: 2 }, chatId: "c" } },
          { id: 12, kind: "notification_created", data: { id: "n1", title: "…" } },
          { id: 14, kind: "chat_message", data: { chatId: "c", message: { id: 3, content: "adiós" } } },
        ],
      },
      logged,
      10,
    );
    expect(report).toEqual({ userId: "u", expected: 3, received: 3, missing: [], duplicated: [], mismatched: [], connections: 2 });
  });

  it("reports a lost event, one received twice, and one whose payload differs", () => {
    const report = accountStream(
      {
        userId: "u",
        connections: 3,
        events: [
          { id: 11, kind: "chat_message", data: { chatId: "c", message: { id: 2, content: "hola" } } },
          { id: 11, kind: "chat_message", data: { chatId: "c", message: { id: 2, content: "hola" } } },
          { id: 14, kind: "chat_message", data: { chatId: "c", message: { id: 3, content: "changed" } } },
        ],
      },
      logged,
      10,
    );
    expect(report.missing).toEqual([12]);
    expect(report.duplicated).toEqual([11]);
    expect(report.mismatched).toEqual([14]);
    expect(report.received).toBe(3);
  });
});

describe("job runs per scheduled minute", () => {
  const t0 = Date.UTC(2026, 10, 29, 12, 0, 0);
  it("counts each whole tick in the window, and shows a missed and a doubled one", () => {
    const runs = [t0 + 200, t0 + 60_000 + 300, t0 + 60_000 + 5_000, t0 + 180_000 + 100];
    expect(runsPerTick(runs, t0 - 10_000, t0 + 200_000)).toEqual([
      { tick: "12:00", runs: 1 },
      { tick: "12:01", runs: 2 },
      { tick: "12:02", runs: 0 },
      { tick: "12:03", runs: 1 },
    ]);
  });
  it("leaves out a tick too close to the end of the window to have run", () => {
    expect(runsPerTick([t0 + 100], t0 - 1_000, t0 + 5_000)).toEqual([]);
  });
});
