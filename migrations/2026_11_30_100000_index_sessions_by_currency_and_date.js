import { sql } from "kysely";

/**
 * Indexes for a search of a million sessions (docs/decisions/100-indexes-for-a-million-sessions.md).
 * - Currency with a price range: the index on (currency, price_cents) gave every session in that
 *   currency and range since the site began (59,000 of them in reais at a million sessions, 94 %
 *   past), and each was read and thrown away. Starting at the date, as the game and genre indexes
 *   do, the walk begins at the first session still to come; the price is checked in the index.
 * - The seats a viewer holds unpaid, which every search card asks about: the planner intersected
 *   the viewer's bookings with every pending seat on the site (31,000), 14 ms per search.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create index sessions_currency_starts_at_price_idx on sessions (currency, starts_at, price_cents) where status <> 'CANCELLED'`.execute(db);
  await sql`create index bookings_pending_user_idx on bookings (user_id, session_id) where status = 'PENDING_PAYMENT'`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists bookings_pending_user_idx`.execute(db);
  await sql`drop index if exists sessions_currency_starts_at_price_idx`.execute(db);
}
