import { sql } from "kysely";

/**
 * A secret calendar address per user, which phones' calendars subscribe to. Only the token's hash
 * is stored; turning the feed off or making a new address revokes the old one (kept for the record).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_read_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  // At most one live address per user: a new one is made in the same transaction that revokes the old.
  await sql`create unique index calendar_feeds_one_live_per_user on calendar_feeds (user_id) where revoked_at is null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("calendar_feeds").execute();
}
