import { sql } from "kysely";

/**
 * The cleanup job looks for pending-payment holds and waitlist offers that ran out, every few
 * minutes, over all sessions. Partial indexes keep that lookup to the few rows that can lapse
 * instead of a scan of every booking ever made.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create index bookings_pending_hold_idx on bookings (hold_until) where status = 'PENDING_PAYMENT'`.execute(db);
  await sql`create index waitlist_entries_offer_idx on waitlist_entries (offer_expires_at) where offer_expires_at is not null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists waitlist_entries_offer_idx`.execute(db);
  await sql`drop index if exists bookings_pending_hold_idx`.execute(db);
}
