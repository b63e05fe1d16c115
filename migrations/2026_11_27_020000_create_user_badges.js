import { sql } from "kysely";

/**
 * Earned badges (docs/decisions/056-badge-catalogue.md), written by the award-badges job and the
 * backfill command, read by profiles, cards and `GET /api/dm`; never computed on page view.
 *
 * - user_badges: one row per badge a user holds now. Badges describe the current record, so a
 *   badge no longer earned is deleted by the next run; `earned_at` is when it was first awarded in
 *   the current stretch.
 * - sessions.badges_checked_at: set when the job has recomputed the badges of a completed
 *   session's host and players. The partial index keeps the job's lookup of sessions still to
 *   handle small however many sessions have completed.
 * - badge_refresh_queue: people whose facts changed outside a session's completion, to be
 *   recomputed by the next run. A review arrives after the session it is about has completed (and
 *   may be edited, hidden or deleted later), so a trigger on reviews queues its target; the job takes
 *   queued people with SKIP LOCKED, as it takes sessions.
 * - chat_messages (sender_id, chat_id): the job counts a user's own messages in session chats;
 *   without it that count reads every message ever written.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("user_badges")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("badge_id", "text", (c) => c.notNull())
    .addColumn("earned_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_badges_pkey", ["user_id", "badge_id"])
    .execute();
  await db.schema.alterTable("sessions").addColumn("badges_checked_at", "timestamptz").execute();
  await sql`create index sessions_badges_unchecked_idx on sessions (starts_at) where status = 'COMPLETED' and badges_checked_at is null`.execute(db);
  await sql`create index chat_messages_sender_idx on chat_messages (sender_id, chat_id)`.execute(db);

  await db.schema
    .createTable("badge_refresh_queue")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("queued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create function reviews_queue_badges() returns trigger language plpgsql as $$
    begin
      insert into badge_refresh_queue (user_id) values (case when tg_op = 'DELETE' then old.target_id else new.target_id end)
        on conflict (user_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger reviews_queue_badges after insert or update of rating, status, hidden_at, deleted_at or delete on reviews
    for each row execute function reviews_queue_badges()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger reviews_queue_badges on reviews`.execute(db);
  await sql`drop function reviews_queue_badges()`.execute(db);
  await db.schema.dropTable("badge_refresh_queue").execute();
  await sql`drop index chat_messages_sender_idx`.execute(db);
  await sql`drop index sessions_badges_unchecked_idx`.execute(db);
  await db.schema.alterTable("sessions").dropColumn("badges_checked_at").execute();
  await db.schema.dropTable("user_badges").execute();
}
