import { beforeAll, describe, expect, it } from "vitest";
import { issueApiTokens } from "../../app/modules/auth/api-tokens.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { action as create } from "../../app/routes/$lang.create";
import { loader as detail } from "../../app/routes/$lang.session.$id._index/route";
import { action as postSession } from "../../app/routes/api.session._index";
import { action as patchSession } from "../../app/routes/api.session.$id";
import { action as postSeries } from "../../app/routes/api.session-series._index";
import { action as patchSeries } from "../../app/routes/api.session-series.$id";
import { getDb } from "../../db/client.server";
import { sessionCount, sessionFormFields } from "../fixtures/sessions";
import { insertActivePayoutAccount } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, markVerified, meta, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

// process.env.APP_URL in the tests (tests/setup/each-file.ts): local uploads were once stored under it.
const base = "http://localhost:3000";
const ownKey = "0a1b2c3d-0000-4000-8000-000000000001/series/1800000000000-portada.png";
const foreign = [
  "javascript:alert(1)",
  "https://tracker.example/pixel.png",
  `https://evil.example/uploads/${ownKey}`,
  `//evil.example/uploads/${ownKey}`,
  "/uploads/../session-secret",
  "data:image/png;base64,iVBORw0KGgo=",
];

let dm = { id: "", cookie: "", auth: {} as Record<string, string> };
beforeAll(async () => {
  const { deps } = testDeps();
  const created = await signUp(deps, { ...signupInput(uniqueEmail("dm")), role: "dm" }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  // The session form's fields are a paid session's: its DM's payout account takes charges (decision record 084).
  await insertActivePayoutAccount(deps.db, created.userId, deps.now);
  const cookie = await cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
  const tokens = await issueApiTokens(deps, created.userId);
  dm = {
    id: created.userId,
    cookie,
    auth: { Authorization: `Bearer ${tokens!.access_token}` },
  };
});

let day = 300;
const sessionFields = () => {
  day += 1;
  const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  return sessionFormFields("Mesa con dirección", date, { price: "100" });
};
const imageOf = async (id: string) => (await getDb().selectFrom("sessions").select("image_url").where("id", "=", id).executeTakeFirstOrThrow()).image_url;
const json = (method: string, path: string, body: unknown) =>
  new Request(`${base}${path}`, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...dm.auth } });

describe("the session form's imageUrl", () => {
  it("refuses any address that is not one of our uploads, and creates nothing", async () => {
    const before = await sessionCount();
    for (const imageUrl of foreign) {
      const result = await run(create, form(`${base}/es/create`, { ...sessionFields(), imageUrl }, { Cookie: dm.cookie }), { lang: "es" });
      expect(result.status, imageUrl).toBe(400);
      expect(result.data, imageUrl).toMatchObject({ imageProblem: { key: "imageUrlInvalid" } });
    }
    expect(await sessionCount()).toBe(before);
  });

  it("keeps one of our uploads, storing an older absolute local address as the same-origin path", async () => {
    const created = await run(create, form(`${base}/es/create`, { ...sessionFields(), imageUrl: `${base}/uploads/${ownKey}` }, { Cookie: dm.cookie }), {
      lang: "es",
    });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").pop()!;
    expect(await imageOf(id)).toBe(`/uploads/${ownKey}`);
  });

  it("shows an image stored under the old absolute local address from the page's own origin", async () => {
    const created = await run(create, form(`${base}/es/create`, sessionFields(), { Cookie: dm.cookie }), { lang: "es" });
    const id = created.headers.get("Location")!.split("/").pop()!;
    await getDb()
      .updateTable("sessions")
      .set({ image_url: `${base}/uploads/${ownKey}` })
      .where("id", "=", id)
      .execute();
    const page = await run(detail, new Request(`${base}/es/session/${id}`), { lang: "es", id });
    expect(page.data).toMatchObject({ session: { imageUrl: `/uploads/${ownKey.replace(/\.png$/, ".w800.webp")}` } });
    // Older data pointing elsewhere is not shown at all.
    await getDb().updateTable("sessions").set({ image_url: "https://tracker.example/pixel.png" }).where("id", "=", id).execute();
    expect((await run(detail, new Request(`${base}/es/session/${id}`), { lang: "es", id })).data).toMatchObject({ session: { imageUrl: null } });
  });
});

describe("imageUrl in the JSON API", () => {
  const inAMonth = () => new Date(Date.now() + (day += 1) * 86_400_000).toISOString();
  const session = () => ({ title: "API con imagen", game: "Pathfinder", date: inAMonth(), duration: 180, maxParticipants: 4, price: 0, currency: "MXN" });
  const series = () => ({
    title: "Serie con imagen",
    game: "Pathfinder",
    frequency: "WEEKLY",
    timezone: "America/Mexico_City",
    startDate: inAMonth(),
    dayOfWeek: 3,
    duration: 120,
    maxParticipants: 5,
    minParticipants: 2,
    sessionInstructions: "Trae tu ficha y dados.",
  });

  it("session POST and PATCH refuse other schemes and hosts with 400", async () => {
    for (const imageUrl of foreign) {
      expect(await run(postSession, json("POST", "/api/session", { ...session(), imageUrl })), imageUrl).toMatchObject({
        status: 400,
        data: { error: "imageUrl must be an image uploaded to Mesa" },
      });
    }
    const created = await run(postSession, json("POST", "/api/session", { ...session(), imageUrl: `/uploads/${ownKey}` }));
    expect(created.status).toBe(201);
    const id = (created.data as { id: string }).id;
    expect(await imageOf(id)).toBe(`/uploads/${ownKey}`);
    for (const imageUrl of foreign) {
      expect((await run(patchSession, json("PATCH", `/api/session/${id}`, { ...session(), imageUrl }), { id })).status, imageUrl).toBe(400);
    }
    expect(await imageOf(id)).toBe(`/uploads/${ownKey}`);
    expect((await run(patchSession, json("PATCH", `/api/session/${id}`, { ...session(), imageUrl: `${base}/uploads/${ownKey}` }), { id })).status).toBe(200);
    expect(await imageOf(id)).toBe(`/uploads/${ownKey}`);
  });

  it("series POST and PATCH refuse other schemes and hosts with 400", async () => {
    for (const imageUrl of foreign) {
      expect((await run(postSeries, json("POST", "/api/session-series", { ...series(), imageUrl }))).status, imageUrl).toBe(400);
    }
    const created = await run(postSeries, json("POST", "/api/session-series", { ...series(), imageUrl: `/uploads/${ownKey}` }));
    expect(created.status).toBe(201);
    const id = (created.data as { id: string }).id;
    for (const imageUrl of foreign) {
      expect((await run(patchSeries, json("PATCH", `/api/session-series/${id}`, { ...series(), imageUrl }), { id })).status, imageUrl).toBe(400);
    }
    const stored = await getDb().selectFrom("series").select("image_url").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.image_url).toBe(`/uploads/${ownKey}`);
  });
});
