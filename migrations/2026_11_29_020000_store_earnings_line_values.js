import { sql } from "kysely";

/**
 * The earnings desk reads each line's state and amounts from stored columns (decision record
 * 086), computed by the same SQL functions as before (migration create_earnings_ledger), so the
 * desk's totals are sums over one covering index instead of function calls over table rows: a DM
 * with 50,000 lines reads a month's totals from the index alone.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table payments
    add column line_state text generated always as (payment_line_state(status, declined_at, dispute_status)) stored,
    add column line_gross integer generated always as (payment_line_gross(payment_line_state(status, declined_at, dispute_status), amount_cents)) stored,
    add column line_fee integer generated always as (payment_line_fee(payment_line_state(status, declined_at, dispute_status), application_fee_cents)) stored,
    add column line_refund integer generated always as (payment_line_refund(payment_line_state(status, declined_at, dispute_status), amount_cents)) stored,
    add column line_net integer generated always as (payment_line_net(payment_line_state(status, declined_at, dispute_status), amount_cents, application_fee_cents)) stored`.execute(
    db,
  );
  await sql`drop index payments_earnings`.execute(db);
  await sql`create index payments_earnings on payments (payee_id, occurred_at desc, id desc)
    include (currency, session_id, line_state, line_gross, line_fee, line_refund, line_net, paid_at)
    where transfer_destination is not null and line_state is not null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index payments_earnings`.execute(db);
  await sql`alter table payments drop column line_state, drop column line_gross, drop column line_fee, drop column line_refund, drop column line_net`.execute(db);
  await sql`create index payments_earnings on payments (payee_id, occurred_at desc, id desc) where transfer_destination is not null`.execute(db);
}
