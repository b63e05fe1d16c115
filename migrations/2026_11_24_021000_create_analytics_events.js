import { sql } from "kysely";

/**
 * The booking funnel's analytics events (spec section 7: booking_initiated,
 * booking_payment_started, user_country_detected), kept in our own database: no third-party
 * script on the page. `dedupe_key` makes an event that happens once per browser session
 * (the detected country) one row whatever the concurrency.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().check(sql`name in ('booking_initiated', 'booking_payment_started', 'user_country_detected')`))
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("session_id", "uuid", (c) => c.references("sessions.id").onDelete("set null"))
    .addColumn("properties", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("dedupe_key", "text")
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("analytics_events_name_time").on("analytics_events").columns(["name", "occurred_at"]).execute();
  await db.schema.createIndex("analytics_events_user").on("analytics_events").column("user_id").execute();
  await sql`create unique index analytics_events_once on analytics_events (name, dedupe_key) where dedupe_key is not null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("analytics_events").execute();
}
