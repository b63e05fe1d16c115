import { afterAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../app/lib/transaction.server";
import { acceptedCredentials } from "../../app/modules/auth/login-sessions.server";
import { LiveHub, stopLive } from "../../app/modules/live/hub.server";
import { appendEvents } from "../../app/modules/live/repo.server";
import { type OpenedStream, openEventStream } from "../../app/modules/live/stream.server";
import { recordNotification } from "../../app/modules/notifications/notify.server";
import { presentEvent } from "../../app/modules/notifications/present.server";
import { loader as streamRoute } from "../../app/routes/api.notifications.stream";
import { createDatabase, getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, createUser, loginCookie, testDeps } from "./helpers";
import { type SseEvent, sseReader } from "./sse";

useTestDatabase();

const hubs: LiveHub[] = [];
/** A hub with its own listening connection: what a second server process would run. */
function processHub() {
  const hub = new LiveHub({ connectionString: process.env.DATABASE_URL!, db: () => getDb(), acceptedCredentials });
  hubs.push(hub);
  return hub;
}

afterAll(async () => {
  for (const hub of hubs) await hub.stop();
  await stopLive();
});

function opened(result: OpenedStream): Response {
  if (!result.ok) throw new Error(`stream refused: ${result.reason}`);
  return result.response;
}

function stream(hub: LiveHub, userId: string, options: { lastEventId?: number | null; signal?: AbortSignal } = {}) {
  const controller = new AbortController();
  const response = opened(
    openEventStream({
      db: getDb(),
      hub,
      userId,
      lastEventId: options.lastEventId ?? null,
      signal: options.signal ?? controller.signal,
      present: (row) => presentEvent(row, "en"),
      initial: async () => ({ kind: "unread_count", data: { notifications: 0, chats: 0 } }),
    }),
  );
  return { response, reader: sseReader(response), abort: () => controller.abort() };
}

const notifyWelcome = (userId: string) =>
  recordNotification(testDeps().deps, { userId, type: "booking_confirmed", params: { title: "La cripta" }, actionUrl: "/sessions" });

describe("the notification stream", () => {
  it("delivers a notification written by one process to a stream held by another", async () => {
    const user = await createUser();
    const hubB = processHub();
    const held = stream(hubB, user.id);
    await held.reader.next(1); // the opening counts
    // "Process A": its own pool writes the notification; only PostgreSQL connects the two.
    const processA = createDatabase(process.env.DATABASE_URL!, 2);
    try {
      await recordNotification(
        { db: processA, now: new Date() },
        { userId: user.id, type: "booking_confirmed", params: { title: "La cripta" }, actionUrl: "/session/x" },
      );
    } finally {
      await processA.destroy();
    }
    const [event] = await held.reader.next(1);
    expect(event).toMatchObject({
      event: "notification_created",
      data: {
        type: "booking_confirmed",
        title: "Booking confirmed",
        toast: true,
        unread: 1,
        actionUrl: "/en/session/x",
        category: "BOOKING",
        icon: "calendar",
      },
    });
    expect(event!.id).toBeGreaterThan(0);
    held.abort();
    await held.reader.closed;
    expect(hubB.size).toBe(0);
  });

  it("gives a client reconnecting with Last-Event-ID exactly the 5 events it missed, in order, once", async () => {
    const user = await createUser();
    const hub = processHub();
    const first = stream(hub, user.id);
    await first.reader.next(1);
    await notifyWelcome(user.id);
    const [seen] = await first.reader.next(1);
    first.abort(); // the network drops
    await first.reader.closed;

    const missed: number[] = [];
    for (let i = 0; i < 5; i += 1) missed.push(await notifyWelcome(user.id));

    const again = stream(hub, user.id, { lastEventId: seen!.id });
    // A resuming client gets no fresh counts first: the replayed events carry them.
    const replayed = await again.reader.next(5);
    expect(replayed.map((e) => e.event)).toEqual(Array(5).fill("notification_created"));
    expect(replayed.map((e) => (e.data as { id: number }).id)).toEqual(missed);
    const ids = replayed.map((e) => e.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // A later event arrives live, and nothing is repeated.
    const later = await notifyWelcome(user.id);
    const [live] = await again.reader.next(1);
    expect((live!.data as { id: number }).id).toBe(later);
    expect(again.reader.events.map((e) => e.id)).toEqual([...ids, live!.id]);
    again.abort();
  });

  it("holds 200 open streams in under 100 MB and releases every one when its client goes away", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const hub = processHub();
    global.gc?.();
    const before = process.memoryUsage();
    const open = Array.from({ length: 200 }, (_, i) => stream(hub, users[i % 20]!.id));
    await Promise.all(open.map((s) => s.reader.next(1, 20_000)));
    expect(hub.size).toBe(200);
    // One event for one user reaches all ten of that user's streams.
    await notifyWelcome(users[3]!.id);
    await Promise.all(open.filter((_, i) => i % 20 === 3).map((s) => s.reader.next(1)));
    const after = process.memoryUsage();
    const extraMb = (after.rss - before.rss) / 1024 / 1024;
    const extraHeapMb = (after.heapUsed - before.heapUsed) / 1024 / 1024;
    console.info(`200 streams: +${extraMb.toFixed(1)} MB rss, +${extraHeapMb.toFixed(1)} MB heap`);
    expect(extraMb).toBeLessThan(100);

    for (const s of open) s.abort();
    await Promise.all(open.map((s) => s.reader.closed));
    expect(hub.size).toBe(0);
    // One listening connection for the whole process, however many streams came and went.
    expect(await listeners()).toBe(hubs.filter((h) => h.listening).length);
  });

  it("closes a client that does not read without slowing the others", async () => {
    const user = await createUser();
    const hub = processHub();
    const fast = stream(hub, user.id);
    const slowController = new AbortController();
    const slow = opened(
      openEventStream({
        db: getDb(),
        hub,
        userId: user.id,
        lastEventId: null,
        signal: slowController.signal,
        present: (row) => presentEvent(row, "en"),
        initial: async () => ({ kind: "unread_count", data: {} }),
      }),
    );
    await fast.reader.next(1);
    // Wait for both to be subscribed and synced: a first event reaches the fast one.
    expect(hub.size).toBe(2);
    const big = "x".repeat(60_000);
    const started = Date.now();
    for (let i = 0; i < 10; i += 1) {
      await inTransaction(getDb(), (trx) =>
        appendEvents(trx, [{ userId: user.id, kind: "chat_message", payload: { chatId: "c", message: { id: i, content: big } } }]),
      );
    }
    const got = await fast.reader.next(10);
    expect(got.map((e: SseEvent) => (e.data as { message: { id: number } }).message.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Date.now() - started).toBeLessThan(5000);
    // The slow one passed 256 KiB unread and was let go; reading it now ends.
    expect(hub.size).toBe(1);
    const slowReader = sseReader(slow);
    await slowReader.closed;
    expect(slowReader.events.length).toBeLessThan(10);
    fast.abort();
  });
});

describe("the event log", () => {
  it("is pruned after a week, along with viewer rows of streams that died", async () => {
    const { pruneLiveEvents } = await import("../../app/modules/live/live.server");
    const { upsertViewer } = await import("../../app/modules/live/repo.server");
    const [user, other] = [await createUser(), await createUser()];
    const [a, b] = [user.id, other.id].sort();
    const db = getDb();
    await notifyWelcome(user.id);
    const chat = await db.insertInto("chats").values({ kind: "direct", user_a: a, user_b: b }).returning("id").executeTakeFirstOrThrow();
    await upsertViewer(db, { streamId: crypto.randomUUID(), chatId: chat.id, userId: user.id, now: new Date(Date.now() - 120_000) });
    const count = async () => (await db.selectFrom("live_events").select("id").where("user_id", "=", user.id).execute()).length;
    expect(await count()).toBe(1);
    await pruneLiveEvents({ db, now: new Date(Date.now() + 6 * 86_400_000) });
    expect(await count()).toBe(1);
    await pruneLiveEvents({ db, now: new Date(Date.now() + 8 * 86_400_000) });
    expect(await count()).toBe(0);
    expect(await db.selectFrom("chat_viewers").select("stream_id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("gives a user's events ids in commit order: a second writer waits for the first", async () => {
    const user = await createUser();
    const db = getDb();
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const first = db.transaction().execute(async (trx) => {
      const [entry] = await appendEvents(trx, [{ userId: user.id, kind: "unread_count", payload: { notifications: 1 } }]);
      firstInserted();
      await firstHolds;
      return entry![0];
    });
    await inserted;
    let secondDone = false;
    const second = inTransaction(db, (trx) => appendEvents(trx, [{ userId: user.id, kind: "unread_count", payload: { notifications: 2 } }])).then(([entry]) => {
      secondDone = true;
      return entry![0];
    });
    // The second waits on the user's lock (PostgreSQL says so) while the first holds it.
    const { sql } = await import("kysely");
    for (let waiting = 0; waiting === 0;) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`.execute(
        db,
      );
      waiting = rows[0]!.n;
    }
    expect(secondDone).toBe(false);
    releaseFirst();
    const [firstId, secondId] = await Promise.all([first, second]);
    expect(secondId).toBeGreaterThan(firstId);
  });
});

async function listeners(): Promise<number> {
  const { sql } = await import("kysely");
  const result = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(getDb());
  return result.rows[0]!.n;
}

describe("GET /api/notifications/stream", () => {
  const url = "http://localhost:3000/api/notifications/stream?lang=pt";
  it("refuses a visitor without a session or token", async () => {
    const response = (await streamRoute({ request: new Request(url), params: {}, context: {} }).catch((e: unknown) => e)) as Response;
    expect(response.status).toBe(401);
  });

  it("streams to a browser's cookie and an API client's token, and caps a user's open streams", async () => {
    const user = await createUser({ preferredLanguage: "es" });
    const cookie = await loginCookie(user.id);
    const token = await apiToken(user.id);
    const controllers: AbortController[] = [];
    const open = async (headers: Record<string, string>) => {
      const controller = new AbortController();
      controllers.push(controller);
      return (await streamRoute({ request: new Request(url, { headers, signal: controller.signal }), params: {}, context: {} })) as Response;
    };
    const byCookie = await open({ Cookie: cookie });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get("content-type")).toContain("text/event-stream");
    expect(byCookie.headers.get("cache-control")).toContain("no-transform");
    const reader = sseReader(byCookie);
    const [counts] = await reader.next(1);
    expect(counts).toMatchObject({ event: "unread_count", data: { notifications: 0, chats: 0 } });
    await notifyWelcome(user.id);
    const [created] = await reader.next(1);
    expect(created!.data).toMatchObject({ message: "Sua vaga em La cripta está reservada.", unread: 1 }); // ?lang=pt wins over the account's es
    const byToken = await open(bearer(token));
    expect(byToken.status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await open({ Cookie: cookie })).status).toBe(200);
    const sixth = await open({ Cookie: cookie });
    expect(sixth.status).toBe(429);
    for (const c of controllers) c.abort();
  });
});
