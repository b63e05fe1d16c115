import { sql } from "kysely";

/**
 * Direct booking inquiries (docs/decisions/060-direct-inquiries.md): a player asks a DM who accepts
 * direct bookings for a game of their own. The DM answers in a direct chat, accepts (a private
 * session with an invite code for that player) or declines.
 *
 * - The rate and currency are copied from the DM's profile when the inquiry is sent, so the
 *   estimate both people see does not move when the DM changes their rate later.
 * - `pending` inquiries (open or answered) are what the limit of three per player counts; the
 *   partial index keeps that count cheap. The limit itself is decided under a lock on the
 *   player's row (see the use case), not by the database.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("direct_inquiries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("dm_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("player_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("player_count", "smallint", (c) => c.notNull().check(sql`player_count between 1 and 8`))
    .addColumn("hours", "smallint", (c) => c.notNull().check(sql`hours between 2 and 6`))
    .addColumn("session_type", "text", (c) => c.notNull().check(sql`session_type in ('private','open')`))
    .addColumn("availability", "text", (c) => c.notNull().check(sql`char_length(availability) between 5 and 500`))
    .addColumn("details", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(details) <= 1000`))
    .addColumn("rate_cents", "integer", (c) => c.notNull().check(sql`rate_cents between 0 and 1000000`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("estimate_cents", "integer", (c) => c.notNull().check(sql`estimate_cents >= 0`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open','answered','accepted','declined')`))
    .addColumn("chat_id", "uuid", (c) => c.references("chats.id").onDelete("set null"))
    .addColumn("session_id", "uuid", (c) => c.references("sessions.id").onDelete("set null"))
    .addColumn("invite_code", "text")
    .addColumn("decline_message", "text", (c) => c.check(sql`char_length(decline_message) <= 500`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("answered_at", "timestamptz")
    .addColumn("decided_at", "timestamptz")
    .addCheckConstraint("direct_inquiries_not_self_check", sql`dm_id <> player_id`)
    .addCheckConstraint("direct_inquiries_accepted_check", sql`status <> 'accepted' or invite_code is not null`)
    .execute();
  await sql`create index direct_inquiries_dm_idx on direct_inquiries (dm_id, status, created_at desc)`.execute(db);
  await sql`create index direct_inquiries_player_idx on direct_inquiries (player_id, created_at desc)`.execute(db);
  await sql`create index direct_inquiries_player_pending_idx on direct_inquiries (player_id) where status in ('open','answered')`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("direct_inquiries").execute();
}
