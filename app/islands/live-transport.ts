/**
 * The live event stream's client (decision records 030 and 039) on sse.js rather than the
 * browser's EventSource: it sends `Last-Event-ID` as a header on every connection, the first one
 * too (a page that resumes where another left off), and an `Authorization: Bearer` header for API
 * clients, neither of which a native EventSource can. Reconnection is ours: after the server's
 * `retry:` delay when the stream ended or the network dropped (as EventSource does), with backoff
 * after an error answer (a proxy's 502 during a restart), half a minute after a 429, and never
 * after a 401 or 403 (signed out: the stream was ended for it).
 */
import { SSE, type SSEvent } from "sse.js";

export type LiveEvent = { kind: string; data: unknown; id: string };

export type LiveStreamOptions = {
  /** The stream's address, e.g. `/api/notifications/stream?lang=es`. */
  url: string;
  /** The event kinds to listen for; others are ignored. */
  kinds: readonly string[];
  onEvent: (event: LiveEvent) => void;
  onState?: (state: "open" | "reconnecting" | "stopped") => void;
  /** For API clients: the current access token, read at every connection (it may have been refreshed). */
  token?: () => string | null;
  /** Where to resume from (the last event id this client handled). */
  lastEventId?: string;
};

/** sse.js reads through one XHR whose text only grows: past this many characters, start a fresh one. */
export const MAX_RESPONSE_CHARS = 1_000_000;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 30_000;
const TOO_MANY_WAIT_MS = 30_000;
const CLOSED = 2;

export function openLiveStream(options: LiveStreamOptions): { close: () => void; lastEventId: () => string } {
  let lastId = options.lastEventId ?? "";
  let wait = FIRST_WAIT_MS;
  let current: SSE | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(connect, ms);
  };

  function connect() {
    if (stopped) return;
    const token = options.token?.();
    const source = new SSE(options.url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      start: false,
      autoReconnect: false,
      useLastEventId: true,
    });
    source.lastEventId = lastId;
    current = source;
    let status = 0;
    let refresh = false;
    source.addEventListener("open", (e: SSEvent) => {
      status = e.responseCode ?? 0;
      if (status === 200) options.onState?.("open");
    });
    source.addEventListener("error", (e: SSEvent) => {
      status = e.responseCode ?? 0;
    });
    for (const kind of options.kinds)
      source.addEventListener(kind, (e: SSEvent) => {
        if (e.lastEventId) lastId = e.lastEventId;
        wait = FIRST_WAIT_MS;
        let data: unknown;
        try {
          data = JSON.parse(String(e.data));
        } catch {
          return;
        }
        options.onEvent({ kind, data, id: lastId });
        if (source.progress > MAX_RESPONSE_CHARS) {
          refresh = true;
          source.close();
        }
      });
    source.addEventListener("readystatechange", (e: SSEvent & { readyState: number }) => {
      if (e.readyState !== CLOSED || current !== source || stopped) return;
      current = null;
      if (refresh) return later(0);
      if (status === 401 || status === 403) {
        stopped = true;
        options.onState?.("stopped");
        return;
      }
      options.onState?.("reconnecting");
      if (status === 429) return later(TOO_MANY_WAIT_MS);
      if (status === 0 || status === 200) return later(source.reconnectDelay);
      later(wait);
      wait = Math.min(wait * 2, MAX_WAIT_MS);
    });
    source.stream();
  }

  connect();
  return {
    close: () => {
      stopped = true;
      clearTimeout(timer);
      current?.close();
      current = null;
    },
    lastEventId: () => lastId,
  };
}
