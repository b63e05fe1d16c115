import type { Database } from "#db/client.server";

// Chat attachments (decision record 092): a row is written before its files are stored and stays
// pending (message_id null) until the message carrying it is sent.

export type AttachmentRow = {
  id: string;
  chat_id: string;
  message_id: number | null;
  kind: string;
  content_type: string;
  storage_key: string;
  small_key: string | null;
  byte_size: number;
  file_name: string;
  width: number | null;
  height: number | null;
};

const columns = ["id", "chat_id", "message_id", "kind", "content_type", "storage_key", "small_key", "byte_size", "file_name", "width", "height"] as const;

export async function insertPendingAttachment(db: Database, input: Omit<AttachmentRow, "message_id"> & { uploaderId: string; now: Date }): Promise<void> {
  const { uploaderId, now, ...row } = input;
  await db
    .insertInto("chat_attachments")
    .values({ ...row, uploader_id: uploaderId, created_at: now })
    .execute();
}

/** Ties a pending upload to its message; false when it is no longer pending or not the sender's upload to this chat. */
export async function attachToMessage(db: Database, input: { attachmentId: string; messageId: number; chatId: string; uploaderId: string }) {
  const done = await db
    .updateTable("chat_attachments")
    .set({ message_id: input.messageId })
    .where("id", "=", input.attachmentId)
    .where("chat_id", "=", input.chatId)
    .where("uploader_id", "=", input.uploaderId)
    .where("message_id", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * A sent message's attachment in this chat (a pending upload or another chat's id: none), with
 * whether its message was removed by an admin and whether anyone reported it.
 */
export async function findSentAttachment(db: Database, chatId: string, attachmentId: string) {
  const row = await db
    .selectFrom("chat_attachments as a")
    .innerJoin("chat_messages as m", "m.id", "a.message_id")
    .select(columns.map((c) => `a.${c}` as const))
    .select((eb) => [
      eb("m.removed_at", "is not", null).as("removed"),
      eb.exists(eb.selectFrom("reports as r").select("r.id").whereRef("r.target_message_id", "=", "m.id")).as("reported"),
    ])
    .where("a.id", "=", attachmentId)
    .where("a.chat_id", "=", chatId)
    .executeTakeFirst();
  return row as (AttachmentRow & { removed: boolean; reported: boolean }) | undefined;
}

/** Uploads that never became a message, created before `before`, oldest first. */
export function pendingAttachmentsBefore(db: Database, before: Date, limit: number): Promise<AttachmentRow[]> {
  return db
    .selectFrom("chat_attachments")
    .select(columns)
    .where("message_id", "is", null)
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Forgets a pending upload (its files are already deleted); a sent one is never deleted here. */
export async function deletePendingAttachment(db: Database, attachmentId: string) {
  await db.deleteFrom("chat_attachments").where("id", "=", attachmentId).where("message_id", "is", null).execute();
}

/** A photo's stored size once its 1200 px copy is made (the 400 px one's until then). */
export async function setAttachmentSize(db: Database, attachmentId: string, byteSize: number) {
  await db.updateTable("chat_attachments").set({ byte_size: byteSize }).where("id", "=", attachmentId).execute();
}
