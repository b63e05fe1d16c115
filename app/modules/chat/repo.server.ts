import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";

export * from "./messages-repo.server";

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

/** A chat with everything that decides whether this reader may read it, and where they are in it. */
export type ChatForReader = ChatRow & {
  series_dm: string | null;
  series_title: string | null;
  subscription_status: string | null;
  session_dm: string | null;
  session_title: string | null;
  booking_status: string | null;
  group_member: boolean;
  other_name: string | null;
  last_read_message_id: number | null;
  muted: boolean | null;
};

/**
 * The chat and, for this reader, the facts its access rule weighs (the series' or session's host,
 * their subscription or seat, whether they are in the group, the other person of a direct chat)
 * and their read marker: one statement where a chat's page made three.
 */
const chatForReaderQuery = preparedQuery(["chatId", "userId"], (db, args: { chatId: string; userId: string }) =>
  db
    .selectFrom("chats as c")
    .select(["c.id", "c.kind", "c.session_id", "c.series_id", "c.user_a", "c.user_b", "c.name"])
    .select((eb) => [
      eb.selectFrom("series as se").select("se.dm_id").whereRef("se.id", "=", "c.series_id").as("series_dm"),
      eb.selectFrom("series as se").select("se.title").whereRef("se.id", "=", "c.series_id").as("series_title"),
      eb
        .selectFrom("series_subscriptions as su")
        .select("su.status")
        .whereRef("su.series_id", "=", "c.series_id")
        .where("su.user_id", "=", args.userId)
        .as("subscription_status"),
      eb.selectFrom("sessions as s").select("s.dm_id").whereRef("s.id", "=", "c.session_id").as("session_dm"),
      eb.selectFrom("sessions as s").select("s.title").whereRef("s.id", "=", "c.session_id").as("session_title"),
      eb
        .selectFrom("bookings as b")
        .select("b.status")
        .whereRef("b.session_id", "=", "c.session_id")
        .where("b.user_id", "=", args.userId)
        .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
        .limit(1)
        .as("booking_status"),
      eb
        .exists(eb.selectFrom("chat_members as cm").select("cm.user_id").whereRef("cm.chat_id", "=", "c.id").where("cm.user_id", "=", args.userId))
        .as("group_member"),
      eb
        .selectFrom("users as o")
        .select(sql<string>`coalesce(nullif(o.display_name, ''), split_part(o.email, '@', 1))`.as("n"))
        .where(sql<boolean>`o.id = case when c.user_a = ${args.userId} then c.user_b else c.user_a end`)
        .where("c.kind", "=", "direct")
        .as("other_name"),
      eb
        .selectFrom("chat_reads as r")
        .select("r.last_read_message_id")
        .whereRef("r.chat_id", "=", "c.id")
        .where("r.user_id", "=", args.userId)
        .as("last_read_message_id"),
      eb.selectFrom("chat_reads as r").select("r.muted").whereRef("r.chat_id", "=", "c.id").where("r.user_id", "=", args.userId).as("muted"),
    ])
    .where("c.id", "=", args.chatId),
);

export async function chatForReader(db: Database, chatId: string, userId: string): Promise<ChatForReader | undefined> {
  const [row] = await chatForReaderQuery(db, { chatId, userId });
  return row
    ? { ...row, group_member: Boolean(row.group_member), last_read_message_id: row.last_read_message_id === null ? null : Number(row.last_read_message_id) }
    : undefined;
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
