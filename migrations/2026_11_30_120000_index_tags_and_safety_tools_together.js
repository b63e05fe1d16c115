import { sql } from "kysely";

/**
 * Tags and safety tools in one index (docs/decisions/100-indexes-for-a-million-sessions.md).
 * Each had a GIN index of its own: a tag with a safety tool at a million sessions made a bitmap of
 * each (42,000 and 150,000 sessions, most of them past) before intersecting them with the date
 * (180 ms). A GIN index over both arrays answers both conditions in one scan that steps through
 * the shorter posting list and skips in the longer one: 6,200 sessions, and 17-30 ms for the same
 * search. It answers a tag or a tool alone as well, so the two single-column indexes go and writes
 * keep one index to update, not two.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create index sessions_tags_safety_tools_idx on sessions using gin (tags, safety_tools)`.execute(db);
  await sql`drop index if exists sessions_tags_idx`.execute(db);
  await sql`drop index if exists sessions_safety_tools_idx`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`create index if not exists sessions_safety_tools_idx on sessions using gin (safety_tools)`.execute(db);
  await sql`create index if not exists sessions_tags_idx on sessions using gin (tags)`.execute(db);
  await sql`drop index if exists sessions_tags_safety_tools_idx`.execute(db);
}
