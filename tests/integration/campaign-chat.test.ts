import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { listChats, openCampaignChat, sendMessage, unreadChatTotal } from "../../app/modules/chat/chat.server";
import { campaignChatMembers } from "../../app/modules/chat/repo.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { cancelSubscription, subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { action as chatPageAction, loader as chatPage } from "../../app/routes/$lang.chats.$id";
import { loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { loader as campaignChat } from "../../app/routes/$lang.series.$id.chat";
import { action as muteApi } from "../../app/routes/api.chats.$id.mute";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, loginCookie, testDeps } from "./helpers";
import { payTestDeps, person } from "./pay-fixtures";
import { form, run } from "./route";

// A campaign's table chat (decision record 089): the series' host and its active subscribers, as
// they are now. Subscribing lets a player in, cancelling takes them out (messages, unread counts
// and the page itself), rejoining lets them back.

useTestDatabase();

// A Sunday: the weekly series' first sessions are the next Mondays, well outside their booking lock.
const created = new Date("2026-11-22T12:00:00Z");
const base = "http://localhost:3000";

async function campaign() {
  const host = await person("dm");
  const { id } = await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(host.id, { title: "La Costa de la Espada", maxParticipants: 20 }));
  return { host, seriesId: id };
}

/** The campaign's chat as its host opens it (created on first use). */
async function tableOf(host: Requester, seriesId: string) {
  const opened = await openCampaignChat(testDeps(created).deps, host, seriesId);
  if (opened.status !== "ok") throw new Error("the host could not open the chat");
  return opened.chatId;
}

const as = async (userId: string) => ({ Cookie: await loginCookie(userId) });
const activeSubscribers = async (seriesId: string) =>
  (await getDb().selectFrom("series_subscriptions").select("user_id").where("series_id", "=", seriesId).where("status", "=", "ACTIVE").execute()).map(
    (r) => r.user_id,
  );

