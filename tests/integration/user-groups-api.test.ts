import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { action as createApi, loader as listApi } from "../../app/routes/api.chats._index";
import { action as leaveApi } from "../../app/routes/api.chats.$id.leave";
import { action as addApi, loader as membersApi } from "../../app/routes/api.chats.$id.members";
import { action as removeApi } from "../../app/routes/api.chats.$id.members.$userId";
import { action as renameApi } from "../../app/routes/api.chats.$id.name";
import { action as blockApi } from "../../app/routes/api.users.$id.block";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer } from "./helpers";
import { person } from "./pay-fixtures";
import { run } from "./route";

// The group calls of the JSON API (README, "Chat API"): strict bodies, translated refusals, and
// 404 for anyone who is not in the group.

useTestDatabase();

const base = "http://localhost:3000";

async function people() {
  const host = await person("dm");
  const session = await createSession({ host: host.id, maxParticipants: 5 });
  const players: Requester[] = [];
  for (let i = 0; i < 3; i += 1) {
    const p = await person();
    await bookSeat(session.id, p.id);
    players.push(p);
  }
  const [lucia, mateo, camila] = players as [Requester, Requester, Requester];
  return { host, lucia, mateo, camila, stranger: await person() };
}

const auth = async (who: Requester) => bearer(await apiToken(who.id));
const call = async (fn: Parameters<typeof run>[0], who: Requester, method: string, path: string, params: Record<string, string>, body?: unknown) =>
  run(
    fn,
    new Request(`${base}${path}`, {
      method,
      headers: { ...(await auth(who)), "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    params,
  );

describe("the group calls", () => {
  it("create, list, add, rename, remove and leave a group", async () => {
    const { host, lucia, mateo, camila } = await people();
    const made = await call(createApi, lucia, "POST", "/api/chats", {}, { name: "Los de los martes", memberIds: [mateo.id] });
    expect(made.status).toBe(201);
    const id = (made.data as { chat: { id: string } }).chat.id;
    const listed = await call(listApi, mateo, "GET", "/api/chats", {});
    expect((listed.data as { chats: unknown[] }).chats).toContainEqual(
      expect.objectContaining({ id, type: "group", name: "Los de los martes", participantCount: 2, unreadCount: 0 }),
    );

    expect((await call(addApi, lucia, "POST", `/api/chats/${id}/members`, { id }, { memberIds: [camila.id, host.id] })).data).toEqual({
      success: true,
      added: 2,
    });
    expect((await call(renameApi, lucia, "POST", `/api/chats/${id}/name`, { id }, { name: "Martes de rol" })).data).toEqual({
      success: true,
      name: "Martes de rol",
    });
    const members = await call(membersApi, camila, "GET", `/api/chats/${id}/members`, { id });
    expect(members.data).toMatchObject({ name: "Martes de rol", ownerId: lucia.id, can: { add: false, leave: true } });
    expect((members.data as { members: unknown[] }).members).toHaveLength(4);

    expect((await call(removeApi, lucia, "DELETE", `/api/chats/${id}/members/${host.id}`, { id, userId: host.id })).data).toEqual({
      success: true,
      left: false,
    });
    expect((await call(leaveApi, camila, "POST", `/api/chats/${id}/leave`, { id })).data).toEqual({ success: true });
    const after = await call(membersApi, lucia, "GET", `/api/chats/${id}/members`, { id });
    expect((after.data as { members: { userId: string }[] }).members.map((m) => m.userId).sort()).toEqual([lucia.id, mateo.id].sort());
  });

  it("answers 404 to anyone not in the group, and to a member who may not manage it", async () => {
    const { lucia, mateo, camila, stranger } = await people();
    const made = await call(createApi, lucia, "POST", "/api/chats", {}, { name: "Mesa", memberIds: [mateo.id] });
    const id = (made.data as { chat: { id: string } }).chat.id;
    for (const [fn, method, path, params, body] of [
      [membersApi, "GET", `/api/chats/${id}/members`, { id }, undefined],
      [addApi, "POST", `/api/chats/${id}/members`, { id }, { memberIds: [camila.id] }],
      [renameApi, "POST", `/api/chats/${id}/name`, { id }, { name: "mía" }],
      [removeApi, "DELETE", `/api/chats/${id}/members/${mateo.id}`, { id, userId: mateo.id }, undefined],
      [leaveApi, "POST", `/api/chats/${id}/leave`, { id }, undefined],
    ] as const) {
      expect((await call(fn, stranger, method, path, params, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(addApi, mateo, "POST", `/api/chats/${id}/members`, { id }, { memberIds: [camila.id] })).status).toBe(404);
    expect((await call(renameApi, mateo, "POST", `/api/chats/${id}/name`, { id }, { name: "mía" })).status).toBe(404);
    expect((await call(removeApi, mateo, "DELETE", `/api/chats/${id}/members/${lucia.id}`, { id, userId: lucia.id })).status).toBe(404);
  });

  it("refuses bad bodies with the problem in the caller's language", async () => {
    const { lucia, mateo, stranger } = await people();
    const post = (body: unknown, path = "/api/chats?lang=en") => call(createApi, lucia, "POST", path, {}, body);
    expect((await post({ name: "Mesa", memberIds: mateo.id })).data).toEqual({ error: "Choose people from the list.", field: "memberIds" });
    expect((await post({ name: "Mesa", memberIds: [] })).data).toEqual({ error: "Choose at least one person.", field: "memberIds" });
    expect((await post({ name: 7, memberIds: [mateo.id] })).status).toBe(400);
    expect((await post({ name: "Mesa", memberIds: [mateo.id], extra: true })).data).toEqual({ error: "Unknown field: extra", field: null });
    expect((await post({ name: "Mesa", memberIds: [stranger.id] })).data).toEqual({
      error: "You can only add people you have shared a session or a campaign with.",
      field: "memberIds",
      userIds: [stranger.id],
    });
    expect((await post({ name: "", memberIds: [mateo.id] }, "/api/chats")).data).toEqual({ error: "Ponle un nombre al grupo.", field: "name" });
  });

  it("blocks and unblocks with a strict boolean; the blocked person cannot be put in a group with the blocker", async () => {
    const { lucia, mateo } = await people();
    for (const body of [{ blocked: "true" }, { blocked: 1 }, {}, { blocked: true, extra: 1 }]) {
      expect((await call(blockApi, lucia, "POST", `/api/users/${mateo.id}/block`, { id: mateo.id }, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(blockApi, lucia, "POST", `/api/users/${lucia.id}/block`, { id: lucia.id }, { blocked: true })).status).toBe(404);
    expect((await call(blockApi, lucia, "POST", `/api/users/not-a-user/block`, { id: "not-a-user" }, { blocked: true })).status).toBe(404);
    expect((await call(blockApi, mateo, "POST", `/api/users/${lucia.id}/block`, { id: lucia.id }, { blocked: true })).data).toEqual({
      success: true,
      blocked: true,
    });
    const refused = await call(createApi, lucia, "POST", "/api/chats", {}, { name: "Mesa", memberIds: [mateo.id] });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ userIds: [mateo.id], field: "memberIds" });
    expect((await call(blockApi, mateo, "POST", `/api/users/${lucia.id}/block`, { id: lucia.id }, { blocked: false })).data).toEqual({
      success: true,
      blocked: false,
    });
    expect((await call(createApi, lucia, "POST", "/api/chats", {}, { name: "Mesa", memberIds: [mateo.id] })).status).toBe(201);
  });
});
