import { beforeAll, describe, expect, it } from "vitest";
import { openSessionChat, sendMessage } from "../../app/modules/chat/chat.server";
import { action as moderate, loader as queuePage } from "../../app/routes/$lang.admin.moderation/route";
import { loader as chatPage } from "../../app/routes/$lang.chats.$id";
import { action as reportAction, loader as reportPage } from "../../app/routes/$lang.report";
import { loader as messagesApi } from "../../app/routes/api.chats.$id.messages";
import { action as apiReport } from "../../app/routes/api.reports";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { requesterOf, type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const es = { lang: "es" };
const db = () => getDb();

let host: SignedInUser;
let player: SignedInUser;
let other: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;
let chatId = "";

beforeAll(async () => {
  [host, player, other, stranger, admin] = await Promise.all([
    signedInUser({ role: "dm", displayName: "Dana DM" }),
    signedInUser({ displayName: "Pablo" }),
    signedInUser({ displayName: "Olga" }),
    signedInUser(),
    signedInUser({ role: "admin" }),
  ]);
  const { id: sessionId } = await createSession({ host: host.id });
  await bookSeat(sessionId, player.id);
  await bookSeat(sessionId, other.id);
  const opened = await openSessionChat(testDeps().deps, requesterOf(host), sessionId);
  if (opened.status !== "ok") throw new Error("the host could not open the chat");
  chatId = opened.chatId;
});

/** A message sent in the session's chat; returns its id. */
async function said(who: SignedInUser, content: string) {
  const sent = await sendMessage(testDeps().deps, requesterOf(who), chatId, content);
  if (sent.status !== "sent") throw new Error(`not sent: ${sent.status}`);
  return sent.message.id;
}

const postReport = (who: SignedInUser, body: unknown) =>
  run(
    apiReport,
    new Request(`${base}/api/reports`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...who.auth } }),
  );
const reportForm = (who: SignedInUser, id: number | string, fields: Record<string, string>) =>
  run(reportAction, form(`${base}/es/report?kind=message&id=${id}`, fields, { Cookie: who.cookie }), es);
const reportPageOf = (who: SignedInUser, id: number | string) =>
  run(reportPage, new Request(`${base}/es/report?kind=message&id=${id}`, { headers: { Cookie: who.cookie } }), es);
const act = (who: SignedInUser, fields: Record<string, string>) => run(moderate, form(`${base}/es/admin/moderation`, fields, { Cookie: who.cookie }), es);

type Queue = { reports: { target_kind: string; target_id: string }[] };
const queueItem = async (messageId: number) => {
  const page = await run(queuePage, new Request(`${base}/es/admin/moderation`, { headers: { Cookie: admin.cookie } }), es);
  return (page.data as Queue).reports.find((r) => r.target_kind === "message" && r.target_id === String(messageId));
};
const openReports = (messageId: number) => db().selectFrom("reports").select(["status", "reporter_id"]).where("target_message_id", "=", messageId).execute();

