import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { isUuid } from "#app/lib/ids";
import type { Actor } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import * as repo from "./attachments.repo.server";
import {
  attachmentKeys,
  type AttachmentProblem,
  type AttachmentType,
  attachmentView,
  checkAttachment,
  type CopySize,
  displayFileName,
  IMAGE_COPY_WIDTHS,
  kindOf,
} from "./attachments.rules";
import { chatAccess, sendMessage, type SendResult } from "./chat.server";

type Files = Pick<Deps, "db" | "files" | "now">;
type Reader = NonNullable<Actor>;

/** Refuses decompression bombs: a small file that would decode to more pixels than any camera makes. */
const MAX_INPUT_PIXELS = 60_000_000;
/** Uploads with no message after this long are deleted by the sweep (a crash between storing and sending). */
export const PENDING_UPLOAD_MS = 60 * 60 * 1000;

type Prepared = { type: AttachmentType; stored: { main: Buffer | Uint8Array; small: Buffer | null }; width: number | null; height: number | null };

/**
 * What is stored of an upload: a file as it came, or for an image two WebP copies 400 and 1200 px
 * wide (never enlarged), turned upright and re-encoded, so nothing of its metadata (where a phone
 * photo was taken) survives; the original is not kept. Null when an image's bytes do not decode.
 */
export async function prepareAttachment(bytes: Uint8Array, type: AttachmentType): Promise<Prepared | null> {
  if (kindOf(type) === "file") return { type, stored: { main: bytes, small: null }, width: null, height: null };
  try {
    // Decoded once, straight to 1200 px (a JPEG shrinks while it loads); the 400 px copy is made
    // from that, not from the original again. WebP at effort 2: a 10 MB photo's copies in about
    // 200 ms instead of 280, for files a few percent larger.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: IMAGE_COPY_WIDTHS.large, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [large, small] = await Promise.all([
      sharp(data, raw).webp({ quality: 78, effort: 2 }).toBuffer(),
      sharp(data, raw).resize({ width: IMAGE_COPY_WIDTHS.small, withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer(),
    ]);
    // The original's size, upright: the page reserves the image's place from it before it loads.
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? info.width;
    const height = (turned ? meta.width : meta.height) ?? info.height;
    return { type, stored: { main: large, small }, width, height };
  } catch {
    return null; // the right signature, unreadable content
  }
}

/** Deletes an upload's files, then its row (the sweep finds the row again if a delete fails). */
async function discard(deps: Files, row: Pick<repo.AttachmentRow, "id" | "storage_key" | "small_key">) {
  await Promise.all([deps.files.delete(row.storage_key), row.small_key ? deps.files.delete(row.small_key) : null]);
  await repo.deletePendingAttachment(deps.db, row.id);
}

export type AttachmentSendResult = SendResult | { status: "refused"; problem: AttachmentProblem };

/**
 * Sends an image or file message. The file is checked (size, then its real type) before anything
 * else; the chat's access is checked before any work on it; then it is stored in the private
 * storage, as a pending upload, and the message is sent. When the message is not sent (the
 * sender's limit, access lost meanwhile, a failure) the upload's files are deleted at once.
 */
export async function sendAttachment(
  deps: Files,
  actor: Reader,
  chatId: unknown,
  input: { caption: string; file: { fileName: string; size: number; bytes: Uint8Array | null } },
): Promise<AttachmentSendResult> {
  const checked = checkAttachment(input.file);
  if (!checked.ok) return { status: "refused", problem: checked.problem };
  const access = await chatAccess(deps, actor, chatId);
  if (access.status !== "member") return access.status === "afterPayment" ? { status: "afterPayment" } : { status: "notFound" };
  const prepared = await prepareAttachment(input.file.bytes!, checked.type);
  if (!prepared) return { status: "refused", problem: { key: "attachmentUnreadable" } };

  const id = randomUUID();
  const keys = attachmentKeys(access.chat.id, id, prepared.type);
  const row = {
    id,
    chat_id: access.chat.id,
    kind: kindOf(prepared.type),
    content_type: kindOf(prepared.type) === "image" ? "image/webp" : prepared.type,
    storage_key: keys.main,
    small_key: keys.small,
    byte_size: prepared.stored.main.byteLength,
    file_name: displayFileName(input.file.fileName, prepared.type),
    width: prepared.width,
    height: prepared.height,
  };
  // The row first: whatever happens to the process after this, the sweep knows the files.
  await repo.insertPendingAttachment(deps.db, { ...row, uploaderId: actor.id, now: deps.now });
  let result: SendResult;
  try {
    await deps.files.put(keys.main, prepared.stored.main, row.content_type);
    if (keys.small && prepared.stored.small) await deps.files.put(keys.small, prepared.stored.small, row.content_type);
    const view = attachmentView(access.chat.id, {
      id,
      kind: row.kind,
      contentType: row.content_type,
      fileName: row.file_name,
      byteSize: row.byte_size,
      width: row.width,
      height: row.height,
    });
    result = await sendMessage(deps, actor, access.chat.id, input.caption, { id, view });
  } catch (error) {
    await discard(deps, row).catch(() => undefined);
    throw error;
  }
  if (result.status !== "sent") await discard(deps, row);
  return result;
}

export type AttachmentFile = { body: ReadableStream<Uint8Array>; size: number; kind: "image" | "file"; contentType: string; fileName: string };

/**
 * An attachment's bytes for a reader who belongs to its chat now, while its message stands; for an
 * admin, also when its message was reported (the desk shows what was reported, removed or not).
 * Null (a 404) for anyone else, for an id of another chat or a pending upload, and a missing one alike.
 */
export async function readAttachment(deps: Pick<Deps, "db" | "files">, actor: Reader, chatId: unknown, attachmentId: unknown, size: CopySize) {
  if (!isUuid(chatId) || !isUuid(attachmentId)) return null;
  const row = await repo.findSentAttachment(deps.db, chatId, attachmentId);
  if (!row) return null;
  const asAdmin = actor.isAdmin && row.reported;
  if (!asAdmin) {
    const access = await chatAccess(deps, actor, chatId);
    if (access.status !== "member" || row.removed) return null;
  }
  const key = size === "small" && row.small_key ? row.small_key : row.storage_key;
  const stored = await deps.files.get(key);
  if (!stored) return null;
  const file: AttachmentFile = { ...stored, kind: row.kind === "image" ? "image" : "file", contentType: row.content_type, fileName: row.file_name };
  return file;
}

/**
 * The sweep (job `sweep-chat-uploads`): uploads that never became a message and are older than
 * PENDING_UPLOAD_MS lose their files and their row. Items: uploads deleted.
 */
export async function sweepPendingUploads(deps: Files): Promise<{ items: number }> {
  const rows = await repo.pendingAttachmentsBefore(deps.db, new Date(deps.now.getTime() - PENDING_UPLOAD_MS), 500);
  for (const row of rows) await discard(deps, row);
  return { items: rows.length };
}
