import { sql } from "kysely";

/**
 * Tips after a game (decision record 087): the tip form carries a key made when it was shown, kept
 * on the tip's payment. One key per player makes one payment, whatever how many times (or how many
 * at once) the form is sent: the unique index decides it in the insert itself.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table payments
    add column form_key uuid,
    add constraint payments_form_key_only_for_tips check (form_key is null or kind = 'tip')`.execute(db);
  await sql`create unique index payments_tip_form_key on payments (user_id, form_key) where form_key is not null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index payments_tip_form_key`.execute(db);
  await sql`alter table payments drop constraint payments_form_key_only_for_tips, drop column form_key`.execute(db);
}
