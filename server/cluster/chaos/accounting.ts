import { isDeepStrictEqual } from "node:util";
import { failed, type Outcome, type RequestKind } from "./load";
import type { ReceivedEvent } from "./sse-client";

/** One request as HAProxy logged it: the X-Request-Id it captured, the instance and the final status. */
export type ProxyLogEntry = { requestId: string; server: string; status: number; termination: string };

// httplog, raw: `client [date] frontend backend/server timers status bytes - - TERM conns queues {captured} "request"`
const LINE = /^\S+ \[[^\]]+\] \S+ [^/\s]+\/(\S+) \S+ (-?\d+) \S+ \S+ \S+ (\S{4}) \S+ \S+ \{([^}]*)\} "/;

export function parseProxyLog(text: string): Map<string, ProxyLogEntry> {
  const byId = new Map<string, ProxyLogEntry>();
  for (const line of text.split("\n")) {
    const match = LINE.exec(line);
    if (!match?.[4]) continue;
    byId.set(match[4], { server: match[1]!, status: Number(match[2]), termination: match[3]!, requestId: match[4] });
  }
  return byId;
}

/** A moment an instance was killed with SIGKILL: requests it held then may fail, none other. */
export type Kill = { instance: string; at: number };
/** A window in which instances were stopped one at a time with SIGTERM: nothing may fail in it. */
export type Window = { from: number; to: number };

export type FailureReport = {
  sent: number;
  sentByKind: Record<string, number>;
  failedByKind: Record<string, number>;
  /** Business refusals (full session, seat already held) of bookings and payments: answers, not failures. */
  refusedByKind: Record<string, number>;
  /** Failures that were in flight on a killed instance at the moment of its kill (allowed). */
  inFlightOnKilled: { id: string; kind: RequestKind; instance: string; status: number | null; error: string | null }[];
  /** Every other failure: must be none. */
  unexpected: {
    id: string;
    kind: RequestKind;
    path: string;
    sentAt: number;
    endedAt: number;
    status: number | null;
    error: string | null;
    proxy: ProxyLogEntry | null;
  }[];
  /** Requests sent again on a new connection after a kept-alive one was closed under them (never reached an instance). */
  resentOnStaleConnection: number;
  /** Failures of requests that overlapped the rolling restart: must be none. */
  failedDuringRollingRestart: number;
};

const count = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1);

/**
 * Sorts the load's failures: one is excused only when HAProxy logged it against an instance that
 * was killed while the request was under way (sent before the kill, ended after it).
 */
export function accountRequests(
  outcomes: readonly Outcome[],
  proxyLog: Map<string, ProxyLogEntry>,
  kills: readonly Kill[],
  rolling: Window | null,
): FailureReport {
  const report: FailureReport = {
    sent: outcomes.length,
    sentByKind: {},
    failedByKind: {},
    refusedByKind: {},
    inFlightOnKilled: [],
    unexpected: [],
    failedDuringRollingRestart: 0,
    resentOnStaleConnection: 0,
  };
  for (const outcome of outcomes) {
    count(report.sentByKind, outcome.kind);
    if (outcome.resentOnStaleConnection) report.resentOnStaleConnection += 1;
    if (!failed(outcome)) {
      if (outcome.status !== null && outcome.status >= 400) count(report.refusedByKind, outcome.kind);
      continue;
    }
    count(report.failedByKind, outcome.kind);
    if (rolling && outcome.sentAt <= rolling.to && outcome.endedAt >= rolling.from) report.failedDuringRollingRestart += 1;
    const proxy = proxyLog.get(outcome.id) ?? null;
    const kill = proxy && kills.find((k) => k.instance === proxy.server && outcome.sentAt <= k.at && outcome.endedAt >= k.at);
    if (kill) report.inFlightOnKilled.push({ id: outcome.id, kind: outcome.kind, instance: kill.instance, status: outcome.status, error: outcome.error });
    else
      report.unexpected.push({
        id: outcome.id,
        kind: outcome.kind,
        path: outcome.path,
        sentAt: outcome.sentAt,
        endedAt: outcome.endedAt,
        status: outcome.status,
        error: outcome.error,
        proxy,
      });
  }
  return report;
}

/** An event of a user's log, as the database holds it. */
export type LoggedEvent = { id: number; kind: string; payload: unknown };

export type StreamReport = {
  userId: string;
  expected: number;
  received: number;
  missing: number[];
  duplicated: number[];
  mismatched: number[];
  connections: number;
};

/** Whether what the stream sent for a logged event carries that event (app/modules/notifications/present.server.ts). */
export function sameEvent(received: ReceivedEvent, logged: LoggedEvent): boolean {
  if (received.kind !== logged.kind) return false;
  if (logged.kind === "notification_created") {
    const id = (logged.payload as { notification?: { id?: unknown } }).notification?.id;
    return (received.data as { id?: unknown }).id === id;
  }
  return isDeepStrictEqual(received.data, logged.payload);
}

/**
 * One stream against its user's log: every event logged for the user after the stream opened
 * (id above `baseline`) must have arrived exactly once, with its payload, whatever instance the
 * stream was on and however often it reconnected.
 */
export function accountStream(
  stream: { userId: string; events: readonly ReceivedEvent[]; connections: number },
  log: readonly LoggedEvent[],
  baseline: number,
): StreamReport {
  const expected = log.filter((e) => e.id > baseline);
  const seen = new Map<number, number>();
  for (const event of stream.events) seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
  const byId = new Map(expected.map((e) => [e.id, e]));
  return {
    userId: stream.userId,
    expected: expected.length,
    received: stream.events.filter((e) => e.id > baseline).length,
    missing: expected.filter((e) => !seen.has(e.id)).map((e) => e.id),
    duplicated: [...seen].filter(([, n]) => n > 1).map(([id]) => id),
    mismatched: stream.events.filter((e) => e.id > baseline && (!byId.has(e.id) || !sameEvent(e, byId.get(e.id)!))).map((e) => e.id),
    connections: stream.connections,
  };
}

/**
 * Runs of a job per scheduled minute within [from, to]: a tick counts once its minute has begun
 * after `from` and `settleMs` have passed by `to` (the run needs a moment). Each must be exactly 1.
 */
export function runsPerTick(runStarts: readonly number[], from: number, to: number, settleMs = 15_000) {
  const minute = 60_000;
  const ticks: { tick: string; runs: number }[] = [];
  for (let t = Math.ceil(from / minute) * minute; t + settleMs <= to; t += minute) {
    ticks.push({ tick: new Date(t).toISOString().slice(11, 16), runs: runStarts.filter((s) => s >= t && s < t + minute).length });
  }
  return ticks;
}
