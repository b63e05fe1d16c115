import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "../../app/lib/request-scope.server";
import type { Requester } from "../../app/modules/auth/session.server";
import { listChats, openCampaignChat, openDirectChat, sendMessage } from "../../app/modules/chat/chat.server";
import { deps as appDeps } from "../../app/modules/deps.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { cancelSubscription, subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { action as chatPageAction, loader as chatPage } from "../../app/routes/$lang.chats.$id";
import { loader as attachmentRoute } from "../../app/routes/api.chats.$id.attachments.$attachmentId";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { loginCookie, testDeps } from "./helpers";
import { payTestDeps, person } from "./pay-fixtures";
import { run } from "./route";

// Images and files in chats (decision record 092): stored privately, served only to the chat's
// members as they are now, never left behind by a message that was not sent.

useTestDatabase();

const created = new Date("2026-11-22T12:00:00Z");
const base = "http://localhost:3000";
const privateDir = () => path.join(process.env.DATA_DIR!, "private");
/** The files stored for one chat (each test has chats of its own). */
const storedFiles = (chatId: string): string[] => {
  const dir = path.join(privateDir(), "chat", chatId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const attachmentRows = (chatId: string) => getDb().selectFrom("chat_attachments").selectAll().where("chat_id", "=", chatId).orderBy("created_at").execute();
const as = async (userId: string) => ({ Cookie: await loginCookie(userId) });

/** The chat form as a browser posts it: multipart, the caption and the picked file. */
export function chatForm(
  url: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  headers: Record<string, string>,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append("file", file ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/octet-stream" }) : new File([], ""));
  return new Request(url, { method: "POST", body, headers });
}

/** GET of an attachment's address as the browser makes it; the raw Response, so the test reads its bytes. */
async function fetchAttachment(url: string, params: { id: string; attachmentId: string }, headers: Record<string, string>) {
  const request = new Request(`${base}${url}`, { headers });
  const scope = openRequestScope(created);
  request.headers.set(REQUEST_SCOPE_HEADER, scope.id);
  try {
    return (await attachmentRoute({ request, params, context: { now: created } })) as Response;
  } finally {
    scope.close();
  }
}

/** A campaign with its host, one subscriber and its table chat. */
async function table() {
  const host = await person("dm");
  const player = await person();
  const { id: seriesId } = await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(host.id, { title: "La Costa de la Espada" }));
  expect(await subscribeFree(testDeps(created).deps, player, seriesId, {})).toMatchObject({ ok: true });
  const opened = await openCampaignChat(testDeps(created).deps, host, seriesId);
  if (opened.status !== "ok") throw new Error("no chat");
  return { host, player, seriesId, chatId: opened.chatId };
}

const post = async (who: Requester, chatId: string, fields: Record<string, string>, file: Parameters<typeof chatForm>[2], now = created) =>
  run(chatPageAction, chatForm(`${base}/es/chats/${chatId}`, fields, file, await as(who.id)), { lang: "es", id: chatId }, { now });

let map: Buffer;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
beforeAll(async () => {
  // A 2400x1500 photo taken with the phone turned (EXIF orientation 6), with an author and a description in its EXIF.
  map = await sharp({ create: { width: 2400, height: 1500, channels: 3, background: "#2b6cb0" } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Ana Robles", ImageDescription: "Costa de la Espada, en casa de Ana" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
});

describe("a photo in a campaign's chat", () => {
  it("keeps 400 and 1200 px upright WebP copies without EXIF, the original's size, and shows it to the members", async () => {
    const { host, player, chatId } = await table();
    expect((await sharp(map).metadata()).exif).toBeDefined();
    const sent = await post(host, chatId, { content: "El mapa de la costa" }, { name: "mapa costa.jpg", bytes: map, type: "image/jpeg" });
    expect(sent.status).toBe(303);

    const [row] = await attachmentRows(chatId);
    expect(row).toMatchObject({ chat_id: chatId, kind: "image", content_type: "image/webp", width: 1500, height: 2400, file_name: "mapa costa.jpg" });
    expect(row!.message_id).not.toBeNull();
    const large = await sharp(fs.readFileSync(path.join(privateDir(), row!.storage_key))).metadata();
    const small = await sharp(fs.readFileSync(path.join(privateDir(), row!.small_key!))).metadata();
    expect([large.format, large.width, large.height, small.width]).toEqual(["webp", 1200, 1920, 400]);
    for (const copy of [large, small]) expect([copy.exif, copy.orientation]).toEqual([undefined, undefined]);

    const page = await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(player.id) }), { lang: "es", id: chatId });
    const item = (page.data as { items: { kind: string; message?: Record<string, unknown> }[] }).items.find((i) => i.kind === "message")!;
    const url = `/api/chats/${chatId}/attachments/${row!.id}`;
    expect(item.message).toMatchObject({
      type: "image",
      content: "El mapa de la costa",
      attachment: { kind: "image", url, thumbnailUrl: `${url}?size=400`, width: 1500, height: 2400 },
    });

    const thumb = await fetchAttachment(`${url}?size=400`, { id: chatId, attachmentId: row!.id }, await as(player.id));
    expect(thumb.status).toBe(200);
    expect(Object.fromEntries(thumb.headers)).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    });
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);

    // The chats list previews it as a photo.
    const listed = await listChats(testDeps(created).deps, player);
    expect(listed.find((c) => c.id === chatId)?.lastMessage).toEqual({ kind: "photo", caption: "El mapa de la costa" });
  });

  it("never enlarges a small image, and a caption is optional", async () => {
    const { host, chatId } = await table();
    const tiny = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await post(host, chatId, { content: "" }, { name: "ficha.png", bytes: tiny })).status).toBe(303);
    const [row] = await attachmentRows(chatId);
    expect((await sharp(fs.readFileSync(path.join(privateDir(), row!.storage_key))).metadata()).width).toBe(300);
    const message = await getDb().selectFrom("chat_messages").select(["type", "content"]).where("id", "=", row!.message_id!).executeTakeFirstOrThrow();
    expect(message).toEqual({ type: "image", content: "" });
  });
});

