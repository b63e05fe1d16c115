import { beforeAll, describe, expect, it } from "vitest";
import { openDirectChat, openSessionChat, sendMessage } from "../../app/modules/chat/chat.server";
import { upsertViewer } from "../../app/modules/live/repo.server";
import { action as chatPageAction, loader as chatPage } from "../../app/routes/$lang.chats.$id";
import { loader as sessionChat } from "../../app/routes/$lang.session.$id.chat";
import { loader as chatsApi } from "../../app/routes/api.chats._index";
import { action as postMessage, loader as messagesApi } from "../../app/routes/api.chats.$id.messages";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, createUser, loginCookie, testDeps } from "./helpers";
import { fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

type Who = { id: string; isAdmin: boolean; cookie: string };
const who = async (role: "dm" | "user" = "user", displayName = "Ana R"): Promise<Who> => {
  const user = await createUser({ role, displayName, preferredLanguage: "en" });
  return { id: user.id, isAdmin: false, cookie: await loginCookie(user.id) };
};

let host: Who;
let player: Who;
let pending: Who;
let stranger: Who;
let sessionId = "";
let chatId = "";
const base = "http://localhost:3000";

beforeAll(async () => {
  [host, player, pending, stranger] = [await who("dm", "Dana DM"), await who("user", "Pablo"), await who(), await who()];
  sessionId = (await createSession({ host: host.id })).id;
  await bookSeat(sessionId, player.id);
  await bookSeat(sessionId, pending.id, { status: "PENDING_PAYMENT", paymentMethod: "OXXO" });
  const opened = await openSessionChat(testDeps().deps, host, sessionId);
  if (opened.status !== "ok") throw new Error("host could not open the chat");
  chatId = opened.chatId;
});

const page = (as: Who, id = chatId) => run(chatPage, new Request(`${base}/en/chats/${id}`, { headers: { Cookie: as.cookie } }), { lang: "en", id });
const send = (as: Who, content: string, id = chatId) =>
  run(chatPageAction, form(`${base}/en/chats/${id}`, { content }, { Cookie: as.cookie }), { lang: "en", id }, { now: new Date() });

describe("session chat access", () => {
  it("lets the host and a confirmed player in, tells a pending OXXO payer to wait, and hides it from others", async () => {
    expect((await page(host)).status).toBe(200);
    expect((await page(player)).status).toBe(200);
    const waiting = await run(sessionChat, new Request(`${base}/en/session/${sessionId}/chat`, { headers: { Cookie: pending.cookie } }), {
      lang: "en",
      id: sessionId,
    });
    expect(waiting.status).toBe(200);
    expect(waiting.data).toMatchObject({ heading: "Chat opens after payment", title: "La cripta" });
    // The pending player asking for the chat page itself is sent to that note.
    expect((await page(pending)).status).toBe(302);
    expect((await page(stranger)).status).toBe(404);
    expect((await page(player, "5f1c0000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await page(player, "not-a-uuid")).status).toBe(404);
  });

  it("ends access when the player leaves: derived from the booking, not a copied member list", async () => {
    const leaver = await who();
    const db = getDb();
    await bookSeat(sessionId, leaver.id);
    expect((await page(leaver)).status).toBe(200);
    await db.updateTable("bookings").set({ status: "CANCELLED" }).where("user_id", "=", leaver.id).execute();
    expect((await page(leaver)).status).toBe(404);
    expect((await send(leaver, "¿sigo aquí?")).status).toBe(404);
  });
});

describe("every id-taking chat route refuses someone else", () => {
  it("answers 404 to a stranger on the session chat, the read marker and a direct chat with oneself", async () => {
    const { action: markRead } = await import("../../app/routes/api.chats.$id.read");
    const { action: startDirect } = await import("../../app/routes/$lang.chats.direct");
    const asStranger = { headers: { Cookie: stranger.cookie } };
    expect((await run(sessionChat, new Request(`${base}/en/session/${sessionId}/chat`, asStranger), { lang: "en", id: sessionId })).status).toBe(404);
    expect((await run(markRead, new Request(`${base}/api/chats/${chatId}/read`, { method: "POST", ...asStranger }), { id: chatId })).status).toBe(404);
    expect(
      (await run(markRead, new Request(`${base}/api/chats/${chatId}/read`, { method: "POST", headers: { Cookie: player.cookie } }), { id: chatId })).status,
    ).toBe(200);
    expect((await run(startDirect, form(`${base}/en/chats/direct`, { userId: stranger.id }, { Cookie: stranger.cookie }), { lang: "en" })).status).toBe(404);
    expect((await run(startDirect, form(`${base}/en/chats/direct`, { userId: "nope" }, { Cookie: stranger.cookie }), { lang: "en" })).status).toBe(404);
    const started = await run(startDirect, form(`${base}/en/chats/direct`, { userId: host.id }, { Cookie: stranger.cookie }), { lang: "en" });
    expect(started.status).toBe(303);
    // The host and the stranger share that chat now; the player does not.
    const directId = started.headers.get("location")!.split("/").pop()!;
    expect((await page(host, directId)).status).toBe(200);
    expect((await page(player, directId)).status).toBe(404);
  });
});

describe("sending without JavaScript", () => {
  it("answers bad input next to the field and keeps what was typed", async () => {
    const empty = await send(player, "   ");
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty.data).content).toEqual(["messageRequired"]);
    const long = "a".repeat(2001);
    const tooLong = await send(player, long);
    expect(tooLong.status).toBe(400);
    expect(fieldErrors(tooLong.data).content).toEqual(["messageTooLong"]);
    expect(initialValue(tooLong.data).content).toBe(long);
    const nul = await send(player, "hola\u0000mundo");
    expect(nul.status).toBe(400);
    expect(fieldErrors(nul.data).content).toEqual(["invalidCharacters"]);
    expect(initialValue(nul.data).content).toBe("hola\u0000mundo");
    // Someone else's chat: a message for the form, never a 500.
    const foreign = await send(stranger, "hola");
    expect(foreign.status).toBe(404);
    expect((foreign.data as { error: Record<string, string[]> }).error[""]).toEqual(["chatNotFound"]);
  });

  it("stores a 2000-character message verbatim, redirects to the chat and shows it there", async () => {
    const text = `<script>alert("x")</script>${"ñ".repeat(1973)}`;
    expect(text.length).toBe(2000);
    const sent = await send(player, text);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toMatch(new RegExp(`^/en/chats/${chatId}#m\\d+$`));
    const shown = (await page(host)).data as { items: { kind: string; message?: { content: string; senderName: string } }[] };
    expect(shown.items.at(-1)).toMatchObject({ kind: "message", message: { content: text, senderName: "Pablo" } });
  });
});

describe("notifications, read markers and unread counts", () => {
  it("tells members who are not looking once per unread chat, and nobody who has it open", async () => {
    const d = testDeps().deps;
    const db = getDb();
    const count = async (userId: string) =>
      Number(
        (
          await db
            .selectFrom("notifications")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("user_id", "=", userId)
            .where("type", "=", "new_message")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { host: await count(host.id), player: await count(player.id) };
    // The player has the chat open (a stream says so); the host does not.
    await upsertViewer(db, { streamId: crypto.randomUUID(), chatId, userId: player.id, now: new Date() });
    await db.updateTable("notifications").set({ read_at: new Date() }).where("user_id", "=", host.id).execute();
    await sendMessage(d, host, chatId, "Bienvenidos");
    await sendMessage(d, { ...host }, chatId, "Traigan dados");
    expect(await count(player.id)).toBe(before.player);
    expect(await count(host.id)).toBe(before.host);
    await sendMessage(d, player, chatId, "¡Gracias!");
    expect(await count(host.id)).toBe(before.host + 1);
    await sendMessage(d, player, chatId, "¿A qué hora?");
    expect(await count(host.id)).toBe(before.host + 1); // one unread notice per chat is enough
    const notice = await db
      .selectFrom("notifications")
      .select(["action_url", "params"])
      .where("user_id", "=", host.id)
      .where("type", "=", "new_message")
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ action_url: `/chats/${chatId}`, params: { player: "Pablo", title: "La cripta" } });
  });

  it("counts unread per user in GET /api/chats and clears them when the chat is opened", async () => {
    const token = await apiToken(host.id);
    const list = async () =>
      (
        (await run(chatsApi, new Request(`${base}/api/chats`, { headers: bearer(token) }))).data as {
          chats: { id: string; unreadCount: number; type: string; title: string }[];
        }
      ).chats;
    const unread = (await list()).find((c) => c.id === chatId);
    expect(unread).toMatchObject({ type: "session", title: "La cripta" });
    expect(unread!.unreadCount).toBeGreaterThanOrEqual(2);
    await page(host);
    expect((await list()).find((c) => c.id === chatId)!.unreadCount).toBe(0);
    const outsider = await who();
    const theirs = (await run(chatsApi, new Request(`${base}/api/chats`, { headers: bearer(await apiToken(outsider.id)) }))).data as { chats: unknown[] };
    expect(theirs.chats).toEqual([]);
  });
});

describe("the messages API", () => {
  it("pages backwards, refuses other people, and answers bad input with a translated error", async () => {
    const token = await apiToken(player.id);
    const d = testDeps().deps;
    const direct = await openDirectChat(d, player, stranger.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    const strangerSide = await openDirectChat(d, stranger, player.id);
    expect(strangerSide).toEqual(direct); // one chat per pair, whoever starts it
    expect(await openDirectChat(d, player, player.id)).toEqual({ status: "notFound" });
    await getDb()
      .insertInto("chat_messages")
      .values(Array.from({ length: 55 }, (_, i) => ({ chat_id: direct.chatId, sender_id: stranger.id, content: `m${i}` })))
      .execute();
    const get = (id: string, query = "", auth = bearer(token)) =>
      run(messagesApi, new Request(`${base}/api/chats/${id}/messages${query}`, { headers: auth }), { id });
    const newest = (await get(direct.chatId)).data as { messages: { id: number; content: string }[]; olderBefore: number | null };
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages.at(-1)!.content).toBe("m54");
    const older = (await get(direct.chatId, `?before=${newest.olderBefore}`)).data as { messages: { content: string }[]; olderBefore: number | null };
    expect(older.messages.map((m) => m.content)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(older.olderBefore).toBeNull();
    expect((await get(direct.chatId, "", bearer(await apiToken(host.id)))).status).toBe(404);

    const post = (body: unknown) =>
      run(
        postMessage,
        new Request(`${base}/api/chats/${direct.chatId}/messages?lang=es`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        {
          id: direct.chatId,
        },
      );
    expect(await post({ content: "" })).toMatchObject({ status: 400, data: { error: "Escribe un mensaje primero.", field: "content" } });
    expect(await post({ content: "x".repeat(2001) })).toMatchObject({ status: 400, data: { error: "Un mensaje puede tener como máximo 2000 caracteres." } });
    expect(await post({ nothing: true })).toMatchObject({ status: 400 });
    expect(await post({ content: "¡Hola!" })).toMatchObject({ status: 201, data: { message: { content: "¡Hola!", type: "text" } } });
  });

  it("limits a sender to 10 messages a second, decided before anything is stored", async () => {
    const sender = await who();
    const d = testDeps(new Date("2026-11-24T10:00:00.000Z")).deps;
    const direct = await openDirectChat(d, { id: sender.id, isAdmin: false }, host.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    const results = [];
    for (let i = 0; i < 11; i += 1) results.push(await sendMessage(d, { id: sender.id, isAdmin: false }, direct.chatId, `flood ${i}`));
    expect(results.filter((r) => r.status === "sent")).toHaveLength(10);
    expect(results[10]).toEqual({ status: "limited", retryAfterSeconds: 1 });
    const stored = await getDb().selectFrom("chat_messages").select("id").where("chat_id", "=", direct.chatId).execute();
    expect(stored).toHaveLength(10);
    // A second later there is room again (the minute's 60 is far off).
    const later = testDeps(new Date("2026-11-24T10:00:01.500Z")).deps;
    expect((await sendMessage(later, { id: sender.id, isAdmin: false }, direct.chatId, "again")).status).toBe("sent");
  });
});
