import { describe, expect, it } from "vitest";
import { parseSearchParams } from "../../app/modules/sessions/search";
import { searchSessions } from "../../app/modules/sessions/sessions.server";
import { action as create } from "../../app/routes/$lang.create";
import { loader as detail } from "../../app/routes/$lang.session.$id._index/route";
import { action as edit } from "../../app/routes/$lang.session.$id.edit";
import { loader as searchPage } from "../../app/routes/$lang.sessions/route";
import { action as postSession } from "../../app/routes/api.session._index";
import { action as patchSession } from "../../app/routes/api.session.$id";
import { action as postSeries } from "../../app/routes/api.session-series._index";
import { getDb } from "../../db/client.server";
import { createSession, sessionFormFields } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { errorsFor, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const good = sessionFormFields("Mesa segura", tomorrow);
const toolsOf = async (id: string) => (await getDb().selectFrom("sessions").select("safety_tools").where("id", "=", id).executeTakeFirstOrThrow()).safety_tools;

describe("the safety tools of a session", () => {
  it("are chosen on the create and edit forms, shown on the page, and an unknown tool is refused keeping what was typed", async () => {
    const dm = await signedInUser({ role: "dm" });
    const refused = await run(create, form(`${base}/es/create`, { ...good, safetyTools: ["x_card", "d20"] }, { Cookie: dm.cookie }), { lang: "es" });
    expect(refused.status).toBe(400);
    expect(errorsFor(refused.data, "safetyTools")).toContain("safety:validation.unknownTool");
    expect(JSON.stringify(refused.data)).toContain("Mesa segura");

    const created = await run(create, form(`${base}/es/create`, { ...good, safetyTools: ["open_door", "x_card"] }, { Cookie: dm.cookie }), { lang: "es" });
    expect(created.status).toBe(302);
    const id = (await getDb().selectFrom("sessions").select("id").where("dm_id", "=", dm.id).executeTakeFirstOrThrow()).id;
    expect(await toolsOf(id)).toEqual(["x_card", "open_door"]);
    const page = await run(detail, new Request(`${base}/es/session/${id}`), { lang: "es", id });
    expect(page.data).toMatchObject({ session: { safetyTools: ["x_card", "open_door"] } });

    const edited = await run(edit, form(`${base}/es/session/${id}/edit`, { ...good, safetyTools: "session_zero" }, { Cookie: dm.cookie }), { lang: "es", id });
    expect(edited.status).toBe(302);
    expect(await toolsOf(id)).toEqual(["session_zero"]);
    const cleared = await run(edit, form(`${base}/es/session/${id}/edit`, good, { Cookie: dm.cookie }), { lang: "es", id });
    expect(cleared.status).toBe(302);
    expect(await toolsOf(id)).toEqual([]);
  });

  it("filter the search: only sessions using every tool asked for, from repeated or comma-separated params, unknown ones ignored", async () => {
    const dm = await signedInUser({ role: "dm" });
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    const both = await createSession({ host: dm.id, title: "Ambas", startsAt, columns: { safety_tools: ["x_card", "lines_and_veils"] } });
    const xOnly = await createSession({ host: dm.id, title: "Solo X", startsAt, columns: { safety_tools: ["x_card"] } });
    const none = await createSession({ host: dm.id, title: "Ninguna", startsAt });
    const ids = async (query: string) =>
      (await searchSessions({ db: getDb(), now: new Date() }, parseSearchParams(new URLSearchParams(query)), null, { timeZone: "UTC" })).rows
        .map((s) => s.id)
        .filter((id) => [both.id, xOnly.id, none.id].includes(id))
        .sort();
    expect(await ids("safetyTools=x_card")).toEqual([both.id, xOnly.id].sort());
    expect(await ids("safetyTools=x_card&safetyTools=lines_and_veils")).toEqual([both.id]);
    expect(await ids("safetyTools=lines_and_veils,x_card")).toEqual([both.id]);
    expect(await ids("safetyTools=bogus")).toEqual([both.id, xOnly.id, none.id].sort());
    expect(await ids("safetyTools=open_door")).toEqual([]);

    // The page keeps the filter in the URL's params and shows the tools on the cards.
    const viewer = await signedInUser();
    const page = await run(searchPage, new Request(`${base}/en/sessions?safetyTools=lines_and_veils`, { headers: { Cookie: viewer.cookie } }), { lang: "en" });
    const data = page.data as { params: { safetyTools: string[] } };
    expect(data.params.safetyTools).toEqual(["lines_and_veils"]);
    expect(JSON.stringify(page.data)).toContain("Lines and veils");
  });

  it("are set through the JSON API: created, kept when left out of a patch, replaced, and an unknown one is a 400", async () => {
    const dm = await signedInUser({ role: "dm" });
    const send = (method: string, path: string, body: unknown) =>
      new Request(`${base}${path}`, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...dm.auth } });
    const payload = { title: "API", game: "D&D 5e", date: new Date(Date.now() + 7 * 86_400_000).toISOString(), price: 0, currency: "MXN" };
    expect((await run(postSession, send("POST", "/api/session", { ...payload, safetyTools: ["d20"] }))).status).toBe(400);
    const created = await run(postSession, send("POST", "/api/session", { ...payload, safetyTools: ["open_door", "x_card"] }));
    expect(created.status).toBe(201);
    const id = (created.data as { id?: string; session?: { id: string } }).id ?? (created.data as { session: { id: string } }).session.id;
    expect(await toolsOf(id)).toEqual(["x_card", "open_door"]);
    expect((await run(patchSession, send("PATCH", `/api/session/${id}`, { ...payload, title: "API 2" }), { id })).status).toBe(200);
    expect(await toolsOf(id)).toEqual(["x_card", "open_door"]);
    expect((await run(patchSession, send("PATCH", `/api/session/${id}`, { ...payload, safetyTools: [] }), { id })).status).toBe(200);
    expect(await toolsOf(id)).toEqual([]);
  });

  it("of a series are set through its API and copied onto the sessions it generates", async () => {
    const dm = await signedInUser({ role: "dm" });
    const start = new Date(Date.now() + 2 * 86_400_000);
    const series = {
      title: "Campaña segura",
      description: "Una campaña con herramientas de seguridad.",
      sessionInstructions: "Entra al canal de voz antes.",
      game: "Pathfinder",
      frequency: "WEEKLY",
      timezone: "UTC",
      startDate: start.toISOString(),
      dayOfWeek: start.getUTCDay(),
      duration: 180,
      maxParticipants: 5,
      minParticipants: 2,
      price: 0,
      currency: "MXN",
      autoGenerateAhead: 2,
      isOngoing: true,
    };
    const send = (body: unknown) =>
      new Request(`${base}/api/session-series`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...dm.auth } });
    expect((await run(postSeries, send({ ...series, safetyTools: ["x_card", "nope"] }))).status).toBe(400);
    const created = await run(postSeries, send({ ...series, safetyTools: ["open_door", "lines_and_veils"] }));
    expect(created).toMatchObject({ status: 201 });
    const id = (created.data as { id: string }).id;
    const stored = await getDb().selectFrom("series").select("safety_tools").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.safety_tools).toEqual(["lines_and_veils", "open_door"]);
    const sessions = await getDb().selectFrom("sessions").select("safety_tools").where("series_id", "=", id).execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.safety_tools).toEqual(["lines_and_veils", "open_door"]);
  });
});
