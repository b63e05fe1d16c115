import { sql } from "kysely";

/**
 * Whether a user has ever hosted a session, kept on users by a trigger on sessions, and a trigram
 * index of the names of only those users (docs/decisions/102-searching-the-sessions-not-over.md).
 * A search term is also looked up among hosts' names. Among 100,000 users a common name ("quetzal")
 * matched 3,707, and checking each for a session cost 28 ms of a 40 ms search; hosts are 3,000.
 * Never unset: a host whose sessions are all past still matches their own name, and the search's
 * other conditions decide what it lists.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .alterTable("users")
    .addColumn("hosts_sessions", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create function sessions_mark_hosts() returns trigger language plpgsql as $$
    begin
      update users set hosts_sessions = true where id in (select distinct dm_id from added) and not hosts_sessions;
      return null;
    end $$`.execute(db);
  // Per statement: a series' generated sessions, inserted together, cost one update, not one each.
  await sql`create trigger sessions_mark_hosts after insert on sessions
    referencing new table as added for each statement execute function sessions_mark_hosts()`.execute(db);
  await sql`update users set hosts_sessions = true where id in (select distinct dm_id from sessions)`.execute(db);
  await sql`create index users_host_name_trgm_idx on users using gin (immutable_unaccent(lower(display_name)) gin_trgm_ops)
    where hosts_sessions`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists users_host_name_trgm_idx`.execute(db);
  await sql`drop trigger if exists sessions_mark_hosts on sessions`.execute(db);
  await sql`drop function if exists sessions_mark_hosts()`.execute(db);
  await db.schema.alterTable("users").dropColumn("hosts_sessions").execute();
}
