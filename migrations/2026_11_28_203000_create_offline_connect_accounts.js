import { sql } from "kysely";

/**
 * The offline Connect adapter's own records (decision record 084): the connected accounts it
 * plays Stripe for, with the fields of Stripe's Account object that the payouts page reads. Like
 * offline_payment_intents, it stands in for the provider's database.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create table offline_connect_accounts (
    id text primary key,
    user_id uuid not null,
    country text not null,
    email text not null,
    idempotency_key text unique,
    charges_enabled boolean not null default false,
    payouts_enabled boolean not null default false,
    details_submitted boolean not null default false,
    requirements jsonb not null,
    created_at timestamptz not null
  )`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop table offline_connect_accounts`.execute(db);
}
