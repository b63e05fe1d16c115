import { sql } from "kysely";

/**
 * Invite codes a host makes for a session (spec, shared rulebook: types access, free, discount;
 * max uses 1-100, default 1; optional expiry; code 6-20 characters). Codes are stored upper-case
 * and unique, so a code typed in any case finds its invite. `uses` never passes `max_uses`: a
 * redemption is one conditional update, and this check backs it up.
 * A booking remembers the invite it used.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("invites")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("access"))
    .addColumn("max_uses", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "timestamptz")
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .addCheckConstraint("invites_type", sql`type in ('access', 'free', 'discount')`)
    .addCheckConstraint("invites_max_uses", sql`max_uses between 1 and 100`)
    .addCheckConstraint("invites_uses", sql`uses >= 0 and uses <= max_uses`)
    .addCheckConstraint("invites_code", sql`code ~ '^[A-Z0-9-]{6,20}$'`)
    .execute();
  await db.schema.createIndex("invites_session_id_idx").on("invites").column("session_id").execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("invite_id", "uuid", (c) => c.references("invites.id").onDelete("set null"))
    .execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("bookings").dropColumn("invite_id").execute();
  await db.schema.dropTable("invites").execute();
}
