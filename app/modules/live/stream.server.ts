import { randomUUID } from "node:crypto";
import { systemClock } from "#app/services/clock/clock.server";
import type { Database } from "#db/client.server";
import { type LiveHub, liveHub, onShutdown } from "./hub.server";
import { deleteViewer, eventsAfter, latestEventId, type LiveEventRow, upsertViewer } from "./repo.server";
import { frameEvent, HEARTBEAT_MS, heartbeatFrame, openingFrame, REPLAY_PAGE, SLOW_CLIENT_BYTES } from "./rules";

export type StreamInput = {
  db: Database;
  userId: string;
  /** From the Last-Event-ID header (or the `lastEventId` query a polyfill sends); null for a fresh page. */
  lastEventId: number | null;
  /** Turns a logged event into what this client is sent (its language, links). */
  present: (row: LiveEventRow) => { kind: string; data: unknown } | null;
  /**
   * Sent first, without an id, on a fresh connection: the counts the bell shows right now, read in
   * the same snapshot as the newest event id. A resuming client already has counts; the replayed
   * events bring them up to date.
   */
  initial: (db: Database) => Promise<{ kind: string; data: unknown }>;
  /** The chat this page shows, already authorized by the route: its viewer is not sent new_message notifications. */
  chatId?: string | null;
  signal: AbortSignal;
  hub?: LiveHub;
  clock?: () => Date;
};

const encoder = new TextEncoder();

export const eventStreamHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: a proxy (or the compression middleware) must neither buffer nor rewrite the stream.
  "Cache-Control": "no-cache, no-store, no-transform",
  Connection: "keep-alive",
  // nginx and some carriers' proxies buffer responses unless told not to.
  "X-Accel-Buffering": "no",
};

/**
 * An open event stream for one client: replays what it missed after its Last-Event-ID, then
 * forwards what the hub hands it, with heartbeats; everything it holds is released the moment the
 * client goes away (abort), the server shuts down, or the client reads too slowly.
 */
export function openEventStream(input: StreamInput): Response {
  const hub = input.hub ?? liveHub(() => input.db);
  // A stream outlives its request: viewer heartbeats read the clock as they happen.
  const clock = input.clock ?? systemClock;
  const streamId = randomUUID();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let lastId = 0;
  let syncing = true;
  let resyncWanted = false;
  let held: LiveEventRow[] = [];
  let heartbeat: NodeJS.Timeout | null = null;

  const send = (text: string) => {
    if (closed) return;
    controller.enqueue(encoder.encode(text));
    // Unread bytes past the limit: this client cannot keep up. It reconnects and resumes from the log.
    if ((controller.desiredSize ?? 0) < 0) close();
  };

  const emit = (row: LiveEventRow) => {
    if (row.id <= lastId) return; // already sent (a replay overlapping a live delivery)
    lastId = row.id;
    const event = input.present(row);
    if (event) send(frameEvent({ id: row.id, kind: event.kind, data: event.data }));
  };

  /** Sends the log after lastId, then whatever arrived live meanwhile, in order and once. */
  const sync = async () => {
    syncing = true;
    try {
      do {
        resyncWanted = false;
        for (;;) {
          const rows = await eventsAfter(input.db, input.userId, lastId, REPLAY_PAGE);
          if (closed) return;
          rows.forEach(emit);
          if (rows.length < REPLAY_PAGE) break;
        }
      } while (resyncWanted && !closed);
      const waiting = held.sort((a, b) => a.id - b.id);
      held = [];
      waiting.forEach(emit);
    } finally {
      syncing = false;
    }
  };

  const unsubscribe = hub.subscribe({
    userId: input.userId,
    deliver: (row) => {
      if (closed) return;
      if (syncing) held.push(row);
      else emit(row);
    },
    resync: () => {
      if (closed) return;
      if (syncing) resyncWanted = true;
      else sync().catch(() => close());
    },
  });
  const forgetShutdown = onShutdown(() => close());

  function close() {
    if (closed) return;
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe();
    forgetShutdown();
    input.signal.removeEventListener("abort", close);
    held = [];
    try {
      controller.close();
    } catch {
      /* already cancelled by the reader */
    }
    if (input.chatId) void deleteViewer(input.db, streamId).catch(() => {});
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel: () => close(),
    },
    { highWaterMark: SLOW_CLIENT_BYTES, size: (chunk) => chunk.byteLength },
  );

  if (input.signal.aborted) close();
  else input.signal.addEventListener("abort", close);

  const begin = async () => {
    send(openingFrame);
    await hub.ready();
    if (closed) return;
    if (input.chatId) await upsertViewer(input.db, { streamId, chatId: input.chatId, userId: input.userId, now: clock() });
    if (input.lastEventId !== null) lastId = input.lastEventId;
    else {
      const start = await input.db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute(async (trx) => ({ lastId: await latestEventId(trx, input.userId), initial: await input.initial(trx) }));
      lastId = start.lastId;
      send(frameEvent(start.initial));
    }
    await sync();
    if (closed) return;
    heartbeat = setInterval(() => {
      send(heartbeatFrame);
      if (input.chatId && !closed) void upsertViewer(input.db, { streamId, chatId: input.chatId, userId: input.userId, now: clock() }).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };
  if (!closed) begin().catch(() => close());

  return new Response(stream, { status: 200, headers: eventStreamHeaders });
}
