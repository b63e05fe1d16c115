import { sql } from "kysely";

/**
 * The chats a person may read, found from indexes (decision record 044).
 *
 * The header's chat badge is read on every page. It found a person's chats with one condition
 * OR-ing "names them", "they host its session" and "they hold a confirmed seat", which PostgreSQL can
 * only answer by joining every session: 31-72 ms per page at 100,000 sessions. Each branch now has
 * its own index: direct chats by user_a (the pair's unique key) and user_b (already), session chats
 * by their host, and confirmed seats by person.
 *
 * `host_id` is the session's host, copied onto its chat by a trigger (on insert, and if a session
 * ever changes hands), so every way of creating a chat fills it and it cannot drift from sessions.
 *
 * Even indexed, counting meant visiting every chat a person belongs to, and a host has one per
 * session they ran (4,943 chats: 60 ms). So each member's read marker (chat_reads) keeps how many
 * messages of others follow it, and the badge sums only the rows with something unread:
 * - a message recounts the row of each member but its sender (a row is made for a member who had none);
 * - a read marker that is written or moved recounts its row, in the same statement;
 * - a seat that becomes confirmed in a session with a chat recounts the player's row.
 * Membership stays derived: the badge still checks it for the rows it sums, so leaving a table
 * takes its messages off the badge at once. A message and a new seat in the same chat take the
 * chat's row lock in turn, so neither misses the other; a marker moving while a message arrives
 * waits on the member's row and recounts with the message in sight.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table chats add column host_id uuid references users(id) on delete cascade`.execute(db);
  await sql`create function chats_copy_host() returns trigger language plpgsql as $$
    begin
      new.host_id := (select dm_id from sessions where id = new.session_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger chats_copy_host before insert or update of session_id on chats
    for each row execute function chats_copy_host()`.execute(db);
  await sql`create function sessions_host_to_chat() returns trigger language plpgsql as $$
    begin
      update chats set host_id = new.dm_id where session_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_host_to_chat after update of dm_id on sessions
    for each row when (old.dm_id is distinct from new.dm_id) execute function sessions_host_to_chat()`.execute(db);
  await sql`update chats c set host_id = s.dm_id from sessions s where s.id = c.session_id`.execute(db);
  await sql`create index chats_host_idx on chats (host_id) where kind = 'session'`.execute(db);
  await sql`create index bookings_confirmed_user_idx on bookings (user_id, session_id) where status = 'CONFIRMED'`.execute(db);

  await sql`alter table chat_reads add column unread_count integer not null default 0 check (unread_count >= 0)`.execute(db);
  await sql`create function chat_reads_recount() returns trigger language plpgsql as $$
    begin
      new.unread_count := (select count(*) from chat_messages m
        where m.chat_id = new.chat_id and m.id > new.last_read_message_id and m.sender_id <> new.user_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger chat_reads_recount before insert or update of last_read_message_id on chat_reads
    for each row execute function chat_reads_recount()`.execute(db);
  // Per statement (a statement may insert many messages): each chat's members but the sender get the
  // messages of others added; a member without a row gets one, counted in full by the trigger above.
  await sql`create function chat_messages_count_unread() returns trigger language plpgsql as $$
    declare
      target uuid;
    begin
      for target in select distinct chat_id from new_messages order by chat_id loop
        perform 1 from chats where id = target for no key update;
        with members as (
          select m.member from chats c, lateral (
            select c.user_a as member where c.kind = 'direct'
            union select c.user_b where c.kind = 'direct'
            union select c.host_id where c.kind = 'session'
            union select b.user_id from bookings b where c.kind = 'session' and b.session_id = c.session_id and b.status = 'CONFIRMED'
          ) m
          where c.id = target and m.member is not null
        ), added as (
          insert into chat_reads (chat_id, user_id)
            select target, member from members
            where not exists (select 1 from chat_reads r where r.chat_id = target and r.user_id = member)
          on conflict (chat_id, user_id) do nothing
          returning user_id
        )
        -- Touching the marker recounts the row (chat_reads_recount) once its lock is held: adding the
        -- new messages instead would count one whose id is below a marker moved meanwhile.
        update chat_reads r
          set last_read_message_id = r.last_read_message_id
          where r.chat_id = target
            and r.user_id in (select member from members)
            and r.user_id not in (select user_id from added);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create trigger chat_messages_count_unread after insert on chat_messages
    referencing new table as new_messages for each statement execute function chat_messages_count_unread()`.execute(db);
  await sql`create function bookings_count_chat_unread() returns trigger language plpgsql as $$
    begin
      perform 1 from chats where session_id = new.session_id for no key update;
      if found then
        insert into chat_reads (chat_id, user_id)
          select id, new.user_id from chats where session_id = new.session_id
        on conflict (chat_id, user_id) do update set last_read_message_id = chat_reads.last_read_message_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_count_chat_unread after insert or update of status on bookings
    for each row when (new.status = 'CONFIRMED') execute function bookings_count_chat_unread()`.execute(db);

  // Every member of every chat gets a row with its count (the recount trigger counts).
  await sql`insert into chat_reads (chat_id, user_id)
    select c.id, m.member from chats c, lateral (
      select c.user_a as member where c.kind = 'direct'
      union select c.user_b where c.kind = 'direct'
      union select c.host_id where c.kind = 'session'
      union select b.user_id from bookings b where c.kind = 'session' and b.session_id = c.session_id and b.status = 'CONFIRMED'
    ) m
    where m.member is not null
    on conflict (chat_id, user_id) do update set last_read_message_id = chat_reads.last_read_message_id`.execute(db);
  await sql`create index chat_reads_unread_idx on chat_reads (user_id) where unread_count > 0`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger if exists bookings_count_chat_unread on bookings`.execute(db);
  await sql`drop function if exists bookings_count_chat_unread()`.execute(db);
  await sql`drop trigger if exists chat_messages_count_unread on chat_messages`.execute(db);
  await sql`drop function if exists chat_messages_count_unread()`.execute(db);
  await sql`drop trigger if exists chat_reads_recount on chat_reads`.execute(db);
  await sql`drop function if exists chat_reads_recount()`.execute(db);
  await sql`drop index if exists chat_reads_unread_idx`.execute(db);
  await sql`alter table chat_reads drop column unread_count`.execute(db);
  await sql`drop index if exists bookings_confirmed_user_idx`.execute(db);
  await sql`drop trigger if exists sessions_host_to_chat on sessions`.execute(db);
  await sql`drop function if exists sessions_host_to_chat()`.execute(db);
  await sql`drop trigger if exists chats_copy_host on chats`.execute(db);
  await sql`drop function if exists chats_copy_host()`.execute(db);
  await sql`alter table chats drop column host_id`.execute(db);
}
