import { randomUUID } from "node:crypto";
import { systemClock } from "#app/services/clock/clock.server";
import type { Database } from "#db/client.server";
import { type LiveHub, onShutdown } from "./hub.server";
import { deleteViewer, eventsAfter, latestEventId, type LiveEventRow, upsertViewer } from "./repo.server";
import {
  frameEvent,
  HEARTBEAT_MS,
  heartbeatFrame,
  openingFrame,
  reconnectDelay,
  REPLAY_PAGE,
  revocationEnds,
  REVOKED_KIND,
  SLOW_CLIENT_BYTES,
  type StreamCredential,
} from "./rules";

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
  /** Fires when the client's connection closes: the socket's own event (server/connection.ts), not `request.signal`. */
  signal: AbortSignal;
  /** Whether the connection is already closed, for the hub's sweep when the close event was missed. */
  gone?: () => boolean;
  /** The login session or access token behind the stream: it ends when that is revoked. */
  credential?: StreamCredential;
  /** Streams this user may hold on this process; one more is refused, decided with the registration itself. */
  maxPerUser?: number;
  /** The process's hub (liveHub()), or a test's. */
  hub: LiveHub;
  clock?: () => Date;
};

const encoder = new TextEncoder();

export type OpenedStream = { ok: true; response: Response } | { ok: false; reason: "tooManyStreams" };

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
 * forwards what the hub hands it, with heartbeats; everything it holds (its place in the hub, its
 * chat viewer mark, its timer) is released the moment the client goes away, its sign-in is revoked,
 * the server shuts down or the client reads too slowly, and else by the hub's sweep.
 * Refused when the user already holds `maxPerUser` streams here.
 */
export function openEventStream(input: StreamInput): OpenedStream {
  const { hub } = input;
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
    if (row.kind === REVOKED_KIND) {
      // Not for the client; it ends this stream if its own sign-in is among those revoked.
      if (input.credential && revocationEnds(row.payload, input.credential)) close();
      return;
    }
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

  const registration = hub.subscribe(
    {
      userId: input.userId,
      credential: input.credential,
      gone: input.gone,
      close: () => close(),
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
    },
    input.maxPerUser,
  );
  if (!registration) return { ok: false, reason: "tooManyStreams" };
  const unsubscribe = registration;
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

  /** Whether the stream's sign-in is still accepted, read in the caller's snapshot. */
  const stillSignedIn = (db: Database) => (input.credential ? hub.stillAccepted(db, input.credential, clock()) : Promise.resolve(true));

  /** Marks the chat viewed by this stream; a mark written after the stream closed is taken back. */
  const markViewing = async (chatId: string) => {
    await upsertViewer(input.db, { streamId, chatId, userId: input.userId, now: clock() });
    if (closed) await deleteViewer(input.db, streamId);
  };

  const begin = async () => {
    send(openingFrame(reconnectDelay(Math.random())));
    await hub.ready();
    if (closed) return;
    if (input.chatId) await markViewing(input.chatId);
    if (closed) return;
    // One snapshot decides where the stream starts and whether its sign-in still counts: a
    // revocation committed before it is seen here, one committed after has a later id and reaches
    // this stream (registered above) through the hub or the replay.
    const start = await input.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        const signedIn = await stillSignedIn(trx);
        if (!signedIn || input.lastEventId !== null) return { signedIn, lastId: input.lastEventId ?? 0, initial: null };
        return { signedIn, lastId: await latestEventId(trx, input.userId), initial: await input.initial(trx) };
      });
    if (!start.signedIn) return close();
    if (closed) return;
    lastId = start.lastId;
    if (start.initial) send(frameEvent(start.initial));
    await sync();
    if (closed) return;
    heartbeat = setInterval(() => {
      send(heartbeatFrame);
      if (input.chatId && !closed) void markViewing(input.chatId).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };
  if (!closed) begin().catch(() => close());

  return { ok: true, response: new Response(stream, { status: 200, headers: eventStreamHeaders }) };
}
