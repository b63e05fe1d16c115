import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { acceptedCredentials } from "../../app/modules/auth/login-sessions.server";
import { findUserByLoginSession, insertLoginSession } from "../../app/modules/auth/repo.server";
import { LiveHub, liveHub, stopLive } from "../../app/modules/live/hub.server";
import { openEventStream } from "../../app/modules/live/stream.server";
import { recordNotification } from "../../app/modules/notifications/notify.server";
import { presentEvent } from "../../app/modules/notifications/present.server";
import * as streamRoute from "../../app/routes/api.notifications.stream";
import { getDb } from "../../db/client.server";
import { createApp } from "../../server/http";
import { useTestDatabase } from "../setup/database";
import { fakeBuild } from "./fake-build";
import { createUser, loginCookie, testDeps } from "./helpers";
import { sseReader } from "./sse";

useTestDatabase();

// Node drops a request's derived abort signal once nothing holds it: the leak showed only after a
// garbage collection, so the tests collect garbage before cutting streams.
v8.setFlagsFromString("--expose_gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** The test server's build: the fake two-route app plus the real stream route, behind the real Express app. */
function buildWithStream(): ServerBuild {
  const build = fakeBuild();
  const id = "routes/api.notifications.stream";
  (build.routes as Record<string, unknown>)[id] = { id, parentId: "root", path: "api/notifications/stream", module: streamRoute };
  return build;
}

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  const env = parseEnv({ SESSION_SECRET: process.env.SESSION_SECRET!, DATA_DIR: process.env.DATA_DIR!, NODE_ENV: "test", APP_URL: `http://127.0.0.1:${port}` });
  server.on("request", createApp({ build: buildWithStream(), env, logger: pino({ level: "silent" }) }));
});
afterAll(async () => {
  await stopLive();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type OpenStream = { status: number; text: () => string; ended: Promise<void>; cut: () => void };

/** A real HTTP stream; resolves once the answer's headers (and, for a 200, its opening counts) arrived. */
function openStream(cookie: string, query = ""): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: `/api/notifications/stream?lang=en${query}`, headers: { Cookie: cookie }, agent: false }, (res) => {
      let body = "";
      let answered = false;
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.on("close", endedResolve);
      res.on("error", () => {});
      res.setEncoding("utf8");
      const answer = () => {
        if (answered) return;
        answered = true;
        resolve({ status: res.statusCode ?? 0, text: () => body, ended, cut: () => req.destroy() });
      };
      res.on("data", (chunk: string) => {
        body += chunk;
        if (body.includes("event: unread_count")) answer();
      });
      res.on("end", answer);
      if (res.statusCode !== 200) res.resume();
    });
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    collectGarbage();
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function directChat(userId: string) {
  const other = await createUser();
  const [a, b] = [userId, other.id].sort();
  return (await getDb().insertInto("chats").values({ kind: "direct", user_a: a!, user_b: b! }).returning("id").executeTakeFirstOrThrow()).id;
}

const viewerRows = async (userId: string) => (await getDb().selectFrom("chat_viewers").select("stream_id").where("user_id", "=", userId).execute()).length;

/**
 * A stream opened for a login session on a signal that never fires (its close event was lost, so
 * only the sweep can end it), with `extra` options; its reader.
 */
function openLost(hub: LiveHub, userId: string, loginSessionId: string, extra: Partial<Parameters<typeof openEventStream>[0]> = {}) {
  const result = openEventStream({
    db: getDb(),
    hub,
    userId,
    credential: { loginSessionId, apiTokenId: null },
    lastEventId: null,
    signal: new AbortController().signal,
    present: (row) => presentEvent(row, "en"),
    initial: async () => ({ kind: "unread_count", data: { notifications: 0, chats: 0 } }),
    ...extra,
  });
  if (!result.ok) throw new Error("refused");
  return sseReader(result.response);
}

describe("event streams over HTTP", () => {
  it("releases 60 streams whose sockets were cut mid-flight, chat viewer marks included, and accepts a new one", async () => {
    const hub = liveHub(() => getDb(), acceptedCredentials);
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    const cookies = await Promise.all(users.map((u) => loginCookie(u.id)));
    const chats = await Promise.all(users.map((u) => directChat(u.id)));
    // Five streams per user (the cap), every other one showing a chat.
    const streams = await Promise.all(
      Array.from({ length: 60 }, (_, i) => openStream(cookies[i % 12]!, Math.floor(i / 12) % 2 === 0 ? `&chat=${chats[i % 12]}` : "")),
    );
    expect(streams.map((s) => s.status)).toEqual(Array(60).fill(200));
    await until(async () => (await viewerRows(users[0]!.id)) === 3, "the chat streams marked their chat viewed");
    expect(hub.size).toBe(60);

    collectGarbage();
    for (const s of streams) s.cut();
    await Promise.all(streams.map((s) => s.ended));
    await until(() => hub.size === 0, "every cut stream left the registry");
    await until(async () => (await Promise.all(users.map((u) => viewerRows(u.id)))).every((n) => n === 0), "every viewer mark was released");

    // The first user's next tab is accepted at once, and it receives what happens next.
    const again = await openStream(cookies[0]!);
    expect(again.status).toBe(200);
    await recordNotification(testDeps().deps, { userId: users[0]!.id, type: "booking_confirmed", params: { title: "La cripta" }, actionUrl: "/sessions" });
    await until(() => again.text().includes("event: notification_created"), "the new stream got the notification");
    again.cut();
    await until(() => hub.size === 0, "the last stream left");
  });

  it("accepts exactly 5 of 10 streams one user opens at once, each showing a chat", async () => {
    const hub = liveHub(() => getDb(), acceptedCredentials);
    const user = await createUser();
    const cookie = await loginCookie(user.id);
    const chat = await directChat(user.id);
    const streams = await Promise.all(Array.from({ length: 10 }, () => openStream(cookie, `&chat=${chat}`)));
    const statuses = streams.map((s) => s.status).sort();
    console.info(`10 parallel opens: ${statuses.join(" ")}`);
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(5).fill(429)]);
    expect(hub.countFor(user.id)).toBe(5);
    for (const s of streams) s.cut();
    await until(() => hub.size === 0, "the accepted streams were released");
  });
});

