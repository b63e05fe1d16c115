import { sql } from "kysely";

/**
 * The audit log's target becomes text: besides reviews, profiles and accounts (uuids), the jobs
 * desk audits a job run (its name, such as `award-badges`) and an email test (the address).
 * Existing uuids convert as they are.
 *
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table audit_log alter column target_id type text using target_id::text`.execute(db);
}

/**
 * Back to uuid: rows whose target is not one (job runs, email tests) cannot be kept in that column
 * and are removed first.
 *
 * @param {import('kysely').Kysely<any>} db
 */
export async function down(db) {
  await sql`delete from audit_log where target_id !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`.execute(db);
  await sql`alter table audit_log alter column target_id type uuid using target_id::uuid`.execute(db);
}
