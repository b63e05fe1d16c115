import { sql } from "kysely";

/**
 * Discount invites (spec, shared rulebook: invite type discount): a percentage off the session's
 * price, 1-99, present exactly when the type is discount (a 100% discount is a free invite).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema.alterTable("invites").addColumn("discount_percent", "integer").execute();
  await db.schema
    .alterTable("invites")
    .addCheckConstraint("invites_discount_percent", sql`(type = 'discount') = (discount_percent is not null) and (discount_percent is null or discount_percent between 1 and 99)`)
    .execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("invites").dropConstraint("invites_discount_percent").execute();
  await db.schema.alterTable("invites").dropColumn("discount_percent").execute();
}