describe("reporting a chat message", () => {
  it("a member reports someone else's message from the report page, goes back to it, and the admin sees it in the queue", async () => {
    const messageId = await said(host, "Traed dados, o no juguéis");
    const page = await reportPageOf(player, messageId);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      kind: "message",
      own: false,
      removed: false,
      heading: "Denunciar un mensaje de Dana DM",
      quote: "Traed dados, o no juguéis",
    });

    const sent = await reportForm(player, messageId, { reason: "HARASSMENT", details: "Tono amenazante" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/es/chats/${chatId}#m${messageId}`);
    expect(await queueItem(messageId)).toMatchObject({
      target_user_id: host.id,
      user_name: "Dana DM",
      reports: 1,
      reasons: ["HARASSMENT"],
      details: ["Tono amenazante"],
      message_content: "Traed dados, o no juguéis",
      chat_id: chatId,
      chat_kind: "session",
      chat_title: "La cripta",
    });

    // POST /api/reports takes the id as a JSON number too; once per reporter and message.
    expect((await postReport(other, { kind: "message", targetId: messageId, reason: "SPAM" })).status).toBe(201);
    const again = await postReport(other, { kind: "message", targetId: String(messageId), reason: "OTHER" });
    expect(again).toMatchObject({ status: 409, data: { success: false, error: "Ya denunciaste esto." } });
    const twice = await reportForm(player, messageId, { reason: "SPAM" });
    expect(twice.status).toBe(409);
    expect(await openReports(messageId)).toHaveLength(2);
  });

  it("is a 404 for anyone outside the chat and for unknown ids, a 400 for an id that is not one", async () => {
    const messageId = await said(host, "Solo para la mesa");
    expect((await reportPageOf(stranger, messageId)).status).toBe(404);
    expect((await reportForm(stranger, messageId, { reason: "SPAM" })).status).toBe(404);
    expect((await postReport(stranger, { kind: "message", targetId: messageId, reason: "SPAM" })).status).toBe(404);
    expect((await postReport(player, { kind: "message", targetId: messageId + 10_000, reason: "SPAM" })).status).toBe(404);
    expect((await reportPageOf(player, "abc")).status).toBe(404);
    expect((await postReport(player, { kind: "message", targetId: "abc", reason: "SPAM" })).status).toBe(400);
    expect((await postReport(player, { kind: "message", targetId: crypto.randomUUID(), reason: "SPAM" })).status).toBe(400);
    // A player who left the table is no longer a member.
    const leaver = await signedInUser();
    const { session_id: sessionId } = await db().selectFrom("chats").select("session_id").where("id", "=", chatId).executeTakeFirstOrThrow();
    await bookSeat(sessionId!, leaver.id);
    expect((await reportPageOf(leaver, messageId)).status).toBe(200);
    await db().updateTable("bookings").set({ status: "CANCELLED" }).where("user_id", "=", leaver.id).execute();
    expect((await postReport(leaver, { kind: "message", targetId: messageId, reason: "SPAM" })).status).toBe(404);
    expect(await openReports(messageId)).toEqual([]);
  });

  it("refuses one's own message, on the page and through the API", async () => {
    const messageId = await said(player, "Yo llevo los dados");
    expect((await reportPageOf(player, messageId)).data).toMatchObject({ own: true });
    expect(await postReport(player, { kind: "message", targetId: messageId, reason: "SPAM" })).toMatchObject({
      status: 403,
      data: { success: false, error: "No puedes denunciar tu propio mensaje." },
    });
    expect((await reportForm(player, messageId, { reason: "SPAM" })).status).toBe(409);
    expect(await openReports(messageId)).toEqual([]);
  });
});

