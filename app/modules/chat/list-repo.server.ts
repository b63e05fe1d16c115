import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";

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

type ChatListRow = {
  id: string;
  kind: string;
  session_id: string | null;
  session_title: string | null;
  series_id: string | null;
  series_title: string | null;
  other_id: string | null;
  other_name: string | null;
  other_email: string | null;
  name: string | null;
  last_message_at: Date | string | null;
  participant_count: number | string | null;
  unread_count: number;
  last_type: string | null;
  last_content: string | null;
  last_file_name: string | null;
};

/**
 * The chats a user may read (the newest 100), with their unread counts and last message. Only the
 * user's chats and their last message are joined; every other value is a lookup of its own in the
 * select list (an index probe per chat listed). Joined, the same lookups made PostgreSQL weigh
 * the order of eight tables for each call: 1.5 ms of planning for 0.3 ms of work.
 */
export async function listChatsFor(db: Database, userId: string): Promise<ChatListRow[]> {
  return chatListQuery(db, { userId });
}

/**
 * Prepared: planned once per connection. Its plan does not depend on who asks, and planning it took
 * 2.1 ms of the chats page's 2.6 ms of PostgreSQL time at a million sessions (decision record 103).
 */
const chatListQuery = preparedQuery(["userId"], (db, { userId }: { userId: string }) => {
  const mine = memberChatIds(db, userId);
  const query = sql<ChatListRow>`
    with mine as materialized (${mine})
    select c.id, c.kind, c.session_id, c.series_id, c.name, c.last_message_at,
      (select title from sessions where id = c.session_id) as session_title,
      (select title from series where id = c.series_id) as series_title,
      o.id as other_id, o.display_name as other_name, o.email as other_email,
      -- A group's head count: a campaign's host and active subscribers, or a group's members.
      case
        when c.kind = 'group' and c.series_id is null then (select count(*) from chat_members cm where cm.chat_id = c.id)
        when c.kind = 'group' then 1 + (select count(*) from series_subscriptions su where su.series_id = c.series_id and su.status = 'ACTIVE')
      end as participant_count,
      -- Kept by the message and read-marker triggers (migration count_unread_chat_messages).
      coalesce((select r.unread_count from chat_reads r where r.chat_id = c.id and r.user_id = ${userId}), 0) as unread_count,
      -- The last message, for the list's preview (a removed one shows nothing), and its file's name.
      last.type as last_type,
      case when last.removed_at is null then last.content else '' end as last_content,
      (select a.file_name from chat_attachments a where a.message_id = last.id and last.removed_at is null) as last_file_name
    from mine
    join chats c on c.id = mine.id
    -- The other person of a direct chat (none for the other kinds).
    left join lateral (
      select u.id, u.display_name, u.email from users u
      where c.kind = 'direct' and u.id = case when c.user_a = ${userId} then c.user_b else c.user_a end
    ) o on true
    left join lateral (
      select lm.id, lm.type, lm.content, lm.removed_at from chat_messages lm where lm.chat_id = c.id order by lm.id desc limit 1
    ) last on true
    order by coalesce(c.last_message_at, c.created_at) desc
    limit 100`;
  return { compile: () => query.compile(db) };
});

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
