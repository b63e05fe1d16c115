import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { listChats, openDirectChat, sendMessage, unreadChatTotal } from "../../app/modules/chat/chat.server";
import { addPeople, createGroup, removePerson } from "../../app/modules/chat/groups.server";
import { action as chatPageAction, loader as chatPage } from "../../app/routes/$lang.chats.$id";
import { action as peopleAction, loader as peoplePage } from "../../app/routes/$lang.chats.$id_.people";
import { action as newGroupAction, loader as newGroupPage } from "../../app/routes/$lang.chats.new-group";
import { loader as messagesApi } from "../../app/routes/api.chats.$id.messages";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { loginCookie, testDeps } from "./helpers";
import { person } from "./pay-fixtures";
import { fieldErrors, form, run } from "./route";

// Groups people make (decision record 091): with people they have shared a table with, up to 50,
// 20 a day; the owner manages it, anyone leaves, and a removed member reads nothing any more.

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date();
const d = () => testDeps(now).deps;
const as = async (userId: string) => ({ Cookie: await loginCookie(userId) });

/** A host and `n` players who each held a confirmed seat at one of the host's sessions (20 seats each). */
async function table(n: number) {
  const host = await person("dm");
  const players: Requester[] = [];
  let session = "";
  for (let i = 0; i < n; i += 1) {
    if (i % 20 === 0) session = (await createSession({ host: host.id, maxParticipants: 20 })).id;
    const p = await person();
    await bookSeat(session, p.id);
    players.push(p);
  }
  return { host, players };
}

async function groupWith(owner: Requester, others: Requester[], name = "Los de los martes") {
  const made = await createGroup(d(), owner, { name, memberIds: others.map((o) => o.id) });
  if (made.status !== "ok") throw new Error(`group not made: ${made.status}`);
  return made.chatId;
}

const memberCount = async (chatId: string) => (await getDb().selectFrom("chat_members").select("user_id").where("chat_id", "=", chatId).execute()).length;

describe("starting a group", () => {
  it("from the page, with people from one's tables: listed for each with its name and head count", async () => {
    const { host, players } = await table(3);
    const [lucia, mateo, camila] = players as [Requester, Requester, Requester];
    const page = await run(newGroupPage, new Request(`${base}/es/chats/new-group`, { headers: await as(lucia.id) }), { lang: "es" });
    expect((page.data as { people: { id: string }[] }).people.map((p) => p.id).sort()).toEqual([host.id, mateo.id, camila.id].sort());

    const made = await run(
      newGroupAction,
      form(`${base}/es/chats/new-group`, { name: "Los de los martes", memberIds: [mateo.id, camila.id] }, await as(lucia.id)),
      { lang: "es" },
    );
    expect(made.status).toBe(303);
    const chatId = made.headers.get("Location")!.split("/").pop()!;
    for (const who of [lucia, mateo, camila]) {
      const [chat] = (await listChats(d(), who)).filter((c) => c.id === chatId);
      expect(chat).toMatchObject({ type: "group", name: "Los de los martes", title: "Los de los martes", participantCount: 3, seriesId: null });
    }
    expect((await listChats(d(), host)).some((c) => c.id === chatId)).toBe(false);
  });

  it("refuses strangers, nobody, more than 49, an unverified creator and a missing name, keeping what was typed", async () => {
    const { players } = await table(1);
    const [lucia] = players as [Requester];
    const stranger = await person();
    const headers = await as(lucia.id);
    const post = (fields: Record<string, string | string[]>) => run(newGroupAction, form(`${base}/es/chats/new-group`, fields, headers), { lang: "es" });

    const withStranger = await post({ name: "Mesa", memberIds: stranger.id });
    expect(withStranger.status).toBe(400);
    expect(fieldErrors(withStranger.data).memberIds).toEqual(["groupStranger"]);
    expect(fieldErrors((await post({ name: "Mesa" })).data).memberIds).toEqual(["groupPeopleRequired"]);
    expect(fieldErrors((await post({ name: "", memberIds: players[0]!.id })).data).name).toEqual(["groupNameRequired"]);
    expect(fieldErrors((await post({ name: "x".repeat(101), memberIds: players[0]!.id })).data).name).toEqual(["groupNameTooLong"]);
    const fifty = Array.from({ length: 50 }, () => crypto.randomUUID());
    expect(fieldErrors((await post({ name: "Mesa", memberIds: fifty })).data).memberIds).toEqual(["groupTooMany"]);
    expect(fieldErrors((await post({ name: "Mesa", memberIds: "not-an-id" })).data).memberIds).toEqual(["groupPeopleInvalid"]);
    expect(await createGroup(d(), { ...lucia, emailVerified: false }, { name: "Mesa", memberIds: [stranger.id] })).toEqual({ status: "unverified" });
    expect(await getDb().selectFrom("chats").select("id").where("created_by", "=", lucia.id).execute()).toEqual([]);
  });

  it("allows 20 groups a day however many are asked for at once", async () => {
    const { players } = await table(2);
    const [lucia, mateo] = players as [Requester, Requester];
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => createGroup(d(), lucia, { name: `Mesa ${i}`, memberIds: [mateo.id] })));
    expect(results.filter((r) => r.status === "ok")).toHaveLength(20);
    expect(results.filter((r) => r.status === "dailyLimit")).toHaveLength(4);
    // A day later there is room again.
    expect(await createGroup(testDeps(new Date(now.getTime() + 24 * 3_600_000 + 1000)).deps, lucia, { name: "Otra", memberIds: [mateo.id] })).toMatchObject({
      status: "ok",
    });
  });
});

