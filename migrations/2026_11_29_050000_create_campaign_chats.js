import { sql } from "kysely";

/**
 * A campaign's table chat (decision record 089): a chat of kind `group` for one series, whose
 * members are the series' host and its active subscribers, derived as they are now (like a
 * session chat's from its seats), so subscribing, cancelling and rejoining change who reads it in
 * the same statement that changes the subscription, and nothing can drift.
 * - chats.series_id: the series (one chat per series); its host is copied onto host_id as a
 *   session's is, so the branches that find a person's chats stay indexed.
 * - The unread counts (migration count_unread_chat_messages) count the campaign's members too, and
 *   a subscription that becomes active recounts the subscriber's row, as a confirmed seat does.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table chats add column series_id uuid unique references series(id) on delete cascade`.execute(db);
  await sql`alter table chats drop constraint chats_kind`.execute(db);
  await sql`alter table chats add constraint chats_kind check (
       (kind = 'session' and session_id is not null and series_id is null and user_a is null and user_b is null)
    or (kind = 'direct' and session_id is null and series_id is null and user_a is not null and user_b is not null and user_a < user_b)
    or (kind = 'group' and series_id is not null and session_id is null and user_a is null and user_b is null))`.execute(db);

  await sql`create or replace function chats_copy_host() returns trigger language plpgsql as $$
    begin
      new.host_id := coalesce((select dm_id from sessions where id = new.session_id), (select dm_id from series where id = new.series_id));
      return new;
    end $$`.execute(db);
  await sql`drop trigger chats_copy_host on chats`.execute(db);
  await sql`create trigger chats_copy_host before insert or update of session_id, series_id on chats
    for each row execute function chats_copy_host()`.execute(db);
  await sql`create function series_host_to_chat() returns trigger language plpgsql as $$
    begin
      update chats set host_id = new.dm_id where series_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger series_host_to_chat after update of dm_id on series
    for each row when (old.dm_id is distinct from new.dm_id) execute function series_host_to_chat()`.execute(db);
  await sql`create index chats_group_host_idx on chats (host_id) where kind = 'group'`.execute(db);
  await sql`create index series_subscriptions_active_user_idx on series_subscriptions (user_id, series_id) where status = 'ACTIVE'`.execute(db);

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

  await sql`create function series_subscriptions_count_chat_unread() returns trigger language plpgsql as $$
    begin
      perform 1 from chats where series_id = new.series_id for no key update;
      if found then
        insert into chat_reads (chat_id, user_id)
          select id, new.user_id from chats where series_id = new.series_id
        on conflict (chat_id, user_id) do update set last_read_message_id = chat_reads.last_read_message_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger series_subscriptions_count_chat_unread after insert or update of status on series_subscriptions
    for each row when (new.status = 'ACTIVE') execute function series_subscriptions_count_chat_unread()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger series_subscriptions_count_chat_unread on series_subscriptions`.execute(db);
  await sql`drop function series_subscriptions_count_chat_unread()`.execute(db);
  await sql`delete from chats where kind = 'group'`.execute(db);
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
        update chat_reads r
          set last_read_message_id = r.last_read_message_id
          where r.chat_id = target
            and r.user_id in (select member from members)
            and r.user_id not in (select user_id from added);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`drop index series_subscriptions_active_user_idx`.execute(db);
  await sql`drop index chats_group_host_idx`.execute(db);
  await sql`drop trigger series_host_to_chat on series`.execute(db);
  await sql`drop function series_host_to_chat()`.execute(db);
  await sql`drop trigger chats_copy_host on chats`.execute(db);
  await sql`create or replace function chats_copy_host() returns trigger language plpgsql as $$
    begin
      new.host_id := (select dm_id from sessions where id = new.session_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger chats_copy_host before insert or update of session_id on chats
    for each row execute function chats_copy_host()`.execute(db);
  await sql`alter table chats drop constraint chats_kind`.execute(db);
  await sql`alter table chats add constraint chats_kind check (
       (kind = 'session' and session_id is not null and user_a is null and user_b is null)
    or (kind = 'direct' and session_id is null and user_a is not null and user_b is not null and user_a < user_b))`.execute(db);
  await sql`alter table chats drop column series_id`.execute(db);
}
