import { sql } from "kysely";

/**
 * DMs get paid (decision record 084): a payout account per DM at the payment provider (Stripe
 * Connect, or the offline adapter playing it), the paid-hosting terms each DM accepted, and the
 * provider's Connect events, kept by id before they are applied.
 *
 * - payout_accounts: one per DM. `state` is what the payouts page shows, derived from the
 *   provider's account object by app/modules/payouts/rules.ts (`accountState`); `charges_enabled`
 *   is what lets a DM sell paid seats. `state_event_at` is the creation time of the event the row
 *   was last set from: an older event arriving later changes nothing, so events replay in any order.
 *   `ever_active` tells a restricted account (it could take charges once) from one never finished.
 * - paid_hosting_terms: the versions of the paid-hosting terms a DM accepted, and when.
 * - connect_events: every Connect event received, by the provider's id (a replay finds it here).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create table payout_accounts (
    user_id uuid primary key references users(id) on delete cascade,
    provider text not null check (provider in ('stripe', 'offline')),
    account_ref text not null unique check (account_ref ~ '^acct_[A-Za-z0-9_]{1,64}$'),
    country text not null check (country ~ '^[A-Z]{2}$'),
    state text not null default 'not_started'
      check (state in ('not_started', 'details_needed', 'under_review', 'active', 'restricted')),
    charges_enabled boolean not null default false,
    payouts_enabled boolean not null default false,
    ever_active boolean not null default false,
    requirements jsonb not null default '[]'::jsonb,
    disabled_reason text,
    state_event_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table paid_hosting_terms (
    user_id uuid not null references users(id) on delete cascade,
    version text not null check (version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    accepted_at timestamptz not null,
    primary key (user_id, version)
  )`.execute(db);

  await sql`create table connect_events (
    id text primary key,
    type text not null,
    account_ref text,
    created_at timestamptz not null,
    payload jsonb not null,
    received_at timestamptz not null,
    applied_at timestamptz
  )`.execute(db);
  await sql`create index connect_events_account on connect_events (account_ref, created_at)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop table connect_events`.execute(db);
  await sql`drop table paid_hosting_terms`.execute(db);
  await sql`drop table payout_accounts`.execute(db);
}
