import { sql } from "kysely";

const now = sql`now()`;
const emptyText = sql`'{}'::text[]`;

/**
 * The catalogue: series, sessions, bookings and waitlist entries. Money is integer cents with a
 * currency code; times are timestamptz; each series keeps its own IANA time zone so generated
 * occurrences stay at the same local time across daylight-saving changes.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE; this wrapper pins the dictionary so it can feed indexes and generated columns.
  await sql`create or replace function immutable_unaccent(text) returns text
    language sql immutable parallel safe strict as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);

  await db.schema
    .createTable("series")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("dm_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(description) <= 2000`))
    .addColumn("session_instructions", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(session_instructions) <= 1000`))
    .addColumn("game", "text", (c) => c.notNull().check(sql`char_length(game) between 1 and 100`))
    .addColumn("genre", "text", (c) => c.check(sql`char_length(genre) <= 100`))
    .addColumn("experience_level", "text", (c) => c.check(sql`experience_level in ('BEGINNER','INTERMEDIATE','ADVANCED')`))
    .addColumn("frequency", "text", (c) => c.notNull().check(sql`frequency in ('WEEKLY','BIWEEKLY','MONTHLY','IRREGULAR')`))
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day_of_week", "smallint", (c) => c.check(sql`day_of_week between 0 and 6`))
    .addColumn("day_of_month", "smallint", (c) => c.check(sql`day_of_month between 1 and 31`))
    .addColumn("time_of_day", "time", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes between 15 and 480`))
    .addColumn("start_date", "date", (c) => c.notNull())
    .addColumn("end_date", "date")
    .addColumn("is_ongoing", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("max_participants", "smallint", (c) => c.notNull().check(sql`max_participants between 1 and 20`))
    .addColumn("min_participants", "smallint", (c) => c.notNull().check(sql`min_participants between 1 and 20`))
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`price_cents between 0 and 100000000`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("MXN").check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("allowed_payment_methods", sql`text[]`, (c) =>
      c.notNull().defaultTo(sql`'{CARD}'::text[]`).check(sql`allowed_payment_methods <@ array['CARD','OXXO','CASH']::text[]`),
    )
    .addColumn("min_advance_booking_hours", "integer", (c) => c.notNull().defaultTo(120).check(sql`min_advance_booking_hours >= 0`))
    .addColumn("voucher_payment_days", "smallint", (c) => c.notNull().defaultTo(3).check(sql`voucher_payment_days > 0`))
    .addColumn("auto_generate_ahead", "smallint", (c) => c.notNull().defaultTo(2).check(sql`auto_generate_ahead between 1 and 10`))
    .addColumn("booking_lock_hours", "smallint", (c) => c.notNull().defaultTo(24).check(sql`booking_lock_hours between 1 and 168`))
    .addColumn("pre_session_check_hours", "smallint", (c) => c.notNull().defaultTo(24).check(sql`pre_session_check_hours between 0 and 168`))
    .addColumn("tags", sql`text[]`, (c) => c.notNull().defaultTo(emptyText).check(sql`cardinality(tags) <= 10`))
    .addColumn("image_url", "text")
    .addColumn("location", "text", (c) => c.check(sql`char_length(location) <= 200`))
    .addColumn("is_private", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE").check(sql`status in ('ACTIVE','PAUSED','COMPLETED','CANCELLED')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("series_participants_check", sql`min_participants <= max_participants`)
    .addCheckConstraint("series_dates_check", sql`end_date is null or end_date >= start_date`)
    .addCheckConstraint("series_ongoing_check", sql`not is_ongoing or end_date is null`)
    .execute();
  await db.schema.createIndex("series_dm_idx").on("series").column("dm_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("dm_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("series_id", "uuid", (c) => c.references("series.id").onDelete("cascade"))
    .addColumn("is_modified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("title", "text", (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(description) <= 1000`))
    .addColumn("session_instructions", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(session_instructions) <= 1000`))
    .addColumn("game", "text", (c) => c.notNull().check(sql`char_length(game) between 1 and 100`))
    .addColumn("genre", "text", (c) => c.check(sql`char_length(genre) <= 100`))
    .addColumn("experience_level", "text", (c) => c.check(sql`experience_level in ('BEGINNER','INTERMEDIATE','ADVANCED')`))
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull().check(sql`duration_minutes between 15 and 480`))
    .addColumn("max_participants", "smallint", (c) => c.notNull().check(sql`max_participants between 1 and 20`))
    .addColumn("min_participants", "smallint", (c) => c.notNull().check(sql`min_participants between 1 and 20`))
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`price_cents between 0 and 100000000`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("MXN").check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("allowed_payment_methods", sql`text[]`, (c) =>
      c.notNull().defaultTo(sql`'{CARD}'::text[]`).check(sql`allowed_payment_methods <@ array['CARD','OXXO','CASH']::text[]`),
    )
    .addColumn("min_advance_booking_hours", "integer", (c) => c.notNull().defaultTo(120).check(sql`min_advance_booking_hours >= 0`))
    .addColumn("voucher_payment_days", "smallint", (c) => c.notNull().defaultTo(3).check(sql`voucher_payment_days > 0`))
    .addColumn("pre_session_check_hours", "smallint", (c) => c.notNull().defaultTo(24).check(sql`pre_session_check_hours between 0 and 168`))
    .addColumn("tags", sql`text[]`, (c) => c.notNull().defaultTo(emptyText).check(sql`cardinality(tags) <= 10`))
    .addColumn("image_url", "text")
    .addColumn("location", "text", (c) => c.check(sql`char_length(location) <= 200`))
    .addColumn("is_private", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("UPCOMING").check(sql`status in ('UPCOMING','CONFIRMED','IN_PROGRESS','ACTIVE','COMPLETED','CANCELLED')`),
    )
    // Accent- and case-folded text for partial-word search (trigram index below).
    .addColumn("search_text", "text", (c) =>
      c.generatedAlwaysAs(sql`immutable_unaccent(lower(title || ' ' || description || ' ' || game || ' ' || coalesce(genre, '')))`).stored(),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("sessions_participants_check", sql`min_participants <= max_participants`)
    .execute();
  await db.schema.createIndex("sessions_starts_at_idx").on("sessions").columns(["starts_at", "id"]).execute();
  await db.schema.createIndex("sessions_dm_starts_at_idx").on("sessions").columns(["dm_id", "starts_at"]).execute();
  await sql`create unique index sessions_series_starts_at_key on sessions (series_id, starts_at) where series_id is not null`.execute(db);
  await sql`create index sessions_tags_idx on sessions using gin (tags)`.execute(db);
  await sql`create index sessions_search_text_idx on sessions using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index users_display_name_trgm_idx on users using gin (immutable_unaccent(lower(display_name)) gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable("bookings")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('PENDING_PAYMENT','CONFIRMED','EXPIRED','CANCELLED','REFUNDED')`),
    )
    .addColumn("payment_method", "text", (c) => c.check(sql`payment_method in ('CARD','OXXO','CASH','FREE')`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("MXN").check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("hold_until", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  // One active booking per user and session; the seat count reads the same partial index.
  await sql`create unique index bookings_active_user_key on bookings (session_id, user_id) where status in ('PENDING_PAYMENT','CONFIRMED')`.execute(db);
  await db.schema.createIndex("bookings_user_idx").on("bookings").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("waitlist_entries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 1`))
    .addColumn("offered_at", "timestamptz")
    .addColumn("offer_expires_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("waitlist_entries_session_user_key", ["session_id", "user_id"])
    .execute();
  await db.schema.createIndex("waitlist_entries_session_position_idx").on("waitlist_entries").columns(["session_id", "position"]).execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("waitlist_entries").execute();
  await db.schema.dropTable("bookings").execute();
  await sql`drop index if exists users_display_name_trgm_idx`.execute(db);
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("series").execute();
  await sql`drop function if exists immutable_unaccent(text)`.execute(db);
}
