import { sql } from "kysely";

/**
 * API tokens become families: every refresh adds a row to the family of the token it rotated,
 * so reusing an already-rotated refresh token (a sign it was stolen) can revoke the whole chain,
 * and the settings page can list one line per signed-in API client. Existing rows each start a
 * family of their own.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table api_tokens
    add column family_id uuid not null default gen_random_uuid(),
    add column family_started_at timestamptz not null default now(),
    add column user_agent text not null default ''`.execute(db);
  await sql`update api_tokens set family_started_at = created_at`.execute(db);
  await db.schema.createIndex("api_tokens_family_id_idx").on("api_tokens").column("family_id").execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex("api_tokens_family_id_idx").execute();
  await sql`alter table api_tokens drop column family_id, drop column family_started_at, drop column user_agent`.execute(db);
}