describe("a file in a chat", () => {
  it("is a download, never rendered: nosniff, sandboxed, saved under its name", async () => {
    const { host, player, chatId } = await table();
    expect((await post(player, chatId, {}, { name: "Hoja de personaje Éowyn.pdf", bytes: pdf })).status).toBe(303);
    const [row] = await attachmentRows(chatId);
    const response = await fetchAttachment(`/api/chats/${chatId}/attachments/${row!.id}`, { id: chatId, attachmentId: row!.id }, await as(host.id));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="Hoja de personaje _owyn.pdf"; filename*=UTF-8''Hoja%20de%20personaje%20%C3%89owyn.pdf`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await listChats(testDeps(created).deps, host)).find((c) => c.id === chatId)?.lastMessage).toEqual({
      kind: "file",
      name: "Hoja de personaje Éowyn.pdf",
    });
  });

  it("is a 404 to a stranger, under another chat's id, for a missing id, and to a member who left", async () => {
    const { host, player, seriesId, chatId } = await table();
    await post(player, chatId, {}, { name: "notas.txt", bytes: Buffer.from("Sesión 1: el faro.") });
    const [row] = await attachmentRows(chatId);
    const stranger = await person();
    const direct = await openDirectChat(testDeps(created).deps, host, player.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    const url = (chat: string, id = row!.id) => `/api/chats/${chat}/attachments/${id}`;

    expect((await fetchAttachment(url(chatId), { id: chatId, attachmentId: row!.id }, await as(stranger.id))).status).toBe(404);
    // The host and the player share the direct chat, but the file belongs to the campaign's.
    expect((await fetchAttachment(url(direct.chatId), { id: direct.chatId, attachmentId: row!.id }, await as(host.id))).status).toBe(404);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await fetchAttachment(url(chatId, missing), { id: chatId, attachmentId: missing }, await as(host.id))).status).toBe(404);
    expect((await fetchAttachment(url(chatId), { id: chatId, attachmentId: row!.id }, await as(player.id))).status).toBe(200);

    expect(await cancelSubscription(payTestDeps(created).deps, player, seriesId)).toMatchObject({ ok: true });
    expect((await fetchAttachment(url(chatId), { id: chatId, attachmentId: row!.id }, await as(player.id))).status).toBe(404);
  });
});

describe("a photo's large copy", () => {
  it("is waited for while it is made, and stands in with the 400 px copy if it never comes", async () => {
    const { host, player, chatId } = await table();
    expect((await post(player, chatId, {}, { name: "mapa.jpg", bytes: map })).status).toBe(303);
    const [row] = await attachmentRows(chatId);
    const url = `/api/chats/${chatId}/attachments/${row!.id}`;
    const params = { id: chatId, attachmentId: row!.id };
    // Both copies are there once the message's post has answered.
    expect((await sharp(Buffer.from(await (await fetchAttachment(url, params, await as(host.id))).arrayBuffer())).metadata()).width).toBe(1200);
    // Lost (a crash between the message and its large copy): after waiting for it, the small one.
    fs.rmSync(path.join(privateDir(), row!.storage_key));
    const started = performance.now();
    const stand = await fetchAttachment(url, params, await as(host.id));
    expect(stand.status).toBe(200);
    expect((await sharp(Buffer.from(await stand.arrayBuffer())).metadata()).width).toBe(400);
    expect(performance.now() - started).toBeGreaterThan(4000);
  }, 15_000);
});

describe("a reported file", () => {
  it("reaches the admin desk (an admin opens it only once reported) and, once removed, no member can open it", async () => {
    const { host, player, chatId } = await table();
    await post(player, chatId, { content: "mirad esto" }, { name: "panfleto.pdf", bytes: pdf });
    const [row] = await attachmentRows(chatId);
    const url = `/api/chats/${chatId}/attachments/${row!.id}`;
    const params = { id: chatId, attachmentId: row!.id };
    const admin = await person("user", { isAdmin: true, roles: ["player", "admin"] });
    await getDb()
      .updateTable("users")
      .set({ roles: ["player", "admin"] })
      .where("id", "=", admin.id)
      .execute();
    // Not reported: an admin who is no member reads nothing of the chat.
    expect((await fetchAttachment(url, params, await as(admin.id))).status).toBe(404);

    const message = await getDb().selectFrom("chat_messages").select("id").where("chat_id", "=", chatId).executeTakeFirstOrThrow();
    await getDb()
      .insertInto("reports")
      .values({ reporter_id: host.id, target_kind: "message", target_message_id: message.id, target_user_id: player.id, reason: "SPAM" })
      .execute();
    expect((await fetchAttachment(url, params, await as(admin.id))).status).toBe(200);
    const { moderationQueue } = await import("../../app/modules/moderation/moderation.server");
    const queued = (await moderationQueue({ db: getDb(), now: created })).reports.find((r) => r.chat_id === chatId);
    expect(queued).toMatchObject({ attachment_id: row!.id, attachment_kind: "file", attachment_name: "panfleto.pdf" });

    await getDb().updateTable("chat_messages").set({ removed_at: created, removed_by: admin.id }).where("id", "=", message.id).execute();
    for (const who of [host, player]) expect((await fetchAttachment(url, params, await as(who.id))).status).toBe(404);
    const shown = await run(chatPage, new Request(`${base}/es/chats/${chatId}`, { headers: await as(host.id) }), { lang: "es", id: chatId });
    const items = (shown.data as { items: { kind: string; message?: { attachment: unknown; removed: boolean } }[] }).items.filter((i) => i.kind === "message");
    expect(items.map((i) => [i.message!.removed, i.message!.attachment])).toEqual([[true, null]]);
    // The admin still sees what was removed, for the record.
    expect((await fetchAttachment(url, params, await as(admin.id))).status).toBe(200);
  });
});

describe("what is refused leaves nothing behind", () => {
  it("refuses a program renamed .png, a HEIC photo, a file over 10 MB (413) and a bad caption, in words, storing nothing", async () => {
    const { host, chatId } = await table();
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(20)]);
    const cases: [Record<string, string>, Parameters<typeof chatForm>[2], number, string][] = [
      [{}, { name: "mapa.png", bytes: exe, type: "image/png" }, 400, "attachmentType"],
      [{}, { name: "IMG_0001.HEIC", bytes: heic }, 400, "attachmentHeic"],
      [{}, { name: "grande.pdf", bytes: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)]) }, 413, "attachmentTooLarge"],
      [{ content: "hola\u0000" }, { name: "acta.pdf", bytes: pdf }, 400, "invalidCharacters"],
    ];
    for (const [fields, file, status, key] of cases) {
      const refused = await post(host, chatId, fields, file);
      expect(refused.status, key).toBe(status);
      expect(JSON.stringify(refused.data), key).toContain(key);
    }
    // The caption's mistake is answered beside it, with a word that the file must be picked again.
    expect(JSON.stringify((await post(host, chatId, { content: "x".repeat(2001) }, { name: "acta.pdf", bytes: pdf })).data)).toMatch(
      /messageTooLong.*attachmentPickAgain|attachmentPickAgain.*messageTooLong/,
    );
    expect(storedFiles(chatId)).toEqual([]);
    expect(await attachmentRows(chatId)).toEqual([]);
  });

  it("deletes the stored files of a message the sender's limit refused", async () => {
    const { host, chatId } = await table();
    // Ten a second: the eleventh is refused after its file was stored.
    for (let i = 0; i < 10; i += 1) expect(await sendMessage(testDeps(created).deps, host, chatId, `mensaje ${i}`)).toMatchObject({ status: "sent" });
    const limited = await post(host, chatId, {}, { name: "acta.pdf", bytes: pdf });
    expect(limited.status).toBe(429);
    expect(storedFiles(chatId)).toEqual([]);
    expect(await attachmentRows(chatId)).toEqual([]);
  });
});

describe("the sweep of uploads without a message", () => {
  it("deletes the files and rows of pending uploads older than an hour, and nothing else", async () => {
    const { host, chatId } = await table();
    expect((await post(host, chatId, {}, { name: "enviado.pdf", bytes: pdf })).status).toBe(303);
    // The app's own private storage (DATA_DIR/private), where the chat page stored the sent file.
    const d = appDeps({ now: created });
    for (const [id, minutesAgo] of [
      ["11111111-1111-4111-8111-111111111111", 61],
      ["22222222-2222-4222-8222-222222222222", 30],
    ] as const) {
      const key = `chat/${chatId}/${id}.pdf`;
      await getDb()
        .insertInto("chat_attachments")
        .values({
          id,
          chat_id: chatId,
          uploader_id: host.id,
          kind: "file",
          content_type: "application/pdf",
          storage_key: key,
          byte_size: pdf.length,
          file_name: "a.pdf",
          created_at: new Date(created.getTime() - minutesAgo * 60_000),
        })
        .execute();
      await d.files.put(key, pdf, "application/pdf");
    }
    expect(storedFiles(chatId)).toHaveLength(3);
    const swept = await runJob(d, "sweep-chat-uploads");
    expect(swept).toMatchObject({ outcome: "ok", items: 1 });
    expect((await attachmentRows(chatId)).map((r) => r.file_name).sort()).toEqual(["a.pdf", "enviado.pdf"]);
    expect(storedFiles(chatId).some((f) => f.includes("11111111"))).toBe(false);
    expect(storedFiles(chatId)).toHaveLength(2);
  });
});