describe("the desk's actions on a reported message", () => {
  it("removes it for everyone (page, API, live), closes its reports and audits it; it can no longer be reported", async () => {
    const messageId = await said(other, "Texto ofensivo");
    await postReport(player, { kind: "message", targetId: messageId, reason: "INAPPROPRIATE" });

    // Someone who is not an admin cannot act; the reason is required.
    expect((await act(player, { target: "message", id: String(messageId), action: "remove_message", reason: "no" })).status).toBe(404);
    const noReason = await act(admin, { target: "message", id: String(messageId), action: "remove_message", reason: " " });
    expect(noReason).toMatchObject({ status: 400, data: { formId: `message-${messageId}`, error: "errors.reasonRequired" } });
    expect((await db().selectFrom("chat_messages").select("removed_at").where("id", "=", messageId).executeTakeFirstOrThrow()).removed_at).toBeNull();

    expect((await act(admin, { target: "message", id: String(messageId), action: "remove_message", reason: "Insultos" })).status).toBe(302);
    const stored = await db().selectFrom("chat_messages").select(["content", "removed_at", "removed_by"]).where("id", "=", messageId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ content: "Texto ofensivo", removed_by: admin.id });
    expect(stored.removed_at).not.toBeNull();

    type Item = { kind: string; message?: { id: number; content: string; removed: boolean } };
    for (const who of [host, player, other]) {
      const page = await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: { Cookie: who.cookie } }), { lang: "es", id: chatId });
      const shown = (page.data as { items: Item[] }).items.find((i) => i.message?.id === messageId);
      expect(shown?.message).toMatchObject({ content: "", removed: true });
      const api = await run(messagesApi, new Request(`${base}/api/chats/${chatId}/messages`, { headers: who.auth }), { id: chatId });
      expect((api.data as { messages: Item["message"][] }).messages.find((m) => m?.id === messageId)).toMatchObject({ content: "", removed: true });
      // Open pages are told; the event that first carried the text no longer has it.
      const events = await db().selectFrom("live_events").select(["kind", "payload"]).where("user_id", "=", who.id).execute();
      expect(events.filter((e) => e.kind === "chat_message_removed").map((e) => e.payload)).toContainEqual({ chatId, messageId });
      const first = events.find((e) => e.kind === "chat_message" && (e.payload as { message: { id: number } }).message.id === messageId);
      expect((first?.payload as { message: unknown }).message).toMatchObject({ content: "", removed: true });
    }
    expect(JSON.stringify(await db().selectFrom("live_events").select("payload").execute())).not.toContain("Texto ofensivo");

    expect(await openReports(messageId)).toEqual([{ status: "ACTIONED", reporter_id: player.id }]);
    expect(await queueItem(messageId)).toBeUndefined();
    const audit = await db()
      .selectFrom("audit_log")
      .select(["actor_id", "action", "target_kind", "reason"])
      .where("target_id", "=", String(messageId))
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id, action: "remove_message", target_kind: "message", reason: "Insultos" }]);

    expect(await postReport(host, { kind: "message", targetId: messageId, reason: "SPAM" })).toMatchObject({ status: 409 });
    expect((await reportPageOf(host, messageId)).data).toMatchObject({ removed: true });
    const twice = await act(admin, { target: "message", id: String(messageId), action: "remove_message", reason: "Otra vez" });
    expect(twice).toMatchObject({ status: 409, data: { error: "errors.alreadyRemoved" } });
  });

  it("bans its author as for any report, or dismisses the reports and leaves it", async () => {
    const author = await signedInUser({ displayName: "Troll" });
    const { id: sessionId } = await createSession({ host: host.id });
    await bookSeat(sessionId, author.id);
    await bookSeat(sessionId, player.id);
    const opened = await openSessionChat(testDeps().deps, requesterOf(host), sessionId);
    if (opened.status !== "ok") throw new Error("no chat");
    const send = async (text: string) => {
      const sent = await sendMessage(testDeps().deps, requesterOf(author), opened.chatId, text);
      if (sent.status !== "sent") throw new Error("not sent");
      return sent.message.id;
    };
    const [mild, nasty] = [await send("Hola"), await send("Spam spam")];
    await postReport(player, { kind: "message", targetId: mild, reason: "OTHER" });
    await postReport(player, { kind: "message", targetId: nasty, reason: "SPAM" });

    expect((await act(admin, { target: "message", id: String(mild), action: "dismiss", reason: "Es un saludo" })).status).toBe(302);
    expect(await openReports(mild)).toEqual([{ status: "DISMISSED", reporter_id: player.id }]);
    expect((await db().selectFrom("chat_messages").select("removed_at").where("id", "=", mild).executeTakeFirstOrThrow()).removed_at).toBeNull();

    expect((await act(admin, { target: "message", id: String(nasty), action: "ban_user", reason: "Spam" })).status).toBe(302);
    expect((await db().selectFrom("users").select("banned_at").where("id", "=", author.id).executeTakeFirstOrThrow()).banned_at).not.toBeNull();
    expect(await openReports(nasty)).toEqual([{ status: "ACTIONED", reporter_id: player.id }]);
    expect(await queueItem(nasty)).toBeUndefined();
    expect((await act(admin, { target: "message", id: "abc", action: "dismiss", reason: "x" })).status).toBe(404);
  });
});
