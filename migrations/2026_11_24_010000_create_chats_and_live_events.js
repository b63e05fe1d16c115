import { sql } from "kysely";

/**
 * Chats and the per-user live event log.
 *
 * A session chat has no member list: who may read it is derived from the session (its host) and
 * its active bookings (a confirmed seat), so leaving or being removed takes access away at once.
 * A direct chat names its two people, the smaller id first, so a pair has one chat.
 *
 * `live_events` is what the notification stream sends: one row per recipient and event, with an
 * id that only grows, so a client that reconnects with Last-Event-ID gets what it missed.
 * `chat_viewers` records which open streams are looking at which chat (any server process), so
 * those people are not also sent a new_message notification.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("chats")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("session_id", "uuid", (c) => c.unique().references("sessions.id").onDelete("cascade"))
    .addColumn("user_a", "uuid", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("user_b", "uuid", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_message_at", "timestamptz")
    .addUniqueConstraint("chats_direct_pair", ["user_a", "user_b"])
    .addCheckConstraint(
      "chats_kind",
      sql`(kind = 'session' and session_id is not null and user_a is null and user_b is null)
       or (kind = 'direct' and session_id is null and user_a is not null and user_b is not null and user_a < user_b)`,
    )
    .execute();
  await sql`create index chats_user_b_idx on chats (user_b) where kind = 'direct'`.execute(db);

  await db.schema
    .createTable("chat_messages")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("chat_id", "uuid", (c) => c.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("sender_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().defaultTo("text"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("chat_messages_type", sql`type = 'text'`)
    .addCheckConstraint("chat_messages_content", sql`char_length(content) between 1 and 2000`)
    .execute();
  await sql`create index chat_messages_chat_idx on chat_messages (chat_id, id desc)`.execute(db);

  await db.schema
    .createTable("chat_reads")
    .addColumn("chat_id", "uuid", (c) => c.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_read_message_id", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("chat_reads_pk", ["chat_id", "user_id"])
    .execute();

  await db.schema
    .createTable("chat_viewers")
    .addColumn("stream_id", "uuid", (c) => c.primaryKey())
    .addColumn("chat_id", "uuid", (c) => c.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seen_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`create index chat_viewers_chat_idx on chat_viewers (chat_id, user_id)`.execute(db);

  await db.schema
    .createTable("live_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index live_events_user_idx on live_events (user_id, id)`.execute(db);
  await sql`create index live_events_created_idx on live_events (created_at)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("live_events").execute();
  await db.schema.dropTable("chat_viewers").execute();
  await db.schema.dropTable("chat_reads").execute();
  await db.schema.dropTable("chat_messages").execute();
  await db.schema.dropTable("chats").execute();
}
