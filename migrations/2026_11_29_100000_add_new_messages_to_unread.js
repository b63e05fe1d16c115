import { sql } from "kysely";

/**
 * A new message adds to its readers' unread counts instead of recounting them (decision record 091).
 *
 * Each message recounted every member's unread messages from their read marker: in a group of 50
 * that nobody had read for a while (10,000 messages), one post counted half a million rows before it
 * could answer. Now each member's row gets the new messages of others after their marker added, on
 * the row as it is once its lock is held: a marker moved meanwhile by a read is the one compared
 * against (PostgreSQL re-reads a locked row before updating it), and a read that comes after recounts
 * in full as before, seeing these messages once they are committed. Rows made for new members are
 * still counted in full by chat_reads_recount.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await setCounter(db, "add");
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await setCounter(db, "recount");
}

/** @param {import('kysely').Kysely<any>} db @param {"add" | "recount"} how */
async function setCounter(db, how) {
  const update =
    how === "add"
      ? sql`update chat_reads r
          set unread_count = r.unread_count + (
            select count(*) from new_messages n
            where n.chat_id = target and n.sender_id <> r.user_id and n.id > r.last_read_message_id)
          where r.chat_id = target
            and r.user_id in (select member from members)
            and r.user_id not in (select user_id from added);`
      : sql`update chat_reads r
          set last_read_message_id = r.last_read_message_id
          where r.chat_id = target
            and r.user_id in (select member from members)
            and r.user_id not in (select user_id from added);`;
  await sql`create or replace function chat_messages_count_unread() returns trigger language plpgsql as $$
    declare
      target uuid;
    begin
      for target in select distinct chat_id from new_messages order by chat_id loop
        perform 1 from chats where id = target for no key update;
        with members as (
          select m.member from chats c, lateral (
            select c.user_a as member where c.kind = 'direct'
            union select c.user_b where c.kind = 'direct'
            union select c.host_id where c.kind in ('session', 'group')
            union select b.user_id from bookings b where c.kind = 'session' and b.session_id = c.session_id and b.status = 'CONFIRMED'
            union select su.user_id from series_subscriptions su where c.kind = 'group' and su.series_id = c.series_id and su.status = 'ACTIVE'
            union select cm.user_id from chat_members cm where c.kind = 'group' and c.series_id is null and cm.chat_id = c.id
          ) m
          where c.id = target and m.member is not null
        ), added as (
          insert into chat_reads (chat_id, user_id)
            select target, member from members
            where not exists (select 1 from chat_reads r where r.chat_id = target and r.user_id = member)
          on conflict (chat_id, user_id) do nothing
          returning user_id
        )
        ${update}
      end loop;
      return null;
    end $$`.execute(db);
}
