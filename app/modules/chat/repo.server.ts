import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";

// The lookups a chat's page makes on every view (which chat, may this person read it, a page of
// its messages, their read marker) are prepared: built and compiled once (decision record 049).

export type ChatRow = {
  id: string;
  kind: string;
  session_id: string | null;
  series_id: string | null;
  user_a: string | null;
  user_b: string | null;
  /** A group people made: its name (campaign chats take their series' title). */
  name: string | null;
};

const chatById = preparedQuery(["chatId"], (db, args: { chatId: string }) =>
  db.selectFrom("chats").select(["id", "kind", "session_id", "series_id", "user_a", "user_b", "name"]).where("id", "=", args.chatId),
);

export async function findChat(db: Database, chatId: string): Promise<ChatRow | undefined> {
  return (await chatById(db, { chatId }))[0];
}

/** The campaign's table chat (kind group), created on first use (one per series, by the unique series_id). */
export async function ensureCampaignChat(db: Database, seriesId: string): Promise<string> {
  await db
    .insertInto("chats")
    .values({ kind: "group", series_id: seriesId })
    .onConflict((oc) => oc.column("series_id").doNothing())
    .execute();
  const row = await db.selectFrom("chats").select("id").where("series_id", "=", seriesId).executeTakeFirstOrThrow();
  return row.id;
}

const campaignSeatQuery = preparedQuery(["seriesId", "userId"], (db, args: { seriesId: string; userId: string }) =>
  db
    .selectFrom("series")
    .leftJoin("series_subscriptions as su", (join) => join.onRef("su.series_id", "=", "series.id").on("su.user_id", "=", args.userId))
    .select(["series.id", "series.dm_id", "series.title", "su.status as subscription_status"])
    .where("series.id", "=", args.seriesId),
);

/** What decides access to a campaign's chat: its host and the user's subscription there, if any. */
export async function campaignSeat(db: Database, seriesId: string, userId: string) {
  return (await campaignSeatQuery(db, { seriesId, userId }))[0];
}

/** Who reads a campaign's chat now: its host and its active subscribers. */
export async function campaignChatMembers(db: Database, seriesId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("series")
    .select("dm_id as user_id")
    .where("id", "=", seriesId)
    .unionAll(db.selectFrom("series_subscriptions").select("user_id").where("series_id", "=", seriesId).where("status", "=", "ACTIVE"))
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** The session's chat, created on first use (one per session, by the unique session_id). */
export async function ensureSessionChat(db: Database, sessionId: string): Promise<string> {
  await db
    .insertInto("chats")
    .values({ kind: "session", session_id: sessionId })
    .onConflict((oc) => oc.column("session_id").doNothing())
    .execute();
  const row = await db.selectFrom("chats").select("id").where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  return row.id;
}

/** The pair's direct chat, created on first use; `a` sorts before `b` (the table checks it). */
export async function ensureDirectChat(db: Database, a: string, b: string): Promise<string> {
  await db
    .insertInto("chats")
    .values({ kind: "direct", user_a: a, user_b: b })
    .onConflict((oc) => oc.columns(["user_a", "user_b"]).doNothing())
    .execute();
  const row = await db.selectFrom("chats").select("id").where("user_a", "=", a).where("user_b", "=", b).executeTakeFirstOrThrow();
  return row.id;
}

const sessionSeatQuery = preparedQuery(["sessionId", "userId"], (db, args: { sessionId: string; userId: string }) =>
  db
    .selectFrom("sessions")
    .leftJoin("bookings", (join) =>
      join
        .onRef("bookings.session_id", "=", "sessions.id")
        .on("bookings.user_id", "=", args.userId)
        .on("bookings.status", "in", ["PENDING_PAYMENT", "CONFIRMED"]),
    )
    .select(["sessions.id", "sessions.dm_id", "sessions.title", "bookings.status as booking_status"])
    .where("sessions.id", "=", args.sessionId),
);

/** What decides access to a session chat: its host and the user's active booking there, if any. */
export async function sessionSeat(db: Database, sessionId: string, userId: string) {
  return (await sessionSeatQuery(db, { sessionId, userId }))[0];
}

/** Who reads a session chat now: its host and the players holding a confirmed seat. */
export async function sessionChatMembers(db: Database, sessionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("sessions")
    .select("dm_id as user_id")
    .where("id", "=", sessionId)
    .unionAll(db.selectFrom("bookings").select("user_id").where("session_id", "=", sessionId).where("status", "=", "CONFIRMED"))
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

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

/** Moves the user's read marker forward (never back) to a message id. */
export async function markRead(db: Database, input: { chatId: string; userId: string; messageId: number; now: Date }) {
  await db
    .insertInto("chat_reads")
    .values({ chat_id: input.chatId, user_id: input.userId, last_read_message_id: input.messageId, updated_at: input.now })
    .onConflict((oc) =>
      oc.columns(["chat_id", "user_id"]).doUpdateSet({
        last_read_message_id: sql`greatest(chat_reads.last_read_message_id, excluded.last_read_message_id)`,
        updated_at: input.now,
      }),
    )
    .execute();
}

export async function latestMessageId(db: Database, chatId: string): Promise<number> {
  const row = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("chat_id", "=", chatId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Mutes or unmutes a chat for one of its members (their read marker's row, made if they had none). */
export async function setMuted(db: Database, input: { chatId: string; userId: string; muted: boolean; now: Date }) {
  await db
    .insertInto("chat_reads")
    .values({ chat_id: input.chatId, user_id: input.userId, muted: input.muted, updated_at: input.now })
    .onConflict((oc) => oc.columns(["chat_id", "user_id"]).doUpdateSet({ muted: input.muted, updated_at: input.now }))
    .execute();
}

/** A member's read marker and mute switch in a chat (none yet: nothing read, not muted). */
const readerRow = preparedQuery(["chatId", "userId"], (db, args: { chatId: string; userId: string }) =>
  db.selectFrom("chat_reads").select(["last_read_message_id", "muted"]).where("chat_id", "=", args.chatId).where("user_id", "=", args.userId),
);

export async function readerState(db: Database, chatId: string, userId: string) {
  const [row] = await readerRow(db, { chatId, userId });
  return { lastReadId: Number(row?.last_read_message_id ?? 0), muted: row?.muted ?? false };
}

/** Which of these people muted the chat. */
export async function mutedMembers(db: Database, chatId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("chat_reads")
    .select("user_id")
    .where("chat_id", "=", chatId)
    .where("user_id", "in", userIds)
    .where("muted", "=", true)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Whether the user already has an unread new_message notification for this chat (one is enough). */
export async function usersWithUnreadChatNotice(db: Database, userIds: string[], actionUrl: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("notifications")
    .select("user_id")
    .where("user_id", "in", userIds)
    .where("type", "=", "new_message")
    .where("action_url", "=", actionUrl)
    .where("read_at", "is", null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function displayNameOfUser(db: Database, userId: string) {
  const row = await db.selectFrom("users").select(["display_name", "email", "banned_at"]).where("id", "=", userId).executeTakeFirst();
  return row ? { name: row.display_name || row.email.split("@")[0] || "User", banned: row.banned_at !== null } : null;
}
