import { sql } from "kysely";

/**
 * Statistics on a session's places left (docs/decisions/100-indexes-for-a-million-sessions.md).
 * "Few places left" and "at least N places" compare max_participants - booked_count, an expression
 * PostgreSQL had no statistics for: it guessed 0.5 % of rows where a quarter match, expected to
 * read every candidate, and sorted thousands of them (180 ms for few places in reais at a million
 * sessions) instead of walking the date order and stopping after a page (17 ms, cold).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create statistics sessions_places_left_stats on (max_participants - booked_count) from sessions`.execute(db);
  await sql`analyze sessions`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop statistics if exists sessions_places_left_stats`.execute(db);
}
