import { beforeAll, describe, expect, it } from "vitest";
import { loader as dmApi } from "../../app/routes/api.dm";
import { action as postSession } from "../../app/routes/api.session._index";
import { action as patchSession } from "../../app/routes/api.session.$id";
import { loader as searchApi } from "../../app/routes/api.session.search";
import { loader as upcoming } from "../../app/routes/api.upcoming-sessions.$userId";
import { getDb } from "../../db/client.server";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { apiCall, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
type Who = { id: string; auth: Record<string, string> };
const who = (role: "user" | "dm"): Promise<Who> => signedInUser({ role });
const send = (method: string, path: string, body: unknown, auth: Record<string, string>) => apiCall(method, path, { auth }, body);
const get = (path: string, auth: Record<string, string>) => new Request(`${base}${path}`, { headers: auth });

const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
const payload = {
  title: "API one-shot",
  game: "Pathfinder",
  date: inAWeek,
  duration: 180,
  maxParticipants: 4,
  minPlayers: 2,
  price: 12550,
  currency: "MXN",
  tags: ["Partida única", "Sandbox"],
  allowedPaymentMethods: ["OXXO"],
  is_private: false,
};

/** A new DM and one session they made through the API: each test makes its own. */
async function hostWithSession() {
  const host = await who("dm");
  const created = await run(postSession, send("POST", "/api/session", payload, host.auth));
  expect(created.status).toBe(201);
  return { dm: host, id: (created.data as { id: string }).id };
}
const titleOf = async (id: string) => (await getDb().selectFrom("sessions").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title;

let player: Who;
beforeAll(async () => {
  player = await who("user");
});

describe("session API", () => {
  it("creates a session for a DM, refuses players and bad payloads", async () => {
    const dm = await who("dm");
    expect((await run(postSession, send("POST", "/api/session", payload, player.auth))).status).toBe(403);
    expect(await run(postSession, send("POST", "/api/session", { ...payload, maxParticipants: 21 }, dm.auth))).toMatchObject({
      status: 400,
      data: { error: expect.any(String) },
    });
    expect(await run(postSession, send("POST", "/api/session", { ...payload, currency: "USD" }, dm.auth))).toMatchObject({
      status: 400,
      data: { error: "OXXO is only available for MXN" },
    });
    expect((await run(postSession, send("POST", "/api/session", { ...payload, date: "2020-01-01T00:00:00Z" }, dm.auth))).status).toBe(400);
    const created = await run(postSession, send("POST", "/api/session", payload, dm.auth));
    expect(created.status).toBe(201);
    expect(await titleOf((created.data as { id: string }).id)).toBe(payload.title);
  });

  it("searches as a list or grouped, with tags as {id, name} and prices in cents", async () => {
    const { dm, id } = await hostWithSession();
    const list = await run(searchApi, get(`/api/session/search?groupBySeries=false&userId=${dm.id}`, player.auth));
    expect(list.data).toEqual([
      expect.objectContaining({
        id,
        price: 12550,
        minPlayers: 2,
        type: "standalone",
        allowedPaymentMethods: ["CARD", "OXXO"],
        tags: [
          { id: "one-shot", name: "One-shot" },
          { id: "sandbox", name: "Sandbox" },
        ],
      }),
    ]);
    const grouped = await run(searchApi, get(`/api/session/search?userId=${dm.id}`, player.auth));
    expect(grouped.data).toMatchObject({ grouped: true, series: [], individualSessions: [{ id }] });
  });

  it("lets only the host patch: players and other DMs get 403 and change nothing", async () => {
    const { dm, id } = await hostWithSession();
    const otherDm = await who("dm");
    for (const stranger of [player, otherDm]) {
      expect((await run(patchSession, send("PATCH", `/api/session/${id}`, { ...payload, title: "Stolen" }, stranger.auth), { id })).status).toBe(403);
    }
    expect(await titleOf(id)).toBe(payload.title);
    expect((await run(patchSession, send("PATCH", "/api/session/nope", payload, dm.auth), { id: "nope" })).status).toBe(404);
    expect((await run(patchSession, send("PATCH", `/api/session/${id}`, { ...payload, title: "Renamed" }, dm.auth), { id })).status).toBe(200);
    expect(await titleOf(id)).toBe("Renamed");
  });

  it("lists a user's own upcoming sessions and keeps others' private", async () => {
    const { dm, id } = await hostWithSession();
    const mine = await run(upcoming, get(`/api/upcoming-sessions/${dm.id}`, dm.auth), { userId: dm.id });
    expect(mine.data).toEqual([expect.objectContaining({ id, title: payload.title })]);
    expect((await run(upcoming, get(`/api/upcoming-sessions/${dm.id}`, player.auth), { userId: dm.id })).status).toBe(403);
  });

  it("answers the DM summary, 404 for players", async () => {
    const dm = await who("dm");
    expect((await run(dmApi, get(`/api/dm?userId=${dm.id}`, player.auth))).data).toMatchObject({ id: dm.id, userId: dm.id });
    expect((await run(dmApi, get(`/api/dm?userId=${player.id}`, player.auth))).status).toBe(404);
  });
});

describe("removing people", () => {
  it("lets the host remove a participant, a player leave, and refuses strangers", async () => {
    const { dm, id } = await hostWithSession();
    const stranger = await who("user");
    await getDb().insertInto("bookings").values({ session_id: id, user_id: player.id, status: "CONFIRMED", amount_cents: 0, currency: "MXN" }).execute();
    await getDb()
      .insertInto("waitlist_entries")
      .values([
        { session_id: id, user_id: stranger.id, position: 1 },
        { session_id: id, user_id: dm.id, position: 2 },
      ])
      .execute();
    const { action: bookingsApi } = await import("../../app/routes/api.bookings");
    const { action: waitlistApi } = await import("../../app/routes/api.waitlist");
    expect(await run(bookingsApi, send("DELETE", "/api/bookings", { sessionId: id, userId: player.id }, stranger.auth))).toMatchObject({
      status: 403,
      data: { error: "Failed to remove participant" },
    });
    expect((await run(bookingsApi, send("DELETE", "/api/bookings", { sessionId: id, userId: player.id }, dm.auth))).status).toBe(200);
    expect(await run(bookingsApi, send("DELETE", "/api/bookings", { sessionId: id, userId: player.id }, dm.auth))).toMatchObject({
      status: 404,
      data: { error: "Booking not found" },
    });
    expect((await run(waitlistApi, send("DELETE", "/api/waitlist", { sessionId: id, userId: stranger.id }, stranger.auth))).status).toBe(200);
    const left = await getDb().selectFrom("waitlist_entries").select(["user_id", "position"]).where("session_id", "=", id).execute();
    expect(left).toEqual([{ user_id: dm.id, position: 1 }]);
    expect((await run(waitlistApi, send("DELETE", "/api/waitlist", { sessionId: "x" }, dm.auth))).status).toBe(400);
  });
});
