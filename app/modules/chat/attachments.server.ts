import { randomUUID } from "node:crypto";
import { isUuid } from "#app/lib/ids";
import type { Actor } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import { largeCopy, thumbnail } from "./attachment-images.server";
import * as repo from "./attachments.repo.server";
import { attachmentKeys, type AttachmentProblem, attachmentView, checkAttachment, type CopySize, displayFileName, kindOf } from "./attachments.rules";
import { chatAccess, sendMessage, type SendResult } from "./chat.server";

type Files = Pick<Deps, "db" | "files" | "now">;
type Reader = NonNullable<Actor>;

/** Uploads with no message after this long are deleted by the sweep (a crash between storing and sending). */
export const PENDING_UPLOAD_MS = 60 * 60 * 1000;

/** Deletes an upload's files, then its row (the sweep finds the row again if a delete fails). */
async function discard(deps: Files, row: Pick<repo.AttachmentRow, "id" | "storage_key" | "small_key">) {
  await Promise.all([deps.files.delete(row.storage_key), row.small_key ? deps.files.delete(row.small_key) : null]);
  await repo.deletePendingAttachment(deps.db, row.id);
}

export type AttachmentSendResult = SendResult | { status: "refused"; problem: AttachmentProblem };

/**
 * Sends an image or file message. The file is checked (size, then its real type) before anything
 * else; the chat's access is checked before any work on it. An image is decoded once to make its
 * 400 px copy (which also proves the whole file reads), that copy is stored and the message sent
 * to every member at once; its 1200 px copy is made after, before this answers, and whoever asks
 * for it meanwhile waits for it (readAttachment). A file is stored as it came. When the message is
 * not sent (the sender's limit, access lost meanwhile, a failure) the upload's files are deleted.
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
  const bytes = input.file.bytes!;
  const kind = kindOf(checked.type);
  const thumb = kind === "image" ? await thumbnail(bytes) : null;
  if (kind === "image" && !thumb) return { status: "refused", problem: { key: "attachmentUnreadable" } };

  const id = randomUUID();
  const keys = attachmentKeys(access.chat.id, id, checked.type);
  const contentType = kind === "image" ? "image/webp" : checked.type;
  const row = {
    id,
    chat_id: access.chat.id,
    kind,
    content_type: contentType,
    storage_key: keys.main,
    small_key: keys.small,
    byte_size: thumb ? thumb.bytes.byteLength : bytes.byteLength,
    file_name: displayFileName(input.file.fileName, checked.type),
    width: thumb?.width ?? null,
    height: thumb?.height ?? null,
  };
  // The row first: whatever happens to the process after this, the sweep knows the files.
  await repo.insertPendingAttachment(deps.db, { ...row, uploaderId: actor.id, now: deps.now });
  let result: SendResult;
  try {
    if (thumb && keys.small) await deps.files.put(keys.small, thumb.bytes, contentType);
    else await deps.files.put(keys.main, bytes, contentType);
    const view = attachmentView(access.chat.id, {
      id,
      kind,
      contentType,
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
  if (result.status !== "sent") {
    await discard(deps, row);
    return result;
  }
  if (thumb) await storeLargeCopy(deps, row, bytes);
  return result;
}

/** The 1200 px copy of a sent photo; should it fail, its readers get the 400 px one instead (readAttachment). */
async function storeLargeCopy(deps: Files, row: { id: string; storage_key: string }, bytes: Uint8Array) {
  try {
    const large = await largeCopy(bytes);
    if (!large) throw new Error("the photo did not decode a second time");
    await deps.files.put(row.storage_key, large, "image/webp");
    await repo.setAttachmentSize(deps.db, row.id, large.byteLength);
  } catch (error) {
    console.error("chat photo: the 1200 px copy failed", row.id, error);
  }
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
  const stored = size === "small" && row.small_key ? await deps.files.get(row.small_key) : await largeOrThumbnail(deps, row);
  if (!stored) return null;
  const file: AttachmentFile = { ...stored, kind: row.kind === "image" ? "image" : "file", contentType: row.content_type, fileName: row.file_name };
  return file;
}

/** How long a reader waits for a photo's 1200 px copy still being made (about 200 ms for 10 MB): 50 looks, 100 ms apart. */
const LARGE_COPY_LOOKS = 50;

/**
 * A file, or a photo's 1200 px copy: made just after its message was sent, so a reader quick
 * enough to ask before it exists waits for it a little, then gets the 400 px copy if it never came.
 */
async function largeOrThumbnail(deps: Pick<Deps, "files">, row: { storage_key: string; small_key: string | null }) {
  for (let look = 1; ; look += 1) {
    const stored = await deps.files.get(row.storage_key);
    if (stored || !row.small_key) return stored;
    if (look >= LARGE_COPY_LOOKS) return deps.files.get(row.small_key);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
