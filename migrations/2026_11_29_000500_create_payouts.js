import { sql } from "kysely";

/**
 * Payouts to DMs (decision record 086): the provider pays each connected account on its schedule
 * and tells us by Connect events (`payout.created`, `payout.updated`, `payout.paid`,
 * `payout.failed`, `payout.canceled`). `payouts` holds each payout as the newest of its events left
 * it (by the provider's event time, then by how final the status is), so events replay in any order.
 *
 * The offline adapter plays the provider's side: `offline_payouts` are the payouts it made, a
 * payment's `succeeded_at` is when its charge was taken (a transfer is available two business days
 * later), and `fail_next_payout` is the local onboarding page's switch to make the next payout fail.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create table payouts (
    id text primary key check (id ~ '^po_[A-Za-z0-9_]{1,64}$'),
    account_ref text not null,
    user_id uuid not null references users(id) on delete cascade,
    amount_cents integer not null check (amount_cents >= 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    status text not null check (status in ('pending', 'in_transit', 'paid', 'failed', 'canceled')),
    arrival_date timestamptz,
    failure_code text,
    failure_message text,
    provider_created_at timestamptz not null,
    state_event_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index payouts_user on payouts (user_id, provider_created_at desc)`.execute(db);

  await sql`create table offline_payouts (
    id text primary key,
    account_id text not null references offline_connect_accounts(id) on delete cascade,
    amount_cents integer not null check (amount_cents > 0),
    currency text not null,
    status text not null check (status in ('paid', 'failed')),
    created_at timestamptz not null
  )`.execute(db);
  await sql`alter table offline_connect_accounts add column fail_next_payout boolean not null default false`.execute(db);
  await sql`alter table offline_payment_intents add column succeeded_at timestamptz`.execute(db);
  await sql`update offline_payment_intents set succeeded_at = created_at where status = 'succeeded'`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`alter table offline_payment_intents drop column succeeded_at`.execute(db);
  await sql`alter table offline_connect_accounts drop column fail_next_payout`.execute(db);
  await sql`drop table offline_payouts`.execute(db);
  await sql`drop table payouts`.execute(db);
}
