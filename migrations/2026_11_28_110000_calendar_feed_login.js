/**
 * Which sign-in made a calendar address: signing out of that browser ends the address with the rest
 * of what the sign-in opened (decision record 067). Addresses made before, or by a sign-in since
 * deleted, keep null and end with "sign out everywhere", a password change or reset, and a ban.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .alterTable("calendar_feeds")
    .addColumn("login_session_id", "uuid", (c) => c.references("login_sessions.id").onDelete("set null"))
    .execute();
  // Found by it at every sign-out, and when old sign-ins are deleted.
  await db.schema.createIndex("calendar_feeds_login_session_id_idx").on("calendar_feeds").column("login_session_id").execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("calendar_feeds").dropColumn("login_session_id").execute();
}