describe("a group's people", () => {
  it("holds at most 50, however many are added at once", async () => {
    const { host, players } = await table(55);
    const chatId = await groupWith(host, players.slice(0, 47));
    expect(await memberCount(chatId)).toBe(48);
    const adds = await Promise.all(players.slice(47).map((p) => addPeople(d(), host, chatId, [p.id])));
    expect(adds.filter((r) => r.status === "ok")).toHaveLength(2);
    expect(adds.filter((r) => r.status === "full")).toHaveLength(6);
    expect(await memberCount(chatId)).toBe(50);
    // Someone the parallel adds left out, added from the page: refused in words.
    const inGroup = new Set((await getDb().selectFrom("chat_members").select("user_id").where("chat_id", "=", chatId).execute()).map((m) => m.user_id));
    const leftOut = players.find((p) => !inGroup.has(p.id))!;
    const page = await run(peopleAction, form(`${base}/es/chats/${chatId}/people`, { intent: "add", memberIds: leftOut.id }, await as(host.id)), {
      lang: "es",
      id: chatId,
    });
    expect(page.status).toBe(409);
    expect((page.data as { add: unknown }).add).toMatchObject({ error: { memberIds: ["groupFull"] } });
  });

  it("the owner adds and removes; a removed member reads nothing any more; a leaving owner passes the group on", async () => {
    const { host, players } = await table(3);
    const [lucia, mateo, camila] = players as [Requester, Requester, Requester];
    const chatId = await groupWith(lucia, [mateo]);
    await sendMessage(d(), mateo, chatId, "antes de Camila");
    // Someone other than the owner cannot add.
    expect(await addPeople(d(), mateo, chatId, [camila.id])).toEqual({ status: "notFound" });
    expect(await addPeople(d(), lucia, chatId, [camila.id])).toEqual({ status: "ok", added: 1 });
    // The newcomer starts with nothing unread.
    expect(await unreadChatTotal(d(), camila)).toBe(0);
    await sendMessage(d(), lucia, chatId, "hola a los dos");
    await sendMessage(d(), lucia, chatId, "¿me leen?");
    expect(await unreadChatTotal(d(), camila)).toBe(2);
    // One unread notice per chat and person, however many messages: the bell does not flood.
    const notices = await getDb()
      .selectFrom("notifications")
      .select("user_id")
      .where("type", "=", "new_message")
      .where("action_url", "=", `/chats/${chatId}`)
      .execute();
    expect(notices.map((n) => n.user_id).sort()).toEqual([lucia.id, mateo.id, camila.id].sort());

    const removed = await run(peopleAction, form(`${base}/es/chats/${chatId}/people`, { intent: "remove", userId: camila.id }, await as(lucia.id)), {
      lang: "es",
      id: chatId,
    });
    expect(removed.status).toBe(302);
    expect(await unreadChatTotal(d(), camila)).toBe(0);
    const camilaHeaders = await as(camila.id);
    expect((await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: camilaHeaders }), { lang: "es", id: chatId })).status).toBe(404);
    expect((await run(peoplePage, new Request(`${base}/es/chats/${chatId}/people`, { headers: camilaHeaders }), { lang: "es", id: chatId })).status).toBe(404);
    const posted = await run(chatPageAction, form(`${base}/es/chats/${chatId}`, { content: "sigo aquí?" }, camilaHeaders), { lang: "es", id: chatId });
    expect(posted.status).toBe(404);
    expect(await sendMessage(d(), camila, chatId, "hola")).toEqual({ status: "notFound" });

    // Lucía leaves: Mateo, in it longest after her, manages it now.
    expect(await removePerson(d(), lucia, chatId, lucia.id)).toEqual({ status: "ok", left: true });
    const owner = await getDb().selectFrom("chats").select("owner_id").where("id", "=", chatId).executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(mateo.id);
    expect(await addPeople(d(), mateo, chatId, [host.id])).toEqual({ status: "ok", added: 1 });
  });

  it("is closed to anyone else: 404 on the chat, its people, its messages and every change", async () => {
    const { players } = await table(2);
    const [lucia, mateo] = players as [Requester, Requester];
    const chatId = await groupWith(lucia, [mateo]);
    const stranger = await person();
    const headers = await as(stranger.id);
    expect((await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers }), { lang: "es", id: chatId })).status).toBe(404);
    expect((await run(peoplePage, new Request(`${base}/es/chats/${chatId}/people`, { headers }), { lang: "es", id: chatId })).status).toBe(404);
    expect((await run(messagesApi, new Request(`${base}/api/chats/${chatId}/messages`, { headers }), { id: chatId })).status).toBe(404);
    for (const fields of [
      { intent: "rename", name: "mía" },
      { intent: "leave" },
      { intent: "remove", userId: mateo.id },
      { intent: "add", memberIds: lucia.id },
    ] as Record<string, string>[]) {
      const result = await run(peopleAction, form(`${base}/es/chats/${chatId}/people`, fields, headers), { lang: "es", id: chatId });
      expect(result.status, fields.intent).toBe(404);
    }
    // A member who is not its owner cannot rename or remove either.
    const mateoHeaders = await as(mateo.id);
    for (const fields of [
      { intent: "rename", name: "mía" },
      { intent: "remove", userId: lucia.id },
    ] as Record<string, string>[]) {
      expect((await run(peopleAction, form(`${base}/es/chats/${chatId}/people`, fields, mateoHeaders), { lang: "es", id: chatId })).status).toBe(404);
    }
    const row = await getDb().selectFrom("chats").select("name").where("id", "=", chatId).executeTakeFirstOrThrow();
    expect(row.name).toBe("Los de los martes");
    expect(await memberCount(chatId)).toBe(2);
  });
});

