import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { issueApiTokens } from "../../app/modules/auth/api-tokens.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { insertNotification } from "../../app/modules/notifications/repo.server";
import { loader as profilePage } from "../../app/routes/$lang.profile.$id/route";
import { action as seriesPageAction, loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { action as seriesEditAction, loader as seriesEdit } from "../../app/routes/$lang.series.$id.edit";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as sessionEditAction, loader as sessionEdit } from "../../app/routes/$lang.session.$id.edit";
import { action as removeAction, loader as removePage } from "../../app/routes/$lang.session.$id.remove";
import { action as bookingsApi } from "../../app/routes/api.bookings";
import { loader as dmApi } from "../../app/routes/api.dm";
import { action as notificationRead } from "../../app/routes/api.notifications.$id.read";
import { loader as pastApi } from "../../app/routes/api.past-sessions.$userId";
import { loader as profileApi } from "../../app/routes/api.profile.$userId";
import { action as patchSession } from "../../app/routes/api.session.$id";
import { action as patchSeries } from "../../app/routes/api.session-series.$id";
import { loader as upcomingApi } from "../../app/routes/api.upcoming-sessions.$userId";
import { loader as joinedApi } from "../../app/routes/api.user-joined-sessions.$userId";
import { action as waitlistApi } from "../../app/routes/api.waitlist";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { bookSeat, createSession, joinLine, type SessionOptions } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, markVerified, meta, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
type Who = { id: string; cookie: string; bearer: string };
async function who(role: "user" | "dm"): Promise<Who> {
  const { deps } = testDeps();
  const created = await signUp(deps, { ...signupInput(uniqueEmail(role)), role }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  const cookie = await cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
  const tokens = await issueApiTokens(deps, created.userId);
  return { id: created.userId, cookie, bearer: `Bearer ${tokens!.access_token}` };
}

const page = (path: string, as: Who) => new Request(`${base}${path}`, { headers: { Cookie: as.cookie } });
const post = (path: string, fields: Record<string, string>, as: Who) => form(`${base}${path}`, fields, { Cookie: as.cookie });
const api = (method: string, path: string, as: Who, body?: unknown) =>
  new Request(`${base}${path}`, {
    method,
    headers: { Authorization: as.bearer, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const status = async (fn: LoaderFunction | ActionFunction, request: Request, params: Record<string, string>) => (await run(fn, request, params)).status;

const malformed = ["not-a-uuid", "1", "00000000-0000-0000-0000-00000000000g", "%00", "' or 1=1 --"];
const unknown = "00000000-0000-4000-8000-000000000000";

let host: Who;
let other: Who;
let player: Who;
let sessionId = "";
let privateId = "";
let seriesId = "";
let privateOccurrence = "";
const inAWeek = new Date(Date.now() + 7 * 86_400_000);

beforeAll(async () => {
  [host, other, player] = [await who("dm"), await who("dm"), await who("user")];
  const values: SessionOptions = { host: host.id, title: "Mesa", startsAt: inAWeek, columns: { session_instructions: "Enlace secreto" } };
  sessionId = (await createSession(values)).id;
  privateId = (await createSession({ ...values, isPrivate: true })).id;
  await bookSeat(sessionId, player.id);
  await joinLine(sessionId, other.id);
  seriesId = (await insertSeries(host.id, { duration_minutes: 120, start_date: inAWeek.toISOString().slice(0, 10) })).id;
  await createSession({ ...values, seriesId, title: "Abierta" });
  privateOccurrence = (await createSession({ ...values, seriesId, title: "Privada", isPrivate: true, startsAt: new Date(inAWeek.getTime() + 86_400_000) })).id;
});

describe("another user's session and series pages", () => {
  it("session edit: 403 for another DM (loader and action), 404 for a malformed or unknown id", async () => {
    expect(await status(sessionEdit, page(`/es/session/${sessionId}/edit`, other), { lang: "es", id: sessionId })).toBe(403);
    expect(await status(sessionEditAction, post(`/es/session/${sessionId}/edit`, { title: "Mía" }, other), { lang: "es", id: sessionId })).toBe(403);
    for (const id of [...malformed, unknown]) {
      expect(await status(sessionEdit, page(`/es/session/x/edit`, other), { lang: "es", id })).toBe(404);
      expect(await status(sessionEditAction, post(`/es/session/x/edit`, { title: "Mía" }, other), { lang: "es", id })).toBe(404);
    }
    expect((await getDb().selectFrom("sessions").select("title").where("id", "=", sessionId).executeTakeFirstOrThrow()).title).toBe("Mesa");
  });

  it("session page: no instructions, participants or waitlist for another user; 404 for a malformed id", async () => {
    const seen = await run(sessionPage, page(`/es/session/${sessionId}`, other), { lang: "es", id: sessionId });
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.data)).not.toContain("Enlace secreto");
    expect(JSON.stringify(seen.data)).not.toContain(player.id);
    const asPlayer = await run(sessionPage, page(`/es/session/${sessionId}`, player), { lang: "es", id: sessionId });
    expect(JSON.stringify(asPlayer.data)).toContain("Enlace secreto");
    // A private session is unlisted, not secret: its link is how the host invites.
    expect(await status(sessionPage, page(`/es/session/${privateId}`, other), { lang: "es", id: privateId })).toBe(200);
    for (const id of malformed) expect(await status(sessionPage, page(`/es/session/x`, other), { lang: "es", id })).toBe(404);
  });

  it("remove page: 403 for another user (page and form), the booking stays; 404 for a malformed id", async () => {
    expect(await status(removePage, page(`/es/session/${sessionId}/remove?list=bookings&userId=${player.id}`, other), { lang: "es", id: sessionId })).toBe(403);
    const removed = await run(removeAction, post(`/es/session/${sessionId}/remove`, { list: "bookings", userId: player.id }, other), {
      lang: "es",
      id: sessionId,
    });
    expect(removed.status).toBe(302);
    expect((await getDb().selectFrom("bookings").select("status").where("user_id", "=", player.id).executeTakeFirstOrThrow()).status).toBe("CONFIRMED");
    for (const id of malformed)
      expect(await status(removePage, page(`/es/session/x/remove?list=bookings&userId=${player.id}`, host), { lang: "es", id })).toBe(404);
  });

  it("series edit and the series page's host forms: 403 for another DM, 404 for a malformed id", async () => {
    expect(await status(seriesEdit, page(`/es/series/${seriesId}/edit`, other), { lang: "es", id: seriesId })).toBe(403);
    expect(await status(seriesEditAction, post(`/es/series/${seriesId}/edit`, { title: "Mía" }, other), { lang: "es", id: seriesId })).toBe(403);
    expect(
      await status(seriesPageAction, post(`/es/series/${seriesId}`, { intent: "generate", count: "2", daysBetween: "7" }, other), { lang: "es", id: seriesId }),
    ).toBe(403);
    for (const id of [...malformed, unknown]) {
      expect(await status(seriesEdit, page(`/es/series/x/edit`, other), { lang: "es", id })).toBe(404);
      expect(await status(seriesPage, page(`/es/series/x`, other), { lang: "es", id })).toBe(404);
      expect(await status(seriesPageAction, post(`/es/series/x`, { intent: "generate", count: "2", daysBetween: "7" }, other), { lang: "es", id })).toBe(404);
    }
  });

  it("series page: a private occurrence is listed to its host and to a player holding a seat in it, not to others", async () => {
    const titles = async (as: Who | null) => {
      const request = as ? page(`/es/series/${seriesId}`, as) : new Request(`${base}/es/series/${seriesId}`);
      const result = await run(seriesPage, request, { lang: "es", id: seriesId });
      return (result.data as { upcoming: { id: string }[] }).upcoming.map((s) => s.id);
    };
    expect(await titles(host)).toContain(privateOccurrence);
    expect(await titles(other)).not.toContain(privateOccurrence);
    expect(await titles(null)).not.toContain(privateOccurrence);
    expect(await titles(player)).not.toContain(privateOccurrence);
    await bookSeat(privateOccurrence, player.id, { status: "PENDING_PAYMENT" });
    expect(await titles(player)).toContain(privateOccurrence);
    expect(await titles(other)).toHaveLength(1);
  });

  it("profile page: 404 for a malformed id", async () => {
    for (const id of malformed) expect(await status(profilePage, page(`/es/profile/x`, other), { lang: "es", id })).toBe(404);
  });
});

describe("another user's data through the API", () => {
  const sessionBody = {
    title: "Mía",
    game: "Pathfinder",
    date: inAWeek.toISOString(),
    duration: 120,
    maxParticipants: 4,
    minPlayers: 1,
    price: 0,
    currency: "MXN",
  };
  const seriesBody = {
    title: "Mía",
    sessionInstructions: "Entren al canal de voz.",
    game: "D&D 5e",
    frequency: "WEEKLY",
    timezone: "America/Mexico_City",
    startDate: inAWeek.toISOString(),
    dayOfWeek: 3,
    duration: 120,
    maxParticipants: 4,
    minParticipants: 1,
    price: 0,
    currency: "MXN",
    autoGenerateAhead: 2,
  };

  it("PATCH /api/session/{id} and /api/session-series/{id}: 403 for another DM, 404 for a malformed id", async () => {
    expect(await status(patchSession, api("PATCH", `/api/session/${sessionId}`, other, sessionBody), { id: sessionId })).toBe(403);
    expect(await status(patchSeries, api("PATCH", `/api/session-series/${seriesId}`, other, seriesBody), { id: seriesId })).toBe(403);
    for (const id of [...malformed, unknown]) {
      expect(await status(patchSession, api("PATCH", `/api/session/x`, other, sessionBody), { id })).toBe(404);
      expect(await status(patchSeries, api("PATCH", `/api/session-series/x`, other, seriesBody), { id })).toBe(404);
    }
  });

  it("DELETE /api/bookings and /api/waitlist: 403 for someone else's seat or entry, 404 for malformed ids", async () => {
    const stranger = await who("user");
    expect(await status(bookingsApi, api("DELETE", "/api/bookings", stranger, { sessionId, userId: player.id }), {})).toBe(403);
    expect(await status(waitlistApi, api("DELETE", "/api/waitlist", stranger, { sessionId, userId: other.id }), {})).toBe(403);
    for (const id of malformed) {
      expect(await status(bookingsApi, api("DELETE", "/api/bookings", stranger, { sessionId: id, userId: player.id }), {})).toBe(404);
      expect(await status(waitlistApi, api("DELETE", "/api/waitlist", stranger, { sessionId, userId: id }), {})).toBe(404);
    }
    expect(await getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", sessionId).execute()).toEqual([{ user_id: other.id }]);
  });

  it("a user's session lists: 403 for another user, and never a 500 for a malformed id", async () => {
    for (const fn of [pastApi, upcomingApi, joinedApi]) {
      expect(await status(fn, api("GET", `/api/x/${player.id}`, other), { userId: player.id })).toBe(403);
      expect(await status(fn, api("GET", `/api/x/${player.id}`, player), { userId: player.id })).toBe(200);
      for (const id of malformed) expect(await status(fn, api("GET", `/api/x/x`, other), { userId: id })).toBe(403);
    }
  });

  it("PATCH /api/notifications/{id}/read: another user's notification is not found, and stays unread", async () => {
    const id = await insertNotification(getDb(), { userId: player.id, type: "INFO", titleKey: "t", messageKey: "m", now: new Date() });
    expect(await status(notificationRead, api("PATCH", `/api/notifications/${id}/read`, other), { id: String(id) })).toBe(404);
    for (const bad of [...malformed, "99999999999999999999"])
      expect(await status(notificationRead, api("PATCH", `/api/notifications/x/read`, other), { id: bad })).toBe(404);
    expect((await getDb().selectFrom("notifications").select("read_at").where("id", "=", id).executeTakeFirstOrThrow()).read_at).toBeNull();
  });

  it("GET /api/profile/{id} and /api/dm: 404 for a malformed or unknown id", async () => {
    for (const id of [...malformed, unknown]) {
      expect(await status(profileApi, api("GET", `/api/profile/x`, other), { userId: id })).toBe(404);
      expect(await status(dmApi, api("GET", `/api/dm?userId=${encodeURIComponent(id)}`, other), {})).toBe(404);
    }
  });
});
