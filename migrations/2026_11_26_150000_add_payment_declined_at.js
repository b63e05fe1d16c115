/**
 * When the provider last declined a card try of this payment (null when none was). A declined
 * card leaves the payment open for another try (`requires_payment_method`, the same status as a
 * payment nobody has tried yet), so the pages need this to tell a player whose card was declined
 * from one who has not paid yet: 'payment failed, try again' rather than 'payment pending'.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema.alterTable("payments").addColumn("declined_at", "timestamptz").execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("payments").dropColumn("declined_at").execute();
}