describe("a block", () => {
  it("ends the direct chat both ways and keeps the two out of a new group together, until it is lifted", async () => {
    const { players } = await table(3);
    const [lucia, mateo, camila] = players as [Requester, Requester, Requester];
    const direct = await openDirectChat(d(), lucia, mateo.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    const blocked = await run(chatPageAction, form(`${base}/es/chats/${direct.chatId}`, { intent: "block" }, await as(mateo.id)), {
      lang: "es",
      id: direct.chatId,
    });
    expect(blocked.status).toBe(302);

    expect(await openDirectChat(d(), lucia, mateo.id)).toEqual({ status: "blocked" });
    expect(await sendMessage(d(), lucia, direct.chatId, "hola?")).toEqual({ status: "blocked" });
    expect(await sendMessage(d(), mateo, direct.chatId, "hola?")).toEqual({ status: "blocked" });
    const page = await run(chatPage, new Request(`${base}/es/chats/${direct.chatId}`, { headers: await as(lucia.id) }), { lang: "es", id: direct.chatId });
    expect(page.data).toMatchObject({ mayWrite: false, blockedByMe: false });

    // Nobody may put the two in one group: not Lucía with Mateo, not Camila with both.
    expect(await createGroup(d(), lucia, { name: "Mesa", memberIds: [mateo.id] })).toEqual({ status: "blocked", userIds: [mateo.id] });
    expect(await createGroup(d(), camila, { name: "Mesa", memberIds: [lucia.id, mateo.id] })).toMatchObject({ status: "blocked" });
    const group = await groupWith(camila, [lucia]);
    expect(await addPeople(d(), camila, group, [mateo.id])).toEqual({ status: "blocked", userIds: [mateo.id] });

    await run(chatPageAction, form(`${base}/es/chats/${direct.chatId}`, { intent: "unblock" }, await as(mateo.id)), { lang: "es", id: direct.chatId });
    expect(await sendMessage(d(), lucia, direct.chatId, "¿hola de nuevo?")).toMatchObject({ status: "sent" });
    expect(await addPeople(d(), camila, group, [mateo.id])).toEqual({ status: "ok", added: 1 });
  });
});
