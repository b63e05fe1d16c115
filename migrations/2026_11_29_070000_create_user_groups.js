import { sql } from "kysely";

/**
 * Groups people make themselves, and blocks (decision record 091).
 * - A user group is a chat of kind `group` without a series: a `name` (1-100), the `owner_id`
 *   who may rename it and add or remove people (its creator, passed on when they leave), and
 *   `created_by` for the "20 groups a day" limit. Unlike a campaign's chat, its members are not
 *   derived from anything else: they are rows of `chat_members`, added and removed under the
 *   chat's row lock so the 50-person limit holds against parallel adds.
 * - The unread counts (migration count_unread_chat_messages) count a user group's members too.
 * - `user_blocks`: who blocked whom. No direct chat and no new group between the two, either way.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table chats
    add column name text,
    add column owner_id uuid references users(id) on delete set null,
    add column created_by uuid references users(id) on delete set null`.execute(db);
  await sql`alter table chats drop constraint chats_kind`.execute(db);
  await sql`alter table chats add constraint chats_kind check (
       (kind = 'session' and session_id is not null and series_id is null and user_a is null and user_b is null and name is null)
    or (kind = 'direct' and session_id is null and series_id is null and user_a is not null and user_b is not null and user_a < user_b and name is null)
    or (kind = 'group' and series_id is not null and session_id is null and user_a is null and user_b is null and name is null)
    or (kind = 'group' and series_id is null and session_id is null and user_a is null and user_b is null
        and name is not null and char_length(name) between 1 and 100))`.execute(db);
  await sql`create index chats_created_by_idx on chats (created_by, created_at) where created_by is not null`.execute(db);

  await sql`create table chat_members (
    chat_id uuid not null references chats(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    added_by uuid references users(id) on delete set null,
    joined_at timestamptz not null default now(),
    primary key (chat_id, user_id)
  )`.execute(db);
  await sql`create index chat_members_user_idx on chat_members (user_id, chat_id)`.execute(db);

  await sql`create table user_blocks (
    blocker_id uuid not null references users(id) on delete cascade,
    blocked_id uuid not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (blocker_id, blocked_id),
    constraint user_blocks_not_self check (blocker_id <> blocked_id)
  )`.execute(db);
  await sql`create index user_blocks_blocked_idx on user_blocks (blocked_id, blocker_id)`.execute(db);

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
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
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
        update chat_reads r
          set last_read_message_id = r.last_read_message_id
          where r.chat_id = target
            and r.user_id in (select member from members)
            and r.user_id not in (select user_id from added);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`drop table user_blocks`.execute(db);
  await sql`drop table chat_members`.execute(db);
  await sql`delete from chats where kind = 'group' and series_id is null`.execute(db);
  await sql`drop index chats_created_by_idx`.execute(db);
  await sql`alter table chats drop constraint chats_kind`.execute(db);
  await sql`alter table chats add constraint chats_kind check (
       (kind = 'session' and session_id is not null and series_id is null and user_a is null and user_b is null)
    or (kind = 'direct' and session_id is null and series_id is null and user_a is not null and user_b is not null and user_a < user_b)
    or (kind = 'group' and series_id is not null and session_id is null and user_a is null and user_b is null))`.execute(db);
  await sql`alter table chats drop column created_by, drop column owner_id, drop column name`.execute(db);
}
