import { sql } from "kysely";

/**
 * The retry-refunds job looks for paid seats cancelled in the last days whose refund was never
 * asked for (the process stopped between the cancel and the request): this index keeps that look
 * to the recent cancellations instead of every booking ever made.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create index bookings_cancelled_updated_idx on bookings (updated_at) where status = 'CANCELLED'`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists bookings_cancelled_updated_idx`.execute(db);
}