describe("the sweep", () => {
  it("closes a stream whose connection is gone though no close event came, and one whose sign-in ended unannounced", async () => {
    const hub = new LiveHub({ connectionString: process.env.DATABASE_URL!, db: () => getDb(), acceptedCredentials });
    try {
      const [user, other] = [await createUser(), await createUser()];
      const chat = await directChat(user.id);
      const [sessionA, sessionB] = await Promise.all([loginSessionOf(user.id), loginSessionOf(other.id)]);
      let socketDestroyed = false;
      const open = (userId: string, loginSessionId: string, extra: { chatId?: string; gone?: () => boolean }) => openLost(hub, userId, loginSessionId, extra);
      const lost = open(user.id, sessionA, { chatId: chat, gone: () => socketDestroyed });
      const revoked = open(other.id, sessionB, {});
      await Promise.all([lost.next(1), revoked.next(1)]);
      expect(await viewerRows(user.id)).toBe(1);

      expect(await hub.sweep()).toBe(0);
      expect(hub.size).toBe(2);
      socketDestroyed = true;
      // Revoked straight in the table: no announcement reaches any stream.
      await getDb().updateTable("login_sessions").set({ revoked_at: new Date() }).where("id", "=", sessionB).execute();
      expect(await hub.sweep()).toBe(2);
      expect(hub.size).toBe(0);
      await Promise.all([lost.closed, revoked.closed]);
      await until(async () => (await viewerRows(user.id)) === 0, "the lost stream's viewer mark was released");
    } finally {
      await hub.stop();
    }
  });

  it("closes a stream whose login session passed its idle timeout or its expiry meanwhile, and only then", async () => {
    const hub = new LiveHub({ connectionString: process.env.DATABASE_URL!, db: () => getDb(), acceptedCredentials });
    try {
      const day = 24 * 60 * 60 * 1000;
      const signedInAt = new Date("2026-11-23T12:00:00Z");
      const [idle, expiring] = [await createUser(), await createUser()];
      // Signed in at `signedInAt`: one login session with its full 30 days, one that ends a day later.
      const idleSession = await insertLoginSession(getDb(), {
        userId: idle.id,
        expiresAt: new Date(signedInAt.getTime() + 30 * day),
        userAgent: "test",
        ip: "127.0.0.1",
        now: signedInAt,
      });
      const expiringSession = await insertLoginSession(getDb(), {
        userId: expiring.id,
        expiresAt: new Date(signedInAt.getTime() + day),
        userAgent: "test",
        ip: "127.0.0.1",
        now: signedInAt,
      });
      const open = (userId: string, loginSessionId: string) => openLost(hub, userId, loginSessionId, { clock: () => signedInAt });
      const [idleStream, expiringStream] = [open(idle.id, idleSession), open(expiring.id, expiringSession)];
      await Promise.all([idleStream.next(1), expiringStream.next(1)]);

      // Half a day on, both still count.
      expect(await hub.sweep(new Date(signedInAt.getTime() + day / 2))).toBe(0);
      // A day and a minute on, the second is past its expiry.
      expect(await hub.sweep(new Date(signedInAt.getTime() + day + 60_000))).toBe(1);
      await expiringStream.closed;
      // Thirteen days unused: within the idle timeout.
      expect(await hub.sweep(new Date(signedInAt.getTime() + 13 * day))).toBe(0);
      expect(hub.countFor(idle.id)).toBe(1);
      // Fourteen days and a minute unused: the login session is over though its 30 days are not, as for a page request.
      const idleOver = new Date(signedInAt.getTime() + 14 * day + 60_000);
      expect(await findUserByLoginSession(getDb(), idleSession, idleOver)).toBeUndefined();
      expect(await hub.sweep(idleOver)).toBe(1);
      expect(hub.size).toBe(0);
      await idleStream.closed;

      // What happens next reaches neither stream.
      const before = idleStream.events.length;
      await recordNotification(testDeps().deps, { userId: idle.id, type: "booking_confirmed", params: { title: "La cripta" }, actionUrl: "/sessions" });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(idleStream.events.length).toBe(before);
    } finally {
      await hub.stop();
    }
  });
});

async function loginSessionOf(userId: string) {
  await loginCookie(userId);
  const row = await getDb().selectFrom("login_sessions").select("id").where("user_id", "=", userId).orderBy("created_at", "desc").executeTakeFirstOrThrow();
  return row.id;
}
