import { sql } from "kysely";

/**
 * Reviews both ways (docs/decisions/055-reviews.md): after a session, a player who held a
 * confirmed seat reviews its host, and the host reviews each such player.
 *
 * - One review per author, session and target that is not deleted: a partial unique index, so
 *   two submissions at once leave one row.
 * - The reviewed person may answer once (`reply`), publicly.
 * - `status` is the moderation state the admin queue works with (spec: PENDING, APPROVED,
 *   REJECTED); a review is published as APPROVED. `hidden_at` and `deleted_at` are moderation's
 *   and the author's ways to take one down without losing the record.
 * - `user_ratings` keeps each person's rating as a sum and a count per role (as host, as player),
 *   updated by a trigger with every review written, changed, hidden or deleted, so no page ever
 *   averages reviews on view. Only published reviews (APPROVED, not hidden, not deleted) count.
 * - `review_requested` joins the once-only notices of session_notices.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("reviews")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("restrict"))
    .addColumn("author_id", "uuid", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("target_id", "uuid", (c) => c.notNull().references("users.id").onDelete("restrict"))
    // The target's part in the session: DM (a player reviews the host) or PLAYER (the host reviews a player).
    .addColumn("target_role", "text", (c) => c.notNull().check(sql`target_role in ('DM','PLAYER')`))
    .addColumn("rating", "smallint", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("comment", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(comment) <= 1000`))
    .addColumn("reply", "text", (c) => c.check(sql`char_length(reply) <= 1000`))
    .addColumn("replied_at", "timestamptz")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("APPROVED").check(sql`status in ('PENDING','APPROVED','REJECTED')`))
    .addColumn("hidden_at", "timestamptz")
    .addColumn("deleted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("reviews_not_self_check", sql`author_id <> target_id`)
    .execute();
  await sql`create unique index reviews_one_per_target_key on reviews (author_id, session_id, target_id) where deleted_at is null`.execute(db);
  await sql`create index reviews_target_idx on reviews (target_id, created_at desc) where deleted_at is null`.execute(db);
  await sql`create index reviews_session_idx on reviews (session_id)`.execute(db);

  await db.schema
    .createTable("user_ratings")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('DM','PLAYER')`))
    .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("user_ratings_pkey", ["user_id", "role"])
    .execute();

  // A review counts while it is published; the trigger takes the old row out and puts the new one in.
  await sql`create function reviews_rate() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'APPROVED' and old.hidden_at is null and old.deleted_at is null then
        update user_ratings set rating_sum = rating_sum - old.rating, rating_count = rating_count - 1
         where user_id = old.target_id and role = old.target_role;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'APPROVED' and new.hidden_at is null and new.deleted_at is null then
        insert into user_ratings (user_id, role, rating_sum, rating_count) values (new.target_id, new.target_role, new.rating, 1)
          on conflict (user_id, role) do update
          set rating_sum = user_ratings.rating_sum + excluded.rating_sum, rating_count = user_ratings.rating_count + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger reviews_rate after insert or update of rating, status, hidden_at, deleted_at or delete on reviews
    for each row execute function reviews_rate()`.execute(db);

  await sql`alter table session_notices drop constraint session_notices_kind_check`.execute(db);
  await sql`alter table session_notices add constraint session_notices_kind_check
    check (kind in ('session_reminder','session_starting','players_missing','payment_due_7d','payment_due_3d','payment_due_1d','review_requested'))`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`delete from session_notices where kind = 'review_requested'`.execute(db);
  await sql`alter table session_notices drop constraint session_notices_kind_check`.execute(db);
  await sql`alter table session_notices add constraint session_notices_kind_check
    check (kind in ('session_reminder','session_starting','players_missing','payment_due_7d','payment_due_3d','payment_due_1d'))`.execute(db);
  await sql`drop trigger reviews_rate on reviews`.execute(db);
  await sql`drop function reviews_rate()`.execute(db);
  await db.schema.dropTable("user_ratings").execute();
  await db.schema.dropTable("reviews").execute();
}
