import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { action as postSeries, loader as getSeriesCollection } from "../../app/routes/api.session-series._index";
import { action as patchSeries } from "../../app/routes/api.session-series.$id";
import { getDb } from "../../db/client.server";
import { seriesCount } from "../fixtures/series";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { apiCall, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
type Who = { id: string; auth: Record<string, string> };
const who = (role: "user" | "dm"): Promise<Who> => signedInUser({ role });
const send = (method: string, path: string, body: unknown, auth: Record<string, string>) => apiCall(method, path, { auth }, body);

const zone = "America/Sao_Paulo";
const day = (n: number) => DateTime.now().setZone(zone).plus({ days: n });
const payload = {
  title: "Campanha semanal",
  description: "Uma campanha longa.",
  sessionInstructions: "Entre no canal de voz antes.",
  game: "Pathfinder",
  frequency: "WEEKLY",
  timezone: zone,
  // An ISO date-time: its local time in the series' zone is the time of day.
  startDate: day(2).set({ hour: 20, minute: 30, second: 0, millisecond: 0 }).toISO()!,
  dayOfWeek: day(4).weekday % 7,
  duration: 180,
  maxParticipants: 5,
  minParticipants: 2,
  price: 2500,
  currency: "BRL",
  tags: ["Partida única", "Sandbox"],
  autoGenerateAhead: 2,
  bookingLockHours: 24,
  preSessionCheckHours: 48,
  isOngoing: true,
  endDate: day(90).toISODate(),
  imageUrl: "/uploads/0a1b2c3d/series/1800000000000-capa.webp",
};
const sessionsOf = (id: string) =>
  getDb()
    .selectFrom("sessions")
    .select(["id", "title", "starts_at", "price_cents", "tags", "image_url"])
    .where("series_id", "=", id)
    .orderBy("starts_at")
    .execute();

/** A new DM and the series they made through the API: each test that edits one makes its own. */
async function hostWithSeries() {
  const host = await who("dm");
  const created = await run(postSeries, send("POST", "/api/session-series", payload, host.auth));
  expect(created.status).toBe(201);
  return { dm: host, id: (created.data as { id: string }).id };
}

let dm: Who;
let otherDm: Who;
let player: Who;
beforeAll(async () => {
  [dm, otherDm, player] = await Promise.all([who("dm"), who("dm"), who("user")]);
});

describe("POST /api/session-series", () => {
  it.each([
    [{ sessionInstructions: "x".repeat(9) }, "Instructions must be at least 10 characters"],
    [{ sessionInstructions: "x".repeat(1001) }, "Instructions cannot exceed 1000 characters"],
    [{ tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }, "at most 10 tags"],
    [{ minParticipants: 6 }, "minParticipants cannot exceed maxParticipants"],
    [{ duration: 481 }, "duration must be between 15 and 480 minutes, in steps of 15"],
    [{ duration: 50 }, "duration must be between 15 and 480 minutes, in steps of 15"],
    [{ autoGenerateAhead: 0 }, "autoGenerateAhead must be between 1 and 10"],
    [{ autoGenerateAhead: 11 }, "autoGenerateAhead must be between 1 and 10"],
    [{ bookingLockHours: 0 }, "bookingLockHours must be between 1 and 168"],
    [{ bookingLockHours: 169 }, "bookingLockHours must be between 1 and 168"],
    [{ preSessionCheckHours: 0 }, "preSessionCheckHours must be between 1 and 168"],
    [{ preSessionCheckHours: 169 }, "preSessionCheckHours must be between 1 and 168"],
    [{ startDate: "2020-01-01" }, "startDate must be today or later"],
    [{ startDate: "next friday" }, "startDate must be an ISO date or date-time"],
    [{ frequency: "DAILY" }, "frequency must be WEEKLY, BIWEEKLY, MONTHLY or IRREGULAR"],
    [{ timezone: "Mars/Olympus" }, "timezone must be an IANA time zone"],
    [{ price: 10.5 }, "price must be a whole number of cents"],
  ])("%# %o → 400 %s, nothing saved", async (override, error) => {
    const before = await seriesCount();
    const result = await run(postSeries, send("POST", "/api/session-series", { ...payload, ...override }, dm.auth));
    expect(result).toMatchObject({ status: 400, data: { error: expect.stringContaining(error) } });
    expect(await seriesCount()).toBe(before);
  });

  it("answers 401 without a token, 403 to players, 405 to other methods, 400 to a body that is not JSON", async () => {
    expect(await run(postSeries, send("POST", "/api/session-series", payload, {}))).toMatchObject({ status: 401, data: { error: "Authentication required" } });
    expect(await run(postSeries, send("POST", "/api/session-series", payload, player.auth))).toMatchObject({
      status: 403,
      data: { error: expect.any(String) },
    });
    expect((await run(getSeriesCollection, new Request(`${base}/api/session-series`))).status).toBe(405);
    const broken = new Request(`${base}/api/session-series`, { method: "POST", body: "{nope", headers: { "Content-Type": "application/json", ...dm.auth } });
    expect((await run(postSeries, broken)).status).toBe(400);
  });

  it("creates the series in its zone, tags as labels, price in cents, no end date when ongoing", async () => {
    const created = await run(postSeries, send("POST", "/api/session-series", payload, dm.auth));
    expect(created).toMatchObject({ status: 201, data: { sessionsCreated: 2 } });
    const id = (created.data as { id: string }).id;
    const series = await getDb().selectFrom("series").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(series).toMatchObject({
      time_zone: zone,
      is_ongoing: true,
      end_date: null,
      price_cents: 2500,
      tags: ["one-shot", "Sandbox"],
      pre_session_check_hours: 48,
      allowed_payment_methods: ["CARD"],
      image_url: payload.imageUrl,
    });
    const sessions = await sessionsOf(id);
    expect(sessions.map((s) => DateTime.fromJSDate(new Date(s.starts_at), { zone }).toFormat("ccc HH:mm"))).toEqual([
      day(4).toFormat("ccc 20:30"),
      day(4).toFormat("ccc 20:30"),
    ]);
    expect(sessions[0]).toMatchObject({ price_cents: 2500, tags: ["one-shot", "Sandbox"], image_url: payload.imageUrl });
  });
});

describe("PATCH /api/session-series/{id}", () => {
  it("lets only the host change it: 403 for another DM, 404 for an unknown id, 400 for bad input", async () => {
    const { dm, id } = await hostWithSeries();
    expect(await run(patchSeries, send("PATCH", `/api/session-series/${id}`, payload, otherDm.auth), { id })).toMatchObject({
      status: 403,
      data: { error: "You can only edit your own series" },
    });
    expect(await run(patchSeries, send("PATCH", "/api/session-series/nope", payload, dm.auth), { id: "nope" })).toMatchObject({
      status: 404,
      data: { error: "Series not found" },
    });
    const bad = await run(patchSeries, send("PATCH", `/api/session-series/${id}`, { ...payload, title: "Otra", duration: 481 }, dm.auth), { id });
    expect(bad).toMatchObject({ status: 400, data: { error: "duration must be between 15 and 480 minutes, in steps of 15" } });
    expect((await sessionsOf(id)).map((s) => s.title)).toEqual([payload.title, payload.title]);
  });

  it("carries the change to sessions nobody booked; a booked one keeps its price", async () => {
    const { dm, id } = await hostWithSeries();
    const [booked] = await sessionsOf(id);
    await getDb()
      .insertInto("bookings")
      .values({ session_id: booked!.id, user_id: player.id, status: "PENDING_PAYMENT", amount_cents: 2500, currency: "BRL" })
      .execute();
    const result = await run(
      patchSeries,
      send("PATCH", `/api/session-series/${id}`, { ...payload, title: "Campanha nova", pricePerSession: 3000, autoGenerateAhead: 3 }, dm.auth),
      { id },
    );
    expect(result).toMatchObject({ status: 200, data: { id, success: true } });
    const sessions = await sessionsOf(id);
    expect(sessions.map((s) => [s.title, s.price_cents])).toEqual([
      [payload.title, 2500],
      ["Campanha nova", 3000],
      ["Campanha nova", 3000],
    ]);
  });
});
