import { describe, expect, it } from "vitest";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { loader as safetyPage } from "../../app/routes/$lang.session.$id.safety";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
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
const context = { now } as never;

const page = (path: string, as: SignedInUser | null) => new Request(`${base}${path}`, { headers: as ? { Cookie: as.cookie } : {} });
const post = (id: string, fields: Record<string, string | string[]>, as: SignedInUser) =>
  run(confirmAction, form(`${base}/en/session/${id}/confirm`, fields, { Cookie: as.cookie }), { lang: "en", id }, context);
const sheet = (id: string, as: SignedInUser | null, at = now) =>
  run(safetyPage, page(`/en/session/${id}/safety`, as), { lang: "en", id }, { now: at } as never);
const apiBook = (id: string, as: SignedInUser, body: unknown) =>
  run(
    bookApi,
    new Request(`${base}/api/sessions/${id}/book`, { method: "POST", headers: { ...as.auth, "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    { id },
    context,
  );

const session = async (dmId: string) => (await createSession({ host: dmId, maxParticipants: 4, startsAt, durationMinutes: 180, timeZone: "UTC" })).id;
const notesOf = (sessionId: string) => getDb().selectFrom("safety_notes").selectAll().where("session_id", "=", sessionId).execute();
const seatsOf = async (sessionId: string) =>
  (await getDb().selectFrom("bookings").select("user_id").where("session_id", "=", sessionId).where("status", "=", "CONFIRMED").execute()).length;

describe("lines and veils at booking", () => {
  it("reach the host per player, without the name when asked, and nobody else", async () => {
    const host = await signedInUser({ role: "dm", displayName: "Host" });
    const ana = await signedInUser({ displayName: "Ana" });
    const beto = await signedInUser({ displayName: "Beto" });
    const id = await session(host.id);

    const booked = await post(
      id,
      { intent: "book", lines: ["torture", "harm_to_children"], veils: "spiders_insects", safetyNote: "No drowning scenes", anonymous: "on" },
      ana,
    );
    expect(booked.status).toBe(302);
    const named = await apiBook(id, beto, { paymentMethod: "free", lines: [], veils: ["graphic_violence"], safetyNote: "", anonymous: false });
    expect(named).toMatchObject({ status: 201 });
    expect(await notesOf(id)).toHaveLength(2);

    const seen = await sheet(id, host);
    expect(seen.status).toBe(200);
    const data = seen.data as { over: boolean; players: { name: string | null; lines: string[]; veils: string[]; notes: string[] }[] };
    expect(data.over).toBe(false);
    expect(data.players).toEqual([
      { key: beto.id, name: "Beto", lines: [], veils: ["graphic_violence"], notes: [] },
      { key: "anonymous-1", name: null, lines: ["harm_to_children", "torture"], veils: ["spiders_insects"], notes: ["No drowning scenes"] },
    ]);
    // The anonymous player's id and name appear nowhere in what the host's page receives.
    expect(JSON.stringify(seen.data)).not.toContain(ana.id);
    expect(JSON.stringify(seen.data)).not.toContain("Ana");

    const otherDm = await signedInUser({ role: "dm" });
    const admin = await signedInUser({ role: "admin" });
    for (const who of [beto, ana, otherDm, admin]) expect((await sheet(id, who)).status).toBe(403);
    const anonymousVisitor = await sheet(id, null);
    expect(anonymousVisitor.status).toBe(302);
    expect(anonymousVisitor.headers.get("Location")).toContain("/en/login");
    for (const bad of ["nope", "00000000-0000-4000-8000-000000000000"]) expect((await sheet(bad, host)).status).toBe(404);
  });

  it("are no longer shown once the session is over, nor for a player who left", async () => {
    const host = await signedInUser({ role: "dm" });
    const ana = await signedInUser({ displayName: "Ana" });
    const id = await session(host.id);
    await post(id, { intent: "book", lines: "torture" }, ana);
    const during = await sheet(id, host, new Date(startsAt.getTime() + 60 * 60_000));
    expect((during.data as { players: unknown[] }).players).toHaveLength(1);
    const after = await sheet(id, host, new Date(startsAt.getTime() + 180 * 60_000));
    expect(after.status).toBe(200);
    expect(after.data).toMatchObject({ over: true, players: [] });
    await getDb().updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", id).execute();
    expect((await sheet(id, host)).data).toMatchObject({ over: false, players: [] });
  });

  it("a booking without them works as before and writes no row", async () => {
    const host = await signedInUser({ role: "dm" });
    const ana = await signedInUser();
    const id = await session(host.id);
    expect((await post(id, { intent: "book" }, ana)).status).toBe(302);
    expect(await seatsOf(id)).toBe(1);
    expect(await notesOf(id)).toHaveLength(0);
    expect((await sheet(id, host)).data).toMatchObject({ players: [] });
  });

  it("refuses bad input with translated messages, keeps every value typed, and books nothing", async () => {
    const host = await signedInUser({ role: "dm" });
    const ana = await signedInUser();
    const id = await session(host.id);
    const cases: [Record<string, string | string[]>, string][] = [
      [{ safetyNote: "x".repeat(501) }, "safety:validation.noteTooLong"],
      [{ safetyNote: "bad\u0000byte" }, "validation:invalidCharacters"],
      [{ lines: ["torture", "cannibal_clowns"] }, "safety:validation.unknownTopic"],
      [{ safetyNote: ["one", "two"] }, "validation:invalidCharacters"],
      [{ anonymous: "maybe" }, "safety:validation.anonymous"],
    ];
    for (const [fields, message] of cases) {
      const refused = await post(id, { intent: "book", veils: "phobias", anonymous: "on", ...fields }, ana);
      expect(refused.status).toBe(400);
      const state = (refused.data as { safety: { values: Record<string, unknown>; errors: string[] } }).safety;
      expect(state.errors).toContain(message);
      expect(state.values.veils).toEqual(["phobias"]);
      if (typeof fields.safetyNote === "string") expect(state.values.safetyNote).toBe(fields.safetyNote);
      if (fields.lines) expect(state.values.lines).toEqual(fields.lines);
    }
    expect(await seatsOf(id)).toBe(0);
    expect(await notesOf(id)).toHaveLength(0);
    // 500 characters exactly is accepted.
    expect((await post(id, { intent: "book", safetyNote: "x".repeat(500) }, ana)).status).toBe(302);
    expect(await notesOf(id)).toHaveLength(1);
  });

  it("the JSON API refuses a bad safety object with 400 and books nothing", async () => {
    const host = await signedInUser({ role: "dm" });
    const ana = await signedInUser();
    const id = await session(host.id);
    for (const safety of [
      { lines: [1] },
      { veils: { a: 1 } },
      { lines: ["nope"] },
      { safetyNote: "x".repeat(501) },
      { safetyNote: "a\u0000b" },
      { anonymous: "yes" },
    ]) {
      expect((await apiBook(id, ana, { paymentMethod: "free", ...safety })).status).toBe(400);
    }
    expect(await seatsOf(id)).toBe(0);
    expect(await notesOf(id)).toHaveLength(0);
  });
});
