import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";

// A chat's messages: a page of them (prepared, decision record 049), one by id, a new one, and an
// admin's removal (decision record 090).

/** A message, with its attachment's columns (all null for a text, and for a removed message). */
export type MessageRow = {
  id: number;
  chat_id: string;
  sender_id: string;
  sender_name: string;
  type: string;
  content: string;
  created_at: Date;
  removed_at: Date | null;
  attachment_id: string | null;
  attachment_kind: string | null;
  file_name: string | null;
  byte_size: number | null;
  content_type: string | null;
  width: number | null;
  height: number | null;
};

/**
 * A removed message's text never leaves the database on a member's read: it is blanked here, so
 * no page, API answer or future caller can show it by mistake (the admin desk reads it on its own).
 * Its attachment goes with it: the join below finds none for a removed message.
 */
const shownContent = sql<string>`case when m.removed_at is null then m.content else '' end`;
const messageColumns = [
  "m.id",
  "m.chat_id",
  "m.sender_id",
  "u.display_name as sender_name",
  "u.email as sender_email",
  "m.type",
  shownContent.as("content"),
  "m.created_at",
  "m.removed_at",
  "a.id as attachment_id",
  "a.kind as attachment_kind",
  "a.file_name",
  "a.byte_size",
  "a.content_type",
  "a.width",
  "a.height",
] as const;

const messagePage = preparedQuery(["chatId", "beforeId", "limit"], (db, args: { chatId: string; beforeId: number; limit: number }) =>
  db
    .selectFrom("chat_messages as m")
    .innerJoin("users as u", "u.id", "m.sender_id")
    .leftJoin("chat_attachments as a", (join) => join.onRef("a.message_id", "=", "m.id").on("m.removed_at", "is", null))
    .select(messageColumns)
    .where("m.chat_id", "=", args.chatId)
    .where("m.id", "<", args.beforeId)
    .orderBy("m.id", "desc")
    .limit(args.limit),
);

/** A page of messages, newest first, before a message id (none: the newest). */
export async function listMessages(db: Database, chatId: string, beforeId: number | null, limit: number): Promise<MessageRow[]> {
  // No id is above the largest a bigint column holds: "before it" is the newest page.
  const rows = await messagePage(db, { chatId, beforeId: beforeId ?? Number.MAX_SAFE_INTEGER, limit });
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    sender_name: r.sender_name || r.sender_email.split("@")[0] || "User",
    created_at: new Date(r.created_at),
    removed_at: r.removed_at ? new Date(r.removed_at) : null,
  }));
}

/** One message by id, with its sender's name (a report's target); its text blanked once removed. */
export async function findMessage(db: Database, id: number): Promise<MessageRow | undefined> {
  const r = await db
    .selectFrom("chat_messages as m")
    .innerJoin("users as u", "u.id", "m.sender_id")
    .leftJoin("chat_attachments as a", (join) => join.onRef("a.message_id", "=", "m.id").on("m.removed_at", "is", null))
    .select(messageColumns)
    .where("m.id", "=", id)
    .executeTakeFirst();
  if (!r) return undefined;
  const { sender_email, ...row } = r;
  return {
    ...row,
    id: Number(r.id),
    sender_name: r.sender_name || sender_email.split("@")[0] || "User",
    created_at: new Date(r.created_at),
    removed_at: r.removed_at ? new Date(r.removed_at) : null,
  };
}

/** Marks a message removed by an admin; no row when it is unknown or was removed already. */
export function markMessageRemoved(db: Database, input: { id: number; by: string; now: Date }) {
  return db
    .updateTable("chat_messages")
    .set({ removed_at: input.now, removed_by: input.by })
    .where("id", "=", input.id)
    .where("removed_at", "is", null)
    .returning(["id", "chat_id", "sender_id"])
    .executeTakeFirst();
}

export async function insertMessage(db: Database, input: { chatId: string; senderId: string; type: string; content: string; now: Date }) {
  const row = await db
    .insertInto("chat_messages")
    .values({ chat_id: input.chatId, sender_id: input.senderId, type: input.type, content: input.content, created_at: input.now })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
  await db.updateTable("chats").set({ last_message_at: input.now }).where("id", "=", input.chatId).execute();
  return { id: Number(row.id), createdAt: new Date(row.created_at) };
}
