import { beforeAll, describe, expect, it } from "vitest";
import { issueApiTokens } from "../../app/modules/auth/api-tokens.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { loader as pastSessions } from "../../app/routes/api.past-sessions.$userId";
import { action as postSession } from "../../app/routes/api.session._index";
import { action as patchSession } from "../../app/routes/api.session.$id";
import { action as postSeries } from "../../app/routes/api.session-series._index";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { markVerified, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
type Who = { id: string; email: string; auth: Record<string, string> };
async function who(role: "user" | "dm"): Promise<Who> {
  const { deps } = testDeps();
  const email = uniqueEmail(role);
  const created = await signUp(deps, { ...signupInput(email), role }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  const tokens = await issueApiTokens(deps, created.userId);
  return { id: created.userId, email, auth: { Authorization: `Bearer ${tokens!.access_token}` } };
}
const send = (method: string, path: string, body: unknown, auth: Record<string, string>) =>
  new Request(`${base}${path}`, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...auth } });
const get = (path: string, auth: Record<string, string>) => new Request(`${base}${path}`, { headers: auth });
const at = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const payload = (date: string) => ({ title: "Mesa de reglas", game: "Pathfinder", date, duration: 120, maxParticipants: 4, price: 0 });
const startsAt = async (id: string) => (await getDb().selectFrom("sessions").select("starts_at").where("id", "=", id).executeTakeFirstOrThrow()).starts_at;

let dm: Who;
let player: Who;
let other: Who;
beforeAll(async () => {
  [dm, player, other] = await Promise.all([who("dm"), who("user"), who("user")]);
});

async function createSession(date: string) {
  const created = await run(postSession, send("POST", "/api/session", payload(date), dm.auth));
  expect(created.status).toBe(201);
  return (created.data as { id: string }).id;
}

describe("PATCH /api/session/{id} and dates", () => {
  it("refuses to move a session into the past, as POST refuses to create one there", async () => {
    const id = await createSession(at(10));
    expect(await run(postSession, send("POST", "/api/session", payload(at(-1)), dm.auth))).toMatchObject({
      status: 400,
      data: { error: "date must be in the future" },
    });
    expect(await run(patchSession, send("PATCH", `/api/session/${id}`, payload(at(-1)), dm.auth), { id })).toMatchObject({
      status: 400,
      data: { error: "date must be in the future" },
    });
    expect(new Date(await startsAt(id)).toISOString()).toBe(at(10));
    expect((await run(patchSession, send("PATCH", `/api/session/${id}`, payload(at(12)), dm.auth), { id })).status).toBe(200);
    expect(new Date(await startsAt(id)).toISOString()).toBe(at(12));
  });

  it("still lets the host fix the text of a session that already took place, at its own date", async () => {
    const id = await createSession(at(5));
    await getDb()
      .updateTable("sessions")
      .set({ starts_at: new Date(at(-3)) })
      .where("id", "=", id)
      .execute();
    expect((await run(patchSession, send("PATCH", `/api/session/${id}`, { ...payload(at(-3)), title: "Crónica" }, dm.auth), { id })).status).toBe(200);
    expect(await run(patchSession, send("PATCH", `/api/session/${id}`, payload(at(-2)), dm.auth), { id })).toMatchObject({ status: 400 });
  });
});

describe("durations: 15 to 480 minutes in steps of 15, as in the forms", () => {
  const error = "duration must be between 15 and 480 minutes, in steps of 15";
  it.each([50, 0, 10, 485, 495, 90.5])("refuses %i minutes on session POST and PATCH and series POST", async (duration) => {
    expect(await run(postSession, send("POST", "/api/session", { ...payload(at(20)), duration }, dm.auth))).toMatchObject({ status: 400, data: { error } });
    const id = await createSession(at(21, 3 + (duration % 7)));
    expect(await run(patchSession, send("PATCH", `/api/session/${id}`, { ...payload(at(21, 3 + (duration % 7))), duration }, dm.auth), { id })).toMatchObject({
      status: 400,
      data: { error },
    });
    const series = {
      title: "Serie",
      game: "D&D 5e",
      frequency: "WEEKLY",
      startDate: at(3).slice(0, 10),
      sessionInstructions: "Llega puntual, por favor.",
      duration,
    };
    expect(await run(postSeries, send("POST", "/api/session-series", series, dm.auth))).toMatchObject({ status: 400, data: { error } });
  });

  it("accepts the presets and custom steps", async () => {
    for (const [i, duration] of [15, 45, 60, 195, 480].entries()) {
      expect((await run(postSession, send("POST", "/api/session", { ...payload(at(30 + i)), duration }, dm.auth))).status).toBe(201);
    }
  });
});

describe("GET /api/past-sessions/{userId}", () => {
  it("lists each past session with its host, its bookings (emails for the host) and its reviews", async () => {
    await getDb()
      .updateTable("profiles")
      .set({ bio: "Narradora desde 2010", description: "Terror y misterio", avatar_url: "https://img.example.com/ana.webp" })
      .where("user_id", "=", dm.id)
      .execute();
    const id = await createSession(at(4));
    await getDb()
      .insertInto("bookings")
      .values([
        { session_id: id, user_id: player.id, status: "CONFIRMED", amount_cents: 0, currency: "MXN" },
        { session_id: id, user_id: other.id, status: "CONFIRMED", amount_cents: 0, currency: "MXN" },
      ])
      .execute();
    await getDb()
      .updateTable("sessions")
      .set({ starts_at: new Date(at(-5)) })
      .where("id", "=", id)
      .execute();

    const asHost = await run(pastSessions, get(`/api/past-sessions/${dm.id}`, dm.auth), { userId: dm.id });
    expect(asHost.status).toBe(200);
    const mine = (asHost.data as { id: string }[]).find((s) => s.id === id);
    expect(mine).toMatchObject({
      id,
      user: { id: dm.id, bio: "Narradora desde 2010", description: "Terror y misterio", avatarUrl: "https://img.example.com/ana.webp" },
      reviews: [],
    });
    // Both bookings were made in one statement, so their order is not defined.
    type Booking = { userId: string; status: string; user: { email: string | null } };
    const byUser = (list: Booking[]) => [...list].sort((x, y) => x.userId.localeCompare(y.userId));
    expect(byUser((mine as unknown as { bookings: Booking[] }).bookings)).toEqual(
      byUser([
        { userId: player.id, status: "CONFIRMED", user: { email: player.email } },
        { userId: other.id, status: "CONFIRMED", user: { email: other.email } },
      ]),
    );

    // A player sees who played, but only their own email.
    const asPlayer = await run(pastSessions, get(`/api/past-sessions/${player.id}`, player.auth), { userId: player.id });
    expect(asPlayer.data).toEqual([
      expect.objectContaining({
        id,
        user: expect.objectContaining({ bio: "Narradora desde 2010" }),
        bookings: expect.arrayContaining([
          { userId: player.id, status: "CONFIRMED", user: { email: player.email } },
          { userId: other.id, status: "CONFIRMED", user: { email: null } },
        ]),
        reviews: [],
      }),
    ]);
    expect((await run(pastSessions, get(`/api/past-sessions/${player.id}`, other.auth), { userId: player.id })).status).toBe(403);
  });
});
