import type { GoogleProfile } from "remix-auth-google";
import { afterAll, describe, expect, it } from "vitest";
import { endOtherLoginSessions } from "../../app/modules/auth/login-sessions.server";
import { signInWithGoogle } from "../../app/modules/auth/oauth.server";
import { requestPasswordReset, resetPassword } from "../../app/modules/auth/password-reset.server";
import { makeFeed } from "../../app/modules/calendar-feed/feed.server";
import { stopLive } from "../../app/modules/live/hub.server";
import { recordNotification } from "../../app/modules/notifications/notify.server";
import { action as logout } from "../../app/routes/$lang.logout";
import { loader as calendarFile } from "../../app/routes/api.calendar.$file";
import { loader as streamRoute } from "../../app/routes/api.notifications.stream";
import { createDatabase } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, createUser, loginCookie, testDeps, tokenFrom } from "./helpers";
import { form, run } from "./route";
import { sseReader } from "./sse";

useTestDatabase();
afterAll(() => stopLive());

const base = "http://localhost:3000";

/** A stream opened through the route, as a browser (cookie) or an API client (bearer) opens it. */
async function openStream(headers: Record<string, string>) {
  const controller = new AbortController();
  const response = (await streamRoute({
    request: new Request(`${base}/api/notifications/stream?lang=en`, { headers, signal: controller.signal }),
    params: {},
    context: {},
  })) as Response;
  expect(response.status).toBe(200);
  const reader = sseReader(response);
  await reader.next(1); // the opening counts: the stream is registered and synced
  let ended = false;
  void reader.closed.then(() => (ended = true));
  return { reader, ended: () => ended, abort: () => controller.abort() };
}

/**
 * Writes a notification from a separate pool, like another server process: only PostgreSQL
 * connects it to the streams, and whichever stream is still open receives it.
 */
async function notifyFromAnotherProcess(userId: string) {
  const other = createDatabase(process.env.DATABASE_URL!, 1);
  try {
    await recordNotification({ db: other, now: new Date() }, { userId, type: "booking_confirmed", params: { title: "La cripta" }, actionUrl: "/sessions" });
  } finally {
    await other.destroy();
  }
}

/** Resolves when every stream has ended; fails after a few seconds rather than at the test's timeout. */
function allClosed(streams: { reader: { closed: Promise<void> } }[], ms = 5000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("a stream was still open")), ms)));
  return Promise.race([Promise.all(streams.map((s) => s.reader.closed)), late]).finally(() => clearTimeout(timer));
}

describe("revoking a sign-in ends its event streams", () => {
  it("signing out closes that browser's stream and only that one; the other tab never sees the revocation", async () => {
    const user = await createUser();
    const [leaving, staying] = [await loginCookie(user.id), await loginCookie(user.id)];
    const gone = await openStream({ Cookie: leaving });
    const kept = await openStream({ Cookie: staying });

    const signedOut = await run(logout, form(`${base}/es/logout`, {}, { Cookie: leaving }), { lang: "es" });
    expect(signedOut.status).toBe(302);
    await allClosed([gone]);

    await notifyFromAnotherProcess(user.id);
    const [event] = await kept.reader.next(1);
    expect(event!.event).toBe("notification_created");
    expect(gone.reader.events.map((e) => e.event)).toEqual(["unread_count"]);
    expect(kept.reader.events.map((e) => e.event)).toEqual(["unread_count", "notification_created"]);
    expect(kept.ended()).toBe(false);
    kept.abort();
  });

  it("'sign out everywhere else' closes the other browsers' and API clients' streams and keeps this one", async () => {
    const user = await createUser();
    const [here, elsewhere] = [await loginCookie(user.id), await loginCookie(user.id)];
    const mine = await openStream({ Cookie: here });
    const theirs = await openStream({ Cookie: elsewhere });
    const app = await openStream(bearer(await apiToken(user.id)));
    const { getRequester } = await import("../../app/modules/auth/session.server");
    const me = await getRequester(new Request(`${base}/es`, { headers: { Cookie: here } }), testDeps().deps);
    await endOtherLoginSessions(testDeps().deps, user.id, me!.loginSessionId);
    await allClosed([theirs, app]);
    await notifyFromAnotherProcess(user.id);
    await mine.reader.next(1);
    expect(mine.ended()).toBe(false);
    mine.abort();
  });

  it("a password reset closes every stream of the account: each browser's and each API client's", async () => {
    const user = await createUser();
    const { deps, mails } = testDeps();
    const streams = await Promise.all([
      openStream({ Cookie: await loginCookie(user.id) }),
      openStream({ Cookie: await loginCookie(user.id) }),
      openStream(bearer(await apiToken(user.id))),
    ]);
    await requestPasswordReset(deps, user.email);
    const link = (await mails()).find((m) => m.to === user.email)!;
    // The reset is written by another process's pool: the streams learn of it through PostgreSQL only.
    const otherProcess = createDatabase(process.env.DATABASE_URL!, 1);
    try {
      expect(await resetPassword({ ...deps, db: otherProcess }, tokenFrom(link.text), "a brand new passphrase")).toBe(true);
    } finally {
      await otherProcess.destroy();
    }
    await allClosed(streams);
    expect(streams.every((s) => s.ended())).toBe(true);
    // Nothing written afterwards reaches any of them.
    await notifyFromAnotherProcess(user.id);
    expect(streams.flatMap((s) => s.reader.events.map((e) => e.event))).toEqual(["unread_count", "unread_count", "unread_count"]);
  });
});

describe("taking an account back with Google", () => {
  const googleProfile = (email: string): GoogleProfile =>
    ({
      provider: "google",
      id: `google-${Date.now()}-${Math.random()}`,
      displayName: "Vera Owner",
      name: { givenName: "Vera", familyName: "Owner" },
      emails: [{ value: email }],
      photos: [{ value: "" }],
      _json: { email, email_verified: true } as GoogleProfile["_json"],
    }) as GoogleProfile;

  const fetchFeed = async (url: string) => {
    const file = new URL(url).pathname.split("/").pop()!;
    return run(calendarFile, new Request(url), { file });
  };

  it("turns off the calendar address the squatter made and closes the squatter's streams before the owner gets anything", async () => {
    const squatter = await createUser({ verified: false });
    const { deps } = testDeps();
    const feed = await makeFeed(deps, squatter.id, null, base);
    expect((await fetchFeed(feed.https)).status).toBe(200);
    const browser = await openStream({ Cookie: await loginCookie(squatter.id) });
    const script = await openStream(bearer(await apiToken(squatter.id)));

    expect(await signInWithGoogle(deps, googleProfile(squatter.email), "es")).toBe(squatter.id);

    await allClosed([browser, script]);
    expect((await fetchFeed(feed.https)).status).toBe(404);
    // The owner's first notification reaches no stream the squatter opened.
    await notifyFromAnotherProcess(squatter.id);
    expect([...browser.reader.events, ...script.reader.events].map((e) => e.event)).toEqual(["unread_count", "unread_count"]);
  });
});
