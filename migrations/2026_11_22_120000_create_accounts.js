import { sql } from "kysely";

/**
 * Accounts: users, their profiles, login sessions, API tokens, one-time tokens,
 * OAuth links, rate-limit events and sign-in metrics.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) => c.notNull().unique().check(sql`email = lower(email) and char_length(email) <= 254`))
    .addColumn("email_verified_at", "timestamptz")
    .addColumn("password_hash", "text")
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(first_name) <= 50`))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(last_name) <= 50`))
    .addColumn("display_name", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(display_name) <= 50`))
    .addColumn("username", "text", (c) => c.check(sql`char_length(username) between 3 and 50`))
    .addColumn("username_changed_at", "timestamptz")
    .addColumn("roles", sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`'{user}'::text[]`)
        .check(sql`roles <@ array['user','player','dm','admin']::text[] and cardinality(roles) >= 1`),
    )
    .addColumn("preferred_language", "text", (c) => c.notNull().defaultTo("es").check(sql`preferred_language in ('es','en','pt')`))
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("America/Mexico_City"))
    .addColumn("banned_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);

  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("bio", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(bio) <= 500`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(description) <= 1000`))
    .addColumn("avatar_url", "text")
    .addColumn("location", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(location) <= 100`))
    .addColumn("languages", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("preferred_game_systems", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("experience_level", "text", (c) => c.check(sql`experience_level in ('BEGINNER','INTERMEDIATE','ADVANCED')`))
    .addColumn("accepts_direct_bookings", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("direct_booking_rate_cents", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`direct_booking_rate_cents between 0 and 1000000`),
    )
    .addColumn("direct_booking_currency", "text", (c) => c.notNull().defaultTo("MXN").check(sql`direct_booking_currency ~ '^[A-Z]{3}$'`))
    .addColumn("direct_booking_instructions", "text", (c) =>
      c.notNull().defaultTo("").check(sql`char_length(direct_booking_instructions) <= 1000`),
    )
    .addColumn("available_days", sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(sql`available_days <@ array['MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','SATURDAY','SUNDAY']::text[]`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("login_sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("login_sessions_user_id_idx").on("login_sessions").column("user_id").execute();

  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("access_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("refresh_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("access_expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("refresh_expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("api_tokens_user_id_idx").on("api_tokens").column("user_id").execute();

  await db.schema
    .createTable("one_time_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('verify_email','reset_password')`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("one_time_tokens_user_id_idx").on("one_time_tokens").column("user_id").execute();

  await db.schema
    .createTable("oauth_accounts")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_account_id", "text", (c) => c.notNull())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("oauth_accounts_pkey", ["provider", "provider_account_id"])
    .execute();

  await db.schema
    .createTable("rate_limit_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("rate_limit_events_bucket_idx").on("rate_limit_events").columns(["bucket", "created_at"]).execute();

  await db.schema
    .createTable("auth_metrics")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("event_type", "text", (c) => c.notNull().check(sql`event_type in ('oauth_attempt','oauth_failure')`))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("error_message", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of [
    "auth_metrics",
    "rate_limit_events",
    "oauth_accounts",
    "one_time_tokens",
    "api_tokens",
    "login_sessions",
    "profiles",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
