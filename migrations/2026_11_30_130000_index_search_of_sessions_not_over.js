import { sql } from "kysely";

/**
 * One GIN index for the searches by text, tag or safety tool, over only the sessions not over
 * (docs/decisions/102-searching-the-sessions-not-over.md). At a million sessions 85 % are past, and
 * the whole-table trigram and tag indexes gave the past's entries too, thrown away after the
 * bitmap: a word with a game took 33 ms at p95, a tag with a tool 25 ms.
 *
 * Its predicate is, to the character, that of sessions_upcoming_starts_at_idx, and the search names
 * it the same way: PostgreSQL then knows the two hold the same rows and never intersects this
 * bitmap with a scan of the other, which it did for a differently worded predicate (10 ms for
 * nothing). The equality filters a search combines with a word or a tag (game, genre, level, price)
 * are in it too (btree_gin), so the index answers the combination in one scan.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index sessions_not_over_search_idx on sessions
    using gin (search_text gin_trgm_ops, tags, safety_tools, game, genre, experience_level, price_cents)
    where status in ('UPCOMING', 'CONFIRMED', 'ACTIVE', 'IN_PROGRESS')`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists sessions_not_over_search_idx`.execute(db);
}
