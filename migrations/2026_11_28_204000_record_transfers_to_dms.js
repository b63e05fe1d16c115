import { sql } from "kysely";

/**
 * A paid seat is a destination charge (decision record 084): the payment names the DM's connected
 * account it transfers to and the platform's application fee, both fixed when the payment is
 * created. The offline adapter keeps the same on its own records, as the provider would, and a
 * refund whether it reverses the transfer (and returns the fee) in proportion.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table payments
    add column transfer_destination text check (transfer_destination ~ '^acct_[A-Za-z0-9_]{1,64}$'),
    add column application_fee_cents integer check (application_fee_cents >= 0 and application_fee_cents <= amount_cents),
    add constraint payments_transfer_with_fee check ((transfer_destination is null) = (application_fee_cents is null))`.execute(db);
  await sql`alter table offline_payment_intents
    add column transfer_destination text,
    add column application_fee_cents integer,
    add column reverse_transfer boolean not null default false`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`alter table offline_payment_intents drop column transfer_destination, drop column application_fee_cents, drop column reverse_transfer`.execute(db);
  await sql`alter table payments drop constraint payments_transfer_with_fee, drop column transfer_destination, drop column application_fee_cents`.execute(db);
}