describe("a campaign's table chat", () => {
  it("is its host's and its active subscribers': opened from the series page, listed with the chats, closed to anyone else", async () => {
    const { host, seriesId } = await campaign();
    const [player, stranger] = [await person(), await person()];
    expect(await subscribeFree(testDeps(created).deps, player, seriesId, {})).toMatchObject({ ok: true });

    for (const who of [host, player]) {
      const shown = await run(seriesPage, new Request(`${base}/es/series/${seriesId}`, { headers: await as(who.id) }), { lang: "es", id: seriesId });
      expect(shown.data).toMatchObject({ chatHref: `/es/series/${seriesId}/chat` });
    }
    const notShown = await run(seriesPage, new Request(`${base}/es/series/${seriesId}`, { headers: await as(stranger.id) }), { lang: "es", id: seriesId });
    expect(notShown.data).toMatchObject({ chatHref: null });

    const opened = await run(campaignChat, new Request(`${base}/es/series/${seriesId}/chat`, { headers: await as(player.id) }), { lang: "es", id: seriesId });
    expect(opened.status).toBe(302);
    const chatId = opened.headers.get("location")!.split("/").pop()!;
    // The host opens the same chat: one per series.
    expect(await openCampaignChat(testDeps(created).deps, host, seriesId)).toEqual({ status: "ok", chatId });
    const page = await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(host.id) }), { lang: "es", id: chatId });
    expect(page.data).toMatchObject({ title: "La Costa de la Espada", chat: { kind: "group", seriesId } });
    expect(await listChats(testDeps(created).deps, player)).toEqual([
      expect.objectContaining({ id: chatId, type: "group", seriesId, title: "La Costa de la Espada" }),
    ]);

    // Anyone else: 404 on the campaign's chat address and on the chat itself.
    expect(
      (await run(campaignChat, new Request(`${base}/es/series/${seriesId}/chat`, { headers: await as(stranger.id) }), { lang: "es", id: seriesId })).status,
    ).toBe(404);
    expect((await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(stranger.id) }), { lang: "es", id: chatId })).status).toBe(404);
    expect(await sendMessage(testDeps(created).deps, stranger, chatId, "hola")).toEqual({ status: "notFound" });
  });

  it("reaches every member live and in the badge; a cancelled subscriber reads nothing more, a rejoined one again", async () => {
    const { host, seriesId } = await campaign();
    const [ana, beto] = [await person(), await person()];
    for (const p of [ana, beto]) await subscribeFree(testDeps(created).deps, p, seriesId, {});
    const chatId = await tableOf(host, seriesId);

    expect(await sendMessage(testDeps(created).deps, host, chatId, "El mapa de la costa, para el martes")).toMatchObject({ status: "sent" });
    const liveTo = async (userId: string) =>
      (await getDb().selectFrom("live_events").select("payload").where("user_id", "=", userId).where("kind", "=", "chat_message").execute()).length;
    expect([await liveTo(host.id), await liveTo(ana.id), await liveTo(beto.id)]).toEqual([1, 1, 1]);
    expect(await unreadChatTotal(testDeps(created).deps, ana)).toBe(1);
    expect(await unreadChatTotal(testDeps(created).deps, host)).toBe(0);

    // Beto cancels: out of the chat, its messages, its badge and the bell.
    expect(await cancelSubscription(payTestDeps(created).deps, beto, seriesId)).toMatchObject({ ok: true });
    expect((await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(beto.id) }), { lang: "es", id: chatId })).status).toBe(404);
    expect(await unreadChatTotal(testDeps(created).deps, beto)).toBe(0);
    expect(await sendMessage(testDeps(created).deps, beto, chatId, "¿sigo aquí?")).toEqual({ status: "notFound" });
    expect(await sendMessage(testDeps(created).deps, ana, chatId, "¡Listo!")).toMatchObject({ status: "sent" });
    expect(await liveTo(beto.id)).toBe(1);
    expect(await unreadChatTotal(testDeps(created).deps, host)).toBe(1);

    // He rejoins: in again, with what he has not read counted.
    expect(await subscribeFree(testDeps(created).deps, beto, seriesId, {})).toMatchObject({ ok: true, rejoined: true });
    expect(await unreadChatTotal(testDeps(created).deps, beto)).toBe(2);
    expect((await listChats(testDeps(created).deps, beto)).map((c) => c.id)).toEqual([chatId]);
  });

  it("always has the host and the active subscribers as its members, with players subscribing and cancelling at once", async () => {
    const { host, seriesId } = await campaign();
    const players = await Promise.all(Array.from({ length: 12 }, () => person()));
    const deps = payTestDeps(created).deps;
    await Promise.all(players.slice(0, 6).map((p) => subscribeFree(deps, p, seriesId, {})));
    await Promise.all([
      ...players.slice(0, 3).map((p) => cancelSubscription(deps, p, seriesId)),
      ...players.slice(6).map((p) => subscribeFree(deps, p, seriesId, {})),
    ]);
    const expected = [host.id, ...(await activeSubscribers(seriesId))].sort();
    expect(expected).toHaveLength(1 + 9);
    expect((await campaignChatMembers(getDb(), seriesId)).sort()).toEqual(expected);
    const chatId = await tableOf(host, seriesId);
    await sendMessage(deps, host, chatId, "Bienvenidos a la mesa");
    const told = await getDb()
      .selectFrom("live_events")
      .select("user_id")
      .where("kind", "=", "chat_message")
      .where("payload", "@>", { chatId: chatId } as never)
      .execute();
    expect(told.map((r) => r.user_id).sort()).toEqual(expected);
  });

  it("can be muted by a member, by its page's form and by the API: messages still arrive and count, no notification", async () => {
    const { host, seriesId } = await campaign();
    const [ana, beto] = [await person(), await person()];
    for (const p of [ana, beto]) await subscribeFree(testDeps(created).deps, p, seriesId, {});
    const chatId = await tableOf(host, seriesId);
    const notices = async (userId: string) =>
      (await getDb().selectFrom("notifications").select("id").where("user_id", "=", userId).where("type", "=", "new_message").execute()).length;

    // Ana mutes it from the page (a plain form), Beto by the API.
    const muted = await run(chatPageAction, form(`${base}/es/chats/${chatId}`, { intent: "mute" }, await as(ana.id)), { lang: "es", id: chatId });
    expect(muted.status).toBe(302);
    const page = await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(ana.id) }), { lang: "es", id: chatId });
    expect(page.data).toMatchObject({ muted: true });
    const token = await apiToken(beto.id);
    const api = (body: unknown, id = chatId) =>
      run(
        muteApi,
        new Request(`${base}/api/chats/${id}/mute`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        { id },
      );
    expect(await api({ muted: true })).toMatchObject({ status: 200, data: { success: true, muted: true } });
    // Anything but a boolean is refused, translated; nothing changes.
    for (const bad of [{ muted: "true" }, { muted: 1 }, {}, { muted: true, extra: 1 }]) {
      expect(await api(bad)).toMatchObject({ status: 400, data: { field: "muted", error: expect.stringContaining("muted") } });
    }
    // A list where one value belongs is refused before the use case sees it.
    expect(await api({ muted: [true] })).toMatchObject({ status: 400, data: { error: expect.stringContaining("muted") } });

    await sendMessage(testDeps(created).deps, host, chatId, "¿Listos para el miércoles?");
    expect([await notices(ana.id), await notices(beto.id)]).toEqual([0, 0]);
    expect(await unreadChatTotal(testDeps(created).deps, ana)).toBe(1);

    // Beto unmutes: the next message tells him.
    expect(await api({ muted: false })).toMatchObject({ status: 200, data: { muted: false } });
    await sendMessage(testDeps(created).deps, host, chatId, "Traigan dados");
    expect([await notices(ana.id), await notices(beto.id)]).toEqual([0, 1]);

    // Someone who is not in the chat cannot mute it: 404 by the form and by the API.
    const stranger = await person();
    const theirs = await run(chatPageAction, form(`${base}/es/chats/${chatId}`, { intent: "mute" }, await as(stranger.id)), { lang: "es", id: chatId });
    expect(theirs.status).toBe(404);
    const strangerApi = await run(
      muteApi,
      new Request(`${base}/api/chats/${chatId}/mute`, {
        method: "POST",
        headers: { ...bearer(await apiToken(stranger.id)), "Content-Type": "application/json" },
        body: JSON.stringify({ muted: true }),
      }),
      { id: chatId },
    );
    expect(strangerApi.status).toBe(404);
  });

  it("reads on a phone: days headed in the reader's zone, a marker where their unread messages start, gone once read", async () => {
    const { host, seriesId } = await campaign();
    const ana = await person();
    await subscribeFree(testDeps(created).deps, ana, seriesId, {});
    const chatId = await tableOf(host, seriesId);
    // 23:30 and 00:30 in Mexico City: two days there (one in UTC).
    await sendMessage(testDeps(new Date("2026-11-25T05:30:00Z")).deps, ana, chatId, "¿Alguien tiene el mapa?");
    await sendMessage(testDeps(new Date("2026-11-25T06:30:00Z")).deps, host, chatId, "Yo, mañana lo subo");
    await sendMessage(testDeps(new Date("2026-11-25T06:31:00Z")).deps, host, chatId, "Y las fichas");
    const items = async () => {
      const page = await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(ana.id) }), { lang: "es", id: chatId });
      return (page.data as { items: { kind: string; day?: string; message?: { content: string } }[] }).items.map((i) =>
        i.kind === "message" ? i.message!.content : i.kind === "day" ? i.day : "—nuevos—",
      );
    };
    expect(await items()).toEqual([
      "martes, 24 de noviembre de 2026",
      "¿Alguien tiene el mapa?",
      "miércoles, 25 de noviembre de 2026",
      "—nuevos—",
      "Yo, mañana lo subo",
      "Y las fichas",
    ]);
    // Opened once, read: no marker the next time.
    expect(await items()).not.toContain("—nuevos—");
  });
});
