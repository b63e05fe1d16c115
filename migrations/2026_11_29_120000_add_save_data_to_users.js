import { sql } from "kysely";

/**
 * "Save data" chosen for the whole account (decision record 095): every device the person signs in
 * on then skips card images, prefetching and the live layer's stream until it is needed. A device
 * of its own (or a signed-out visitor) keeps its choice in a cookie instead.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table users add column save_data boolean not null default false`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`alter table users drop column save_data`.execute(db);
}
