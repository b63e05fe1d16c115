import { sql } from "kysely";

/**
 * The jobs desk shows each job's newest failure. Failures are rare among a minute's runs, so
 * without this index finding the newest one walks every run of the job kept since the last pruning.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create index job_runs_failed_idx on job_runs (name, started_at desc, id desc) where outcome = 'failed'`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index job_runs_failed_idx`.execute(db);
}
