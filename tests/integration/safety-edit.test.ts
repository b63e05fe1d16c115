import fs from "node:fs";
import type { LoaderFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { loader as safetyPage } from "../../app/routes/$lang.session.$id.safety";
import { action as editAction, loader as editPage } from "../../app/routes/$lang.session.$id.safety-note";
import { readToast } from "../../app/web/toast.server";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import type { SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-10-20T12:00:00Z");
const startsAt = new Date("2026-11-01T20:00:00Z");
const at = (when: Date) => ({ now: when }) as never;

const book = (id: string, fields: Record<string, string | string[]>, as: SignedInUser) =>
  run(confirmAction, form(`${base}/es/session/${id}/confirm`, { intent: "book", ...fields }, { Cookie: as.cookie }), { lang: "es", id }, at(now));
const edit = (id: string, fields: Record<string, string | string[]>, as: SignedInUser, when = now) =>
  run(editAction, form(`${base}/es/session/${id}/safety-note`, fields, { Cookie: as.cookie }), { lang: "es", id }, at(when));
const get = (fn: LoaderFunction, path: string, id: string, as: SignedInUser) =>
  run(fn, new Request(`${base}${path}`, { headers: { Cookie: as.cookie } }), { lang: "es", id }, at(now));
const notesOf = (sessionId: string) => getDb().selectFrom("safety_notes").selectAll().where("session_id", "=", sessionId).execute();
const toastOf = async (headers: Headers) =>
  (await readToast(new Request(`${base}/es`, { headers: { cookie: headers.get("set-cookie")?.split(";")[0] ?? "" } }))).toast;
const players = async (id: string, host: SignedInUser) =>
  ((await get(safetyPage, `/es/session/${id}/safety`, id, host)).data as { players: { lines: string[]; veils: string[]; notes: string[] }[] }).players;

async function bookedSession() {
  const host = await signedInUser({ role: "dm" });
  const ana = await signedInUser({ displayName: "Ana" });
  const { id } = await createSession({ host: host.id, maxParticipants: 4, startsAt, durationMinutes: 180, timeZone: "UTC" });
  expect((await book(id, { lines: "torture", safetyNote: "Sin arañas" }, ana)).status).toBe(302);
  return { host, ana, id };
}

describe("a player's lines and veils after booking", () => {
  it("the seat's holder changes them from the session page, and the DM sees the new ones", async () => {
    const { host, ana, id } = await bookedSession();
    const shown = await get(sessionPage, `/es/session/${id}`, id, ana);
    expect(shown.data).toMatchObject({ seatNote: { editable: true, hasNote: true, values: { lines: ["torture"], safetyNote: "Sin arañas" } } });
    expect((await get(sessionPage, `/es/session/${id}`, id, host)).data).toMatchObject({ seatNote: null });

    const saved = await edit(id, { intent: "save", veils: ["phobias", "drug_use"], safetyNote: "Nada de ahogamientos" }, ana);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/es/session/${id}`);
    expect(await toastOf(saved.headers)).toMatchObject({ type: "success", key: "safety:edit.saved" });
    expect(await players(id, host)).toEqual([expect.objectContaining({ lines: [], veils: ["drug_use", "phobias"], notes: ["Nada de ahogamientos"] })]);
  });

  it("removing the note leaves the DM nothing, and the player may write one again", async () => {
    const { host, ana, id } = await bookedSession();
    const removed = await edit(id, { intent: "remove", lines: "torture" }, ana);
    expect(await toastOf(removed.headers)).toMatchObject({ key: "safety:edit.removed" });
    expect(await notesOf(id)).toHaveLength(0);
    expect(await players(id, host)).toEqual([]);
    expect((await edit(id, { intent: "save", lines: "suicide" }, ana)).status).toBe(302);
    expect(await players(id, host)).toEqual([expect.objectContaining({ lines: ["suicide"] })]);
    // Saving an empty form removes it too.
    expect(await toastOf((await edit(id, { intent: "save" }, ana)).headers)).toMatchObject({ key: "safety:edit.removed" });
    expect(await notesOf(id)).toHaveLength(0);
  });

  it("anyone but the seat's holder gets 404 and nothing changes: another player, the host, a player who left", async () => {
    const { host, ana, id } = await bookedSession();
    const before = await notesOf(id);
    const beto = await signedInUser();
    for (const who of [beto, host]) {
      expect((await edit(id, { intent: "save", lines: "phobias" }, who)).status).toBe(404);
      expect((await edit(id, { intent: "remove" }, who)).status).toBe(404);
      expect((await edit(id, { intent: "save", safetyNote: "x".repeat(501) }, who)).status).toBe(404);
      expect((await get(editPage, `/es/session/${id}/safety-note`, id, who)).status).toBe(404);
    }
    expect((await edit("nope", { intent: "save", lines: "phobias" }, ana)).status).toBe(404);
    expect(await notesOf(id)).toEqual(before);
    await getDb().updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", id).execute();
    expect((await edit(id, { intent: "remove" }, ana)).status).toBe(404);
    expect(await notesOf(id)).toEqual(before);
  });

  it("is refused once the session started, with a translated message, and nothing changes", async () => {
    const { ana, id } = await bookedSession();
    const before = await notesOf(id);
    for (const intent of ["save", "remove"]) {
      const refused = await edit(id, { intent, lines: "phobias" }, ana, startsAt);
      expect(refused.status).toBe(302);
      expect(await toastOf(refused.headers)).toMatchObject({ type: "error", key: "safety:edit.started" });
    }
    expect(await notesOf(id)).toEqual(before);
    for (const lang of ["es", "en", "pt"]) {
      const texts = JSON.parse(fs.readFileSync(`public/locales/${lang}/safety.json`, "utf8")) as { edit: Record<string, string> };
      for (const key of ["started", "closed", "saved", "removed", "title", "save", "remove"]) expect(texts.edit[key]).toMatch(/\S/);
    }
    const later = await run(sessionPage, new Request(`${base}/es/session/${id}`, { headers: { Cookie: ana.cookie } }), { lang: "es", id }, at(startsAt));
    expect(later.data).toMatchObject({ seatNote: { editable: false, hasNote: true } });
  });

  it("a bad form comes back with every value as typed and changes nothing", async () => {
    const { ana, id } = await bookedSession();
    const before = await notesOf(id);
    const refused = await edit(id, { intent: "save", veils: "phobias", safetyNote: "y".repeat(501), anonymous: "on" }, ana);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      state: { values: { veils: ["phobias"], safetyNote: "y".repeat(501), anonymous: true }, errors: ["safety:validation.noteTooLong"] },
    });
    expect((await edit(id, { intent: "hack" }, ana)).status).toBe(400);
    expect(await notesOf(id)).toEqual(before);
  });
});
