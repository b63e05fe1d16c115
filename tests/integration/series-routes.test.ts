import { DateTime } from "luxon";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as createSession } from "../../app/routes/$lang.create";
import { action as manageSeries, loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { action as editSeries, loader as editPage } from "../../app/routes/$lang.series.$id.edit";
import { action as createSeries } from "../../app/routes/$lang.series.new";
import { action as editSession } from "../../app/routes/$lang.session.$id.edit";
import { loader as liveCheck } from "../../app/routes/api.schedule-conflicts";
import { action as postSeries } from "../../app/routes/api.session-series._index";
import { getDb } from "../../db/client.server";
import { seriesCount } from "../fixtures/series";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { errorsFor, fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const zone = "America/Mexico_City"; // every test user's zone (the column default)
type Who = { id: string; cookie: string };
const who = (role: "user" | "dm" | "admin") => signedInUser({ role });

const inDays = (n: number) => DateTime.now().setZone(zone).plus({ days: n });
const localDate = (n: number) => inDays(n).toISODate()!;
const weekdayIn = (n: number) => String(inDays(n).weekday % 7);
const good = {
  title: "Campaña del Abismo",
  game: "D&D 5e",
  frequency: "WEEKLY",
  dayOfWeek: weekdayIn(3),
  timeOfDay: "10:00",
  startDate: localDate(1),
  duration: "180",
  maxParticipants: "5",
  minParticipants: "3",
  autoGenerateAhead: "3",
  bookingLockHours: "24",
  preSessionCheckHours: "24",
  sessionInstructions: "Trae tu ficha y dados.",
  price: "150",
  currency: "MXN",
};
const sessionsOf = (seriesId: string) =>
  getDb()
    .selectFrom("sessions")
    .select(["id", "title", "starts_at", "is_modified", "duration_minutes"])
    .where("series_id", "=", seriesId)
    .orderBy("starts_at")
    .execute();
const newestSeriesOf = async (dmId: string) =>
  await getDb().selectFrom("series").selectAll().where("dm_id", "=", dmId).orderBy("created_at", "desc").limit(1).executeTakeFirstOrThrow();
const post = (path: string, fields: Record<string, string | string[]>, who: Who) => form(`${base}${path}`, fields, { Cookie: who.cookie });
const localTime = (d: Date | string) => DateTime.fromJSDate(new Date(d), { zone }).toFormat("yyyy-MM-dd HH:mm");
const seriesRow = (id: string) => getDb().selectFrom("series").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/**
 * A new DM and the weekly series they made through the form. Every test that needs a series makes
 * its own this way, so none depends on what an earlier test left behind (or on running after it).
 */
async function hostWithSeries(fields: Record<string, string | string[]> = {}) {
  const host = await who("dm");
  const created = await run(createSeries, post("/es/series/new", { ...good, tags: ["one-shot"], tagsOther: "Sandbox", ...fields }, host), { lang: "es" });
  expect(created.status).toBe(302);
  return { host, seriesId: (await newestSeriesOf(host.id)).id };
}

let dm: Who;
let otherDm: Who;
beforeAll(async () => {
  dm = await who("dm");
  otherDm = await who("dm");
});

describe("series form: bad input is explained, kept, and saves nothing", () => {
  it.each([
    [{ sessionInstructions: "x".repeat(9) }, "sessionInstructions", "seriesInstructionsTooShort"],
    [{ sessionInstructions: "x".repeat(1001) }, "sessionInstructions", "seriesInstructionsTooLong"],
    [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, "tags", "tooManySeriesTags"],
    [{ tags: ["one-shot", "weekly", "latam", "homebrew", "streaming", "uses-vtt"] }, "tags", "tooManySeriesTags"],
    [{ minParticipants: "6" }, "minParticipants", "minAboveMax"],
    [{ duration: "481" }, "duration", "durationTooLong"],
    [{ autoGenerateAhead: "0" }, "autoGenerateAhead", "autoGenerateInvalid"],
    [{ autoGenerateAhead: "11" }, "autoGenerateAhead", "autoGenerateInvalid"],
    [{ bookingLockHours: "0" }, "bookingLockHours", "lockHoursInvalid"],
    [{ bookingLockHours: "169" }, "bookingLockHours", "lockHoursInvalid"],
    [{ preSessionCheckHours: "0" }, "preSessionCheckHours", "preSessionCheckInvalid"],
    [{ preSessionCheckHours: "169" }, "preSessionCheckHours", "preSessionCheckInvalid"],
    [{ startDate: "2020-01-01" }, "startDate", "datePast"],
  ])("%# create %o → 400 %s %s", async (override, field, key) => {
    const before = await seriesCount();
    const result = await run(createSeries, post("/es/series/new", { ...good, title: "Lo que escribí", ...override }, dm), { lang: "es" });
    expect(result.status).toBe(400);
    expect(errorsFor(result.data, field)).toContain(key);
    expect(initialValue(result.data)).toMatchObject({ title: "Lo que escribí", game: "D&D 5e" });
    expect(await seriesCount()).toBe(before);
  });

  it("refuses players", async () => {
    const player = await who("user");
    expect((await run(createSeries, post("/es/series/new", good, player), { lang: "es" })).status).toBe(403);
  });
});

describe("creating, warning about overlaps, editing", () => {
  it("creates a weekly series and its first sessions, then goes to /sessions", async () => {
    const dm = await who("dm");
    const created = await run(createSeries, post("/es/series/new", { ...good, tags: ["one-shot"], tagsOther: "Sandbox" }, dm), { lang: "es" });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/es/sessions");
    const series = await newestSeriesOf(dm.id);
    const seriesId = series.id;
    expect(series).toMatchObject({ title: good.title, tags: ["one-shot", "Sandbox"], price_cents: 15000, is_ongoing: false });
    const sessions = await sessionsOf(seriesId);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => localTime(s.starts_at).slice(11))).toEqual(["10:00", "10:00", "10:00"]);
  });

  it("warns when the host already hosts a session at that time; 'Save anyway' saves", async () => {
    const { host: dm } = await hostWithSeries();
    const clash = { ...good, title: "Otra campaña", timeOfDay: "11:00" };
    const before = await seriesCount();
    const warned = await run(createSeries, post("/es/series/new", clash, dm), { lang: "es" });
    expect(warned.status).toBe(409);
    const overlap = (warned.data as { overlap: { conflicts: { title: string }[]; token: string } }).overlap;
    expect(overlap.conflicts.map((c) => c.title)).toEqual([good.title, good.title, good.title]);
    expect(initialValue(warned.data)).toMatchObject({ title: "Otra campaña" });
    expect(await seriesCount()).toBe(before);
    // Another DM at the same time is no conflict.
    expect((await run(createSeries, post("/es/series/new", clash, otherDm), { lang: "es" })).status).toBe(302);
    const saved = await run(createSeries, post("/es/series/new", { ...clash, confirmOverlap: overlap.token }, dm), { lang: "es" });
    expect(saved.status).toBe(302);
    expect(await seriesCount()).toBe(before + 2);
  });

  it("the session form warns too, and the live check gives the same answer", async () => {
    const { host: dm, seriesId } = await hostWithSeries();
    const first = (await sessionsOf(seriesId))[0]!;
    const [date, time] = localTime(first.starts_at).split(" ") as [string, string];
    const session = {
      title: "Partida suelta",
      game: "Pathfinder",
      date,
      time,
      duration: "60",
      maxParticipants: "4",
      minParticipants: "2",
      price: "0",
      currency: "MXN",
    };
    const warned = await run(createSession, post("/es/create", session, dm), { lang: "es" });
    expect(warned.status).toBe(409);
    const token = (warned.data as { overlap: { token: string } }).overlap.token;
    const live = await run(
      liveCheck,
      new Request(`${base}/api/schedule-conflicts?kind=session&lang=es&date=${date}&time=${time}&duration=60`, { headers: { Cookie: dm.cookie } }),
    );
    expect(live.data).toMatchObject({ token, conflicts: [{ title: good.title }] });
    const other = await run(
      liveCheck,
      new Request(`${base}/api/schedule-conflicts?kind=session&lang=es&date=${date}&time=06:00&duration=60`, { headers: { Cookie: dm.cookie } }),
    );
    expect(other.data).toEqual({ conflicts: [], token: "" });
    expect((await run(liveCheck, new Request(`${base}/api/schedule-conflicts?kind=session&date=${date}&time=${time}&duration=60`))).status).toBe(401);
    const saved = await run(createSession, post("/es/create", { ...session, confirmOverlap: token }, dm), { lang: "es" });
    expect(saved.status).toBe(302);
    // Editing that session warns about the series, not about itself.
    const id = saved.headers.get("Location")!.split("/").pop()!;
    const edit = await run(editSession, post(`/es/session/${id}/edit`, session, dm), { lang: "es", id });
    expect(edit.status).toBe(409);
    expect((edit.data as { overlap: { conflicts: { id: string }[] } }).overlap.conflicts.map((c) => c.id)).not.toContain(id);
  });

  it("lets only the host open the edit page: 403 for another DM, 404 for an unknown id", async () => {
    const { host: dm, seriesId } = await hostWithSeries();
    const page = await run(editPage, new Request(`${base}/es/series/${seriesId}/edit`, { headers: { Cookie: dm.cookie } }), { lang: "es", id: seriesId });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      values: { title: good.title, timeOfDay: "10:00", startDate: good.startDate, tags: ["one-shot", "Sandbox"], price: "150" },
    });
    expect(
      (await run(editPage, new Request(`${base}/es/series/${seriesId}/edit`, { headers: { Cookie: otherDm.cookie } }), { lang: "es", id: seriesId })).status,
    ).toBe(403);
    expect((await run(editSeries, post(`/es/series/${seriesId}/edit`, { ...good, title: "Robada" }, otherDm), { lang: "es", id: seriesId })).status).toBe(403);
    expect((await run(editPage, new Request(`${base}/es/series/nope/edit`, { headers: { Cookie: dm.cookie } }), { lang: "es", id: "nope" })).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await run(editPage, new Request(`${base}/es/series/${unknown}/edit`, { headers: { Cookie: dm.cookie } }), { lang: "es", id: unknown })).status,
    ).toBe(404);
    const anonymous = await run(editPage, new Request(`${base}/es/series/${seriesId}/edit`), { lang: "es", id: seriesId });
    expect(anonymous.headers.get("Location")).toContain("/es/login?redirect=");
  });

  it("lets an admin open another host's series for editing", async () => {
    const { seriesId } = await hostWithSeries();
    const admin = await who("admin");
    const page = await run(editPage, new Request(`${base}/es/series/${seriesId}/edit`, { headers: { Cookie: admin.cookie } }), { lang: "es", id: seriesId });
    expect(page).toMatchObject({ status: 200, data: { values: { title: good.title } } });
  });

  it("refuses bad input on edit and changes nothing", async () => {
    const { host: dm, seriesId } = await hostWithSeries();
    const before = await sessionsOf(seriesId);
    for (const [override, field, key] of [
      [{ sessionInstructions: "x".repeat(9) }, "sessionInstructions", "seriesInstructionsTooShort"],
      [{ duration: "481" }, "duration", "durationTooLong"],
      [{ autoGenerateAhead: "11" }, "autoGenerateAhead", "autoGenerateInvalid"],
      [{ startDate: "2020-01-01" }, "startDate", "datePast"],
    ] as const) {
      const result = await run(editSeries, post(`/es/series/${seriesId}/edit`, { ...good, title: "Cambiada", ...override }, dm), { lang: "es", id: seriesId });
      expect(result.status).toBe(400);
      expect(fieldErrors(result.data)[field]).toContain(key);
      expect(initialValue(result.data)).toMatchObject({ title: "Cambiada" });
    }
    expect(await sessionsOf(seriesId)).toEqual(before);
    expect((await seriesRow(seriesId)).title).toBe(good.title);
  });

  it("carries an edit to untouched upcoming sessions; booked and modified ones stay", async () => {
    const { host: dm, seriesId } = await hostWithSeries();
    const [booked, modified, free] = await sessionsOf(seriesId);
    const player = await who("user");
    await getDb()
      .insertInto("bookings")
      .values({ session_id: booked!.id, user_id: player.id, status: "CONFIRMED", amount_cents: 15000, currency: "MXN" })
      .execute();
    await getDb().updateTable("sessions").set({ is_modified: true, title: "Sesión especial" }).where("id", "=", modified!.id).execute();

    const result = await run(
      editSeries,
      post(
        `/es/series/${seriesId}/edit`,
        { ...good, title: "Campaña renovada", timeOfDay: "07:00", duration: "120", isOngoing: "on", endDate: localDate(60) },
        dm,
      ),
      { lang: "es", id: seriesId },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/es/sessions");
    const after = await sessionsOf(seriesId);
    const byId = new Map(after.map((s) => [s.id, s]));
    expect(byId.get(booked!.id)).toMatchObject({ title: good.title, duration_minutes: 180 });
    expect(localTime(byId.get(booked!.id)!.starts_at)).toBe(localTime(booked!.starts_at));
    expect(byId.get(modified!.id)).toMatchObject({ title: "Sesión especial", is_modified: true });
    // The untouched one keeps its id and its day, and takes the new title, time and length.
    expect(byId.get(free!.id)).toMatchObject({ title: "Campaña renovada", duration_minutes: 120, is_modified: false });
    expect(localTime(byId.get(free!.id)!.starts_at)).toBe(`${localTime(free!.starts_at).slice(0, 10)} 07:00`);
    // Days that keep a session get no second one.
    expect(after).toHaveLength(3);
    // Ongoing clears the end date even though one was sent.
    const series = await getDb()
      .selectFrom("series")
      .select(["title", "is_ongoing", "end_date", "duration_minutes"])
      .where("id", "=", seriesId)
      .executeTakeFirstOrThrow();
    expect(series).toMatchObject({ title: "Campaña renovada", is_ongoing: true, end_date: null, duration_minutes: 120 });
  });

  it("the detail page links the host to the edit page, and nobody else", async () => {
    const { host: dm, seriesId } = await hostWithSeries();
    const host = await run(seriesPage, new Request(`${base}/es/series/${seriesId}`, { headers: { Cookie: dm.cookie } }), { lang: "es", id: seriesId });
    expect(host.data).toMatchObject({ manage: { editHref: `/es/series/${seriesId}/edit`, irregular: false } });
    const other = await run(seriesPage, new Request(`${base}/es/series/${seriesId}`, { headers: { Cookie: otherDm.cookie } }), { lang: "es", id: seriesId });
    expect(other.data).toMatchObject({ manage: null });
  });
});

