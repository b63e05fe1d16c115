import { sql } from "kysely";

/**
 * In-app notifications. Text is stored as i18n keys with parameters so each reader sees it in
 * their own language; `type` follows the live-feed types of the specification.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title_key", "text", (c) => c.notNull())
    .addColumn("message_key", "text", (c) => c.notNull())
    .addColumn("params", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("action_url", "text", (c) => c.check(sql`action_url is null or action_url like '/%'`))
    .addColumn("read_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index notifications_user_created_idx on notifications (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index notifications_user_unread_idx on notifications (user_id) where read_at is null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("notifications").execute();
}
