import { sql } from "kysely";
import type { Database } from "#db/client.server";

// Which chats a person reads, and their unread messages: the chats page, GET /api/chats and the
// header's badge. Membership is derived here as it is now (decision records 044 and 089), or read
// from chat_members for groups people made (decision record 091).

/**
 * The ids of the chats a user may read: direct chats naming them, the chats of sessions they
 * host or hold a confirmed seat in, and of campaigns they host or are subscribed to (derived from
 * bookings and subscriptions, never copied). One branch per index: a
 * single condition OR-ing these made PostgreSQL join every session (decision record 044).
 */
function memberChatIds(db: Database, userId: string) {
  return db
    .selectFrom("chats")
    .select("id")
    .where("user_a", "=", userId)
    .union(db.selectFrom("chats").select("id").where("kind", "=", "direct").where("user_b", "=", userId))
    .union(db.selectFrom("chats").select("id").where("kind", "=", "session").where("host_id", "=", userId))
    .union(
      db
        .selectFrom("bookings as b")
        .innerJoin("chats", "chats.session_id", "b.session_id")
        .select("chats.id")
        .where("b.user_id", "=", userId)
        .where("b.status", "=", "CONFIRMED"),
    )
    .union(db.selectFrom("chats").select("id").where("kind", "=", "group").where("host_id", "=", userId))
    .union(
      db
        .selectFrom("series_subscriptions as su")
        .innerJoin("chats", "chats.series_id", "su.series_id")
        .select("chats.id")
        .where("su.user_id", "=", userId)
        .where("su.status", "=", "ACTIVE"),
    )
    .union(db.selectFrom("chat_members").select("chat_id as id").where("user_id", "=", userId));
}

/** The chats a user may read (the newest 100), with their unread counts. */
export function listChatsFor(db: Database, userId: string) {
  return (
    db
      .with("mine", () => memberChatIds(db, userId))
      .selectFrom("mine")
      .innerJoin("chats as c", "c.id", "mine.id")
      .leftJoin("sessions as s", "s.id", "c.session_id")
      .leftJoin("series as se", "se.id", "c.series_id")
      // The other person of a direct chat (null for a session chat).
      .leftJoin("users as other", (join) => join.on(sql<boolean>`other.id = case when c.user_a = ${userId} then c.user_b else c.user_a end`))
      .leftJoin("chat_reads as r", (join) => join.onRef("r.chat_id", "=", "c.id").on("r.user_id", "=", userId))
      // The last message, for the list's preview: one step down chat_messages_chat_idx per chat
      // listed, then its attachment (if any) by its unique message_id. A removed one shows nothing.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("chat_messages as lm")
            .select([
              "lm.id as last_id",
              "lm.type as last_type",
              sql<string>`case when lm.removed_at is null then lm.content else '' end`.as("last_content"),
              sql<boolean>`lm.removed_at is not null`.as("last_removed"),
            ])
            .whereRef("lm.chat_id", "=", "c.id")
            .orderBy("lm.id", "desc")
            .limit(1)
            .as("last"),
        (join) => join.onTrue(),
      )
      .leftJoin("chat_attachments as la", (join) => join.onRef("la.message_id", "=", "last.last_id").on("last.last_removed", "=", false))
      .select([
        "last.last_type",
        "last.last_content",
        "last.last_removed",
        "la.file_name as last_file_name",
        "c.id",
        "c.kind",
        "c.session_id",
        "s.title as session_title",
        "c.series_id",
        "se.title as series_title",
        "other.id as other_id",
        "other.display_name as other_name",
        "other.email as other_email",
        "c.name",
        "c.last_message_at",
        // A group's head count: a campaign's host and active subscribers, or a group's members.
        sql<number | null>`case
          when c.kind = 'group' and c.series_id is null then (select count(*) from chat_members cm where cm.chat_id = c.id)
          when c.kind = 'group' then 1 + (select count(*) from series_subscriptions su where su.series_id = c.series_id and su.status = 'ACTIVE')
        end`.as("participant_count"),
        // Kept by the message and read-marker triggers (migration count_unread_chat_messages): counting
        // here read every unread message of every chat, 25 ms for one group nobody had read in a while.
        sql<number>`coalesce(r.unread_count, 0)`.as("unread_count"),
      ])
      .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, "desc")
      .limit(100)
      .execute()
  );
}

/**
 * Unread messages across the chats a user may read (the header's badge, read on every page), from
 * the counts kept on read markers (migration count_unread_chat_messages): only rows with something
 * unread are visited, each still checked against membership as it is now (a seat given up stops
 * counting at once). Counted up to `cap` chats of `cap` each: the badge shows "99+" past 99.
 */
export async function countUnreadChatMessages(db: Database, userId: string, cap: number): Promise<number> {
  const row = await unreadChatTotalQuery(db, userId, cap).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** countUnreadChatMessages as a query to run or to read inside another (the header's counts). */
export const unreadChatTotalQuery = (db: Database, userId: string, cap: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom("chat_reads as r")
        .innerJoin("chats as c", "c.id", "r.chat_id")
        .select(sql<number>`least(r.unread_count, ${cap})`.as("n"))
        .where("r.user_id", "=", userId)
        .where("r.unread_count", ">", 0)
        .where((w) =>
          w.or([
            w.and([w("c.kind", "=", "direct"), w.or([w("c.user_a", "=", userId), w("c.user_b", "=", userId)])]),
            w.and([w("c.kind", "in", ["session", "group"]), w("c.host_id", "=", userId)]),
            w.exists(
              w
                .selectFrom("bookings as b")
                .select("b.id")
                .whereRef("b.session_id", "=", "c.session_id")
                .where("b.user_id", "=", userId)
                .where("b.status", "=", "CONFIRMED"),
            ),
            w.exists(
              w
                .selectFrom("series_subscriptions as su")
                .select("su.id")
                .whereRef("su.series_id", "=", "c.series_id")
                .where("su.user_id", "=", userId)
                .where("su.status", "=", "ACTIVE"),
            ),
            w.exists(w.selectFrom("chat_members as cm").select("cm.user_id").whereRef("cm.chat_id", "=", "c.id").where("cm.user_id", "=", userId)),
          ]),
        )
        // Each row has at least one: `cap` rows reach the cap, however many chats a host has left unread.
        .limit(cap)
        .as("unread"),
    )
    .select(sql<number>`coalesce(sum(n), 0)`.as("total"));
