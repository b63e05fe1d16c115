import { sql } from "kysely";

/**
 * Lines and veils (docs/decisions/061-lines-and-veils.md): what a player privately tells the DM
 * when booking a seat or subscribing to a series, and the safety tools a table uses.
 *
 * - One row per player and session (a booking) or per player and series (a subscription). It is
 *   keyed by the player and the session, not by the booking's id, because a paid seat's booking is
 *   only written when the payment settles; the DM's page shows a row only while that player holds
 *   a confirmed seat, so a note without a seat is never shown.
 * - `safety_tools` on sessions and series is a text[] searched with `&&`; the GIN index keeps the
 *   search's filter indexed.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("safety_notes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("player_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_id", "uuid", (c) => c.references("sessions.id").onDelete("cascade"))
    .addColumn("series_id", "uuid", (c) => c.references("series.id").onDelete("cascade"))
    .addColumn("lines", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("veils", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(note) <= 500`))
    .addColumn("anonymous", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("safety_notes_one_scope_check", sql`(session_id is null) <> (series_id is null)`)
    .execute();
  await sql`create unique index safety_notes_session_player_idx on safety_notes (session_id, player_id) where session_id is not null`.execute(db);
  await sql`create unique index safety_notes_series_player_idx on safety_notes (series_id, player_id) where series_id is not null`.execute(db);
  await sql`alter table sessions add column safety_tools text[] not null default '{}'::text[]`.execute(db);
  await sql`alter table series add column safety_tools text[] not null default '{}'::text[]`.execute(db);
  await sql`create index sessions_safety_tools_idx on sessions using gin (safety_tools)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists sessions_safety_tools_idx`.execute(db);
  await sql`alter table series drop column safety_tools`.execute(db);
  await sql`alter table sessions drop column safety_tools`.execute(db);
  await db.schema.dropTable("safety_notes").execute();
}
