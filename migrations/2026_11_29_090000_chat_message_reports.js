import { sql } from "kysely";

/**
 * Chat messages can be reported and removed by an admin.
 * - A report of a message names it in `target_message_id` (chat_messages.id is a bigint, not a
 *   uuid like the other targets), so it keeps a foreign key; `target_id` is then empty. Exactly one
 *   of the two is set, by kind. A reporter reports a message once (its text never changes, so a
 *   second report after an admin's decision would only ask the same question again).
 * - A removed message keeps its row and its text for the audit (what was removed, and why the
 *   author may have been banned); `removed_at` and `removed_by` say it is no longer shown.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table reports drop constraint reports_target_kind_check`.execute(db);
  await sql`alter table reports add constraint reports_target_kind_check check (target_kind in ('review','profile','message'))`.execute(db);
  await sql`alter table reports alter column target_id drop not null`.execute(db);
  await sql`alter table reports add column target_message_id bigint references chat_messages(id) on delete cascade`.execute(db);
  await sql`alter table reports add constraint reports_target_check check (
      case when target_kind = 'message' then target_message_id is not null and target_id is null
           else target_id is not null and target_message_id is null end)`.execute(db);
  await sql`create unique index reports_message_once_idx on reports (reporter_id, target_message_id) where target_kind = 'message'`.execute(db);
  await sql`create index reports_open_message_idx on reports (target_message_id, created_at) where status = 'OPEN' and target_kind = 'message'`.execute(db);

  await sql`alter table chat_messages add column removed_at timestamptz`.execute(db);
  await sql`alter table chat_messages add column removed_by uuid references users(id) on delete set null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`alter table chat_messages drop column removed_by`.execute(db);
  await sql`alter table chat_messages drop column removed_at`.execute(db);
  await sql`delete from reports where target_kind = 'message'`.execute(db);
  await sql`drop index reports_open_message_idx`.execute(db);
  await sql`drop index reports_message_once_idx`.execute(db);
  await sql`alter table reports drop constraint reports_target_check`.execute(db);
  await sql`alter table reports drop column target_message_id`.execute(db);
  await sql`alter table reports alter column target_id set not null`.execute(db);
  await sql`alter table reports drop constraint reports_target_kind_check`.execute(db);
  await sql`alter table reports add constraint reports_target_kind_check check (target_kind in ('review','profile'))`.execute(db);
}
