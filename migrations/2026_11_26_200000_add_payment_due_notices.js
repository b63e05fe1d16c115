import { sql } from "kysely";

/**
 * Payment reminders for subscription seats (docs/decisions/052-payment-due-reminders.md).
 *
 * session_notices is the "sent" marker of every once-only notice; a subscription seat's payment
 * reminders 7, 3 and 1 days before its deadline are three more kinds of it, claimed by the
 * send-payment-reminders job in the transaction that writes the notification.
 *
 * The job looks every minute for unpaid subscription seats whose deadline (hold_until) is less
 * than seven days away. A partial index holds only those seats, ordered by deadline, so the
 * lookup reads the seats in the window and nothing else: neither the short card and OXXO holds
 * of single bookings nor any confirmed booking.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table session_notices drop constraint session_notices_kind_check`.execute(db);
  await sql`alter table session_notices add constraint session_notices_kind_check
    check (kind in ('session_reminder','session_starting','players_missing','payment_due_7d','payment_due_3d','payment_due_1d'))`.execute(db);
  await sql`create index bookings_subscription_due_idx on bookings (hold_until)
    where status = 'PENDING_PAYMENT' and subscription_id is not null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists bookings_subscription_due_idx`.execute(db);
  await sql`delete from session_notices where kind like 'payment_due_%'`.execute(db);
  await sql`alter table session_notices drop constraint session_notices_kind_check`.execute(db);
  await sql`alter table session_notices add constraint session_notices_kind_check
    check (kind in ('session_reminder','session_starting','players_missing'))`.execute(db);
}
