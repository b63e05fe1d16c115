import { sql } from "kysely";

/**
 * Keys that make a form or an API call act once (decision record 096). Each rendered form that books,
 * pays or posts carries a fresh random key; an API client may send one as `Idempotency-Key`. The first
 * request with a key claims its row and runs the command; a repeat with the same key and intent is
 * answered from `outcome` and changes nothing.
 * - Keyed by (user_id, key): an API client picks its own keys, so two accounts may pick the same one.
 * - No foreign key to users: a key is bookkeeping about a request, not a fact about the account, and
 *   its insert would take a share lock on the user's row; a deleted account's keys go with the sweep.
 * - intent: the command and its target (`session.book:<id>`); the same key for another is refused.
 * - outcome: what to answer again, `{ status, location?, toastCookie?, body? }`; null while the first
 *   request runs (a repeat waits for it).
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
