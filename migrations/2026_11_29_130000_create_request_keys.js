import { sql } from "kysely";

/**
 * Keys that make a form or an API call act once (decision record 096). Each rendered form that books,
 * pays or posts carries a fresh random key; an API client may send one as `Idempotency-Key`. The first
 * request with a key claims its row and runs the command; a repeat with the same key and intent is
 * answered from `outcome` and changes nothing.
 * - Keyed by (user_id, key): an API client picks its own keys, so two accounts may pick the same one.
 * - No foreign key to users: the row is inserted before the command runs, in a transaction held
 *   open until it ends, and a foreign key would hold a share lock on the user's row all that time;
 *   a command that locks the account (`for update`, as an inquiry does) would then wait for the
 *   key's transaction while it waits for the command. A deleted account's keys go with the sweep.
 * - intent: the command and its target (`session.book:<id>`); the same key for another is refused.
 * - outcome: what to answer again, `{ status, location?, toastCookie?, body? }`; written in the same
 *   transaction that claimed the row, so no other request ever reads it empty.
 * Rows are swept a day after they were made (job `sweep-request-keys`).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create table request_keys (
    user_id uuid not null,
    key text not null check (char_length(key) between 8 and 100),
    intent text not null check (char_length(intent) between 1 and 200),
    outcome jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`.execute(db);
  // The sweep's search: the oldest rows first.
  await sql`create index request_keys_created_at_idx on request_keys (created_at)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop table request_keys`.execute(db);
}
