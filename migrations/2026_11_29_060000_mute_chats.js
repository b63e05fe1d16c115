import { sql } from "kysely";

/**
 * A person can mute a chat (decision record 089): its messages still arrive and count as unread,
 * but leave no new_message notification for them. Kept on their read marker, the row each member
 * of a chat already has.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table chat_reads add column muted boolean not null default false`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`alter table chat_reads drop column muted`.execute(db);
}
