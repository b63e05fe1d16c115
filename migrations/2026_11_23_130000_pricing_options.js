import { sql } from "kysely";

/**
 * OXXO's minimum advance (hours) and voucher window (days) are choices from fixed lists (spec
 * section 9: 120, 96, 72 or 48 hours; 3, 2 or 1 days), in the forms and now in the API too. Rows
 * the API stored before with other values (its old default was 24 hours) move to the nearest
 * stricter choice, so the form can show and save them unchanged, and the database keeps it so.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  for (const table of ["sessions", "series"]) {
    await sql`update ${sql.table(table)} set min_advance_booking_hours = case
        when min_advance_booking_hours <= 48 then 48
        when min_advance_booking_hours <= 72 then 72
        when min_advance_booking_hours <= 96 then 96
        else 120 end
      where min_advance_booking_hours not in (120, 96, 72, 48)`.execute(db);
    await sql`update ${sql.table(table)} set voucher_payment_days = 3 where voucher_payment_days > 3`.execute(db);
    await sql`alter table ${sql.table(table)}
      add constraint ${sql.id(`${table}_min_advance_booking_hours_choice`)} check (min_advance_booking_hours in (120, 96, 72, 48)),
      add constraint ${sql.id(`${table}_voucher_payment_days_choice`)} check (voucher_payment_days in (3, 2, 1))`.execute(db);
  }
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of ["sessions", "series"]) {
    await sql`alter table ${sql.table(table)}
      drop constraint if exists ${sql.id(`${table}_min_advance_booking_hours_choice`)},
      drop constraint if exists ${sql.id(`${table}_voucher_payment_days_choice`)}`.execute(db);
  }
}