describe("sessions added by hand to an IRREGULAR series", () => {
  let seriesId = "";
  const add = (fields: Record<string, string>, as: Who = dm) =>
    run(manageSeries, post(`/es/series/${seriesId}`, { intent: "addSession", ...fields }, as), { lang: "es", id: seriesId });
  const generate = (fields: Record<string, string>, as: Who = dm) =>
    run(manageSeries, post(`/es/series/${seriesId}`, { intent: "generate", ...fields }, as), { lang: "es", id: seriesId });

  // A fresh irregular series (no sessions yet) for every test.
  beforeEach(async () => {
    const body = {
      title: "Mesa irregular",
      game: "Call of Cthulhu",
      frequency: "IRREGULAR",
      startDate: localDate(5),
      timeOfDay: "20:00",
      sessionInstructions: "Llega puntual, por favor.",
      isOngoing: true,
    };
    const created = await run(
      postSeries,
      new Request(`${base}/api/session-series`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", Cookie: dm.cookie },
      }),
    );
    expect(created).toMatchObject({ status: 201, data: { sessionsCreated: 0 } });
    seriesId = (created.data as { id: string }).id;
  });

  it("adds a session at a local date and time, once", async () => {
    const page = await run(seriesPage, new Request(`${base}/es/series/${seriesId}`, { headers: { Cookie: dm.cookie } }), { lang: "es", id: seriesId });
    expect(page.data).toMatchObject({ schedule: "Irregular (sesiones añadidas a mano)", manage: { irregular: true, addDefaults: { time: "20:00" } } });
    const added = await add({ date: localDate(7), time: "18:15" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/es/series/${seriesId}`);
    expect((await sessionsOf(seriesId)).map((s) => localTime(s.starts_at))).toEqual([`${localDate(7)} 18:15`]);
    expect(await add({ date: localDate(7), time: "18:15" })).toMatchObject({
      status: 400,
      data: { intent: "addSession", result: { error: { date: ["sessionExists"] } } },
    });
  });

  it("explains bad dates and counts and keeps what was typed", async () => {
    const past = await add({ date: "2020-01-01", time: "18:15" });
    expect(past).toMatchObject({
      status: 400,
      data: { intent: "addSession", result: { error: { date: ["datePast"] }, initialValue: { date: "2020-01-01", time: "18:15" } } },
    });
    expect((await add({ date: localDate(8), time: "25:00" })).data).toMatchObject({ result: { error: { time: ["timeRequired"] } } });
    for (const [fields, field, key] of [
      [{ count: "0", daysBetween: "7" }, "count", "generateCountInvalid"],
      [{ count: "11", daysBetween: "7" }, "count", "generateCountInvalid"],
      [{ count: "2", daysBetween: "0" }, "daysBetween", "daysBetweenInvalid"],
      [{ count: "2", daysBetween: "31" }, "daysBetween", "daysBetweenInvalid"],
    ] as const) {
      const result = await generate(fields);
      expect(result.status).toBe(400);
      expect((result.data as { result: unknown }).result).toMatchObject({ error: { [field]: [key] }, initialValue: fields });
    }
    expect(await sessionsOf(seriesId)).toHaveLength(0);
  });

  it("generates the next sessions after the last one, at its local time", async () => {
    expect((await add({ date: localDate(7), time: "18:15" })).status).toBe(302);
    const result = await generate({ count: "2", daysBetween: "10" });
    expect(result.status).toBe(302);
    expect((await sessionsOf(seriesId)).map((s) => localTime(s.starts_at))).toEqual([
      `${localDate(7)} 18:15`,
      `${localDate(17)} 18:15`,
      `${localDate(27)} 18:15`,
    ]);
  });

  it("refuses other DMs, and weekly series", async () => {
    expect((await add({ date: localDate(9), time: "18:00" }, otherDm)).status).toBe(403);
    expect((await generate({ count: "1", daysBetween: "1" }, otherDm)).status).toBe(403);
    const { host: weeklyHost, seriesId: weeklyId } = await hostWithSeries();
    const weekly = { id: weeklyId };
    const refused = await run(manageSeries, post(`/es/series/${weekly.id}`, { intent: "addSession", date: localDate(9), time: "18:00" }, weeklyHost), {
      lang: "es",
      id: weekly.id,
    });
    expect(refused).toMatchObject({ status: 400, data: { result: { error: { "": ["onlyIrregular"] } } } });
  });
});
