import { sql } from "kysely";

/**
 * Session cards show each host's rating and at most two badges. The card query already reads the
 * host's users row; reading user_ratings and user_badges as well cost every search a subquery or
 * two per card (PostgreSQL time 1.5 → 2.1 ms a search, over its 2 ms budget). So the host's rating
 * and badges are mirrored onto users, kept by triggers on their sources of truth (user_ratings,
 * user_badges), and the card reads them with the row it already has.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .alterTable("users")
    .addColumn("host_rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("host_rating_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("badge_ids", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();

  await sql`create function user_ratings_mirror() returns trigger language plpgsql as $$
    begin
      if new.role = 'DM' then
        update users set host_rating_sum = new.rating_sum, host_rating_count = new.rating_count where id = new.user_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger user_ratings_mirror after insert or update on user_ratings
    for each row execute function user_ratings_mirror()`.execute(db);

  await sql`create function user_badges_mirror() returns trigger language plpgsql as $$
    declare
      who uuid := coalesce(new.user_id, old.user_id);
    begin
      update users set badge_ids = coalesce((select array_agg(b.badge_id order by b.badge_id) from user_badges b where b.user_id = who), '{}')
       where id = who;
      return null;
    end $$`.execute(db);
  await sql`create trigger user_badges_mirror after insert or delete on user_badges
    for each row execute function user_badges_mirror()`.execute(db);

  await sql`update users u set host_rating_sum = r.rating_sum, host_rating_count = r.rating_count
              from user_ratings r where r.user_id = u.id and r.role = 'DM'`.execute(db);
  await sql`update users u set badge_ids = b.ids
              from (select user_id, array_agg(badge_id order by badge_id) as ids from user_badges group by user_id) b
             where b.user_id = u.id`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger user_badges_mirror on user_badges`.execute(db);
  await sql`drop function user_badges_mirror()`.execute(db);
  await sql`drop trigger user_ratings_mirror on user_ratings`.execute(db);
  await sql`drop function user_ratings_mirror()`.execute(db);
  await db.schema.alterTable("users").dropColumn("host_rating_sum").dropColumn("host_rating_count").dropColumn("badge_ids").execute();
}
