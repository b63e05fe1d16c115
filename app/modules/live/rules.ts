/**
 * Rules of the live stream (decision record 030): how events are framed, which reconnect ids are
 * believed, and the limits that keep one process healthy. Pure: no clock, no I/O.
 */

/** Event kinds a stream sends; notification_created is the spec's name (section 4). */
export const liveKinds = ["notification_created", "unread_count", "chat_message", "chat_message_removed"] as const;
export type LiveKind = (typeof liveKinds)[number];

/** The PostgreSQL NOTIFY channel every process LISTENs on. */
export const LIVE_CHANNEL = "mesa_live";

/** Open streams one user may hold on one process (tabs, phone and computer); the next is refused. */
export const MAX_STREAMS_PER_USER = 5;

/** A comment line this often keeps proxies and phone carriers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/** How long a browser waits at least before reconnecting (the SSE `retry:` field). */
export const RETRY_MS = 3_000;

/**
 * Added to RETRY_MS at random per stream: when an instance stops, every stream it held reconnects
 * through the load balancer at once, and the instances left would take them all in the same
 * instant; spread over a few seconds they take them with their health checks still answering
 * (decision record 101).
 */
export const RETRY_JITTER_MS = 4_000;

/** This stream's reconnect delay, from a number in [0, 1) the caller draws. */
export const reconnectDelay = (random: number) => RETRY_MS + Math.floor(Math.min(Math.max(random, 0), 0.999) * RETRY_JITTER_MS);

/** Events replayed per query when a client catches up after a drop. */
export const REPLAY_PAGE = 500;

/**
 * Bytes a stream may have queued and unsent before it is closed as too slow: it then reconnects
 * and catches up from the database, instead of holding memory the other streams need.
 */
export const SLOW_CLIENT_BYTES = 256 * 1024;

/** A chat viewer not refreshed for this long (a process that died) no longer counts as looking. */
export const VIEWER_STALE_MS = 3 * HEARTBEAT_MS;

/** How long the event log keeps events for reconnecting clients. */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How often each process checks the streams it holds: one whose connection is gone, or whose
 * sign-in was revoked while its announcement was missed (a listening connection that dropped), is
 * closed. Closing on the connection's own event and on a revocation's event is the rule; this
 * sweep is the backstop, so nothing a stream holds outlives it by more than this.
 */
export const SWEEP_MS = 30_000;

/**
 * A log entry that is never sent to clients: sign-ins of a user were revoked (sign-out, a password
 * reset or change, a takeover), and the streams they opened end. In the log, so it reaches every
 * process and a stream catching up after a dropped connection reads it too.
 */
export const REVOKED_KIND = "credentials_revoked";

/** What opened a stream: a browser's login session or an API client's access token (one of the two). */
export type StreamCredential = { loginSessionId: string | null; apiTokenId: string | null };

/** The payload of a revocation entry: exactly the login sessions and access tokens revoked. */
export type Revocation = { loginSessionIds: string[]; apiTokenIds: string[] };

/** Whether a revocation entry ends a stream opened with this credential; a malformed payload ends none. */
export function revocationEnds(payload: unknown, credential: StreamCredential): boolean {
  if (!payload || typeof payload !== "object") return false;
  const { loginSessionIds, apiTokenIds } = payload as Partial<Record<keyof Revocation, unknown>>;
  const has = (list: unknown, id: string | null) => id !== null && Array.isArray(list) && list.includes(id);
  return has(loginSessionIds, credential.loginSessionId) || has(apiTokenIds, credential.apiTokenId);
}

/** NOTIFY payloads must stay under PostgreSQL's 8000 bytes; an entry is `[id,"uuid"]`, about 50. */
export const NOTIFY_BATCH = 100;

/** A reconnecting client's Last-Event-ID: a positive integer, or null (start from now). */
export function parseLastEventId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n > 0 ? n : null;
}

/** One server-sent event. Data is JSON on one line, so a newline in user text cannot forge a field. */
export function frameEvent(event: { id?: number; kind: string; data: unknown }): string {
  const id = event.id === undefined ? "" : `id: ${event.id}\n`;
  return `${id}event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export const heartbeatFrame = ": ping\n\n";
export const openingFrame = (retryMs: number) => `retry: ${retryMs}\n: open\n\n`;

export type NotifyEntry = readonly [id: number, userId: string];

/** The NOTIFY payloads for new events: only ids and recipients, never content (size limit, and no text in the server log). */
export function notifyPayloads(entries: readonly NotifyEntry[]): string[] {
  const payloads: string[] = [];
  for (let i = 0; i < entries.length; i += NOTIFY_BATCH) payloads.push(JSON.stringify(entries.slice(i, i + NOTIFY_BATCH)));
  return payloads;
}

/** Reads a NOTIFY payload; anything malformed is ignored rather than crashing the listener. */
export function parseNotifyPayload(payload: string | undefined): NotifyEntry[] {
  if (!payload) return [];
  try {
    const value: unknown = JSON.parse(payload);
    if (!Array.isArray(value)) return [];
    return value.filter((e): e is [number, string] => Array.isArray(e) && e.length === 2 && Number.isSafeInteger(e[0]) && typeof e[1] === "string");
  } catch {
    return [];
  }
}
