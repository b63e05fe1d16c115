import { sql } from "kysely";

/**
 * The search reads seats left on every candidate row ("few seats left", minimum spots, card
 * status), so each session keeps its count of active bookings, kept exact by a trigger on
 * bookings rather than by application code that could forget it. Plus btree indexes for the
 * equality filters, so a rare combination (say a game and a genre with no match) does not walk
 * the whole date index looking for rows that are not there.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table sessions add column booked_count smallint not null default 0 check (booked_count >= 0)`.execute(db);
  await sql`update sessions s set booked_count = b.n
    from (select session_id, count(*) as n from bookings where status in ('PENDING_PAYMENT','CONFIRMED') group by session_id) b
    where b.session_id = s.id`.execute(db);

  // Recounting (instead of adding or subtracting one) stays right whatever a statement changed.
  await sql`create or replace function sessions_recount_bookings() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update sessions set booked_count = (select count(*) from bookings b where b.session_id = old.session_id and b.status in ('PENDING_PAYMENT','CONFIRMED'))
          where id = old.session_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.session_id is distinct from old.session_id or new.status is distinct from old.status) then
        update sessions set booked_count = (select count(*) from bookings b where b.session_id = new.session_id and b.status in ('PENDING_PAYMENT','CONFIRMED'))
          where id = new.session_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_recount after insert or update of status, session_id or delete on bookings
    for each row execute function sessions_recount_bookings()`.execute(db);

  // Listed sessions only: cancelled ones never show in the search.
  await sql`create index sessions_game_starts_at_idx on sessions (game, starts_at) where status <> 'CANCELLED'`.execute(db);
  await sql`create index sessions_game_genre_starts_at_idx on sessions (game, genre, starts_at) where status <> 'CANCELLED'`.execute(db);
  await sql`create index sessions_genre_starts_at_idx on sessions (genre, starts_at) where status <> 'CANCELLED'`.execute(db);
  await sql`create index sessions_currency_price_idx on sessions (currency, price_cents) where status <> 'CANCELLED'`.execute(db);
  await sql`create index sessions_price_starts_at_idx on sessions (price_cents, starts_at) where status <> 'CANCELLED'`.execute(db);
  // Game and genre go together (Call of Cthulhu is horror): without this the planner multiplies their
  // selectivities, expects many matches and reads the whole table hoping to stop early.
  await sql`create statistics sessions_game_genre_stats (dependencies, mcv) on game, genre from sessions`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop statistics if exists sessions_game_genre_stats`.execute(db);
  await sql`drop index if exists sessions_price_starts_at_idx`.execute(db);
  await sql`drop index if exists sessions_currency_price_idx`.execute(db);
  await sql`drop index if exists sessions_genre_starts_at_idx`.execute(db);
  await sql`drop index if exists sessions_game_starts_at_idx`.execute(db);
  await sql`drop index if exists sessions_game_genre_starts_at_idx`.execute(db);
  await sql`drop trigger if exists bookings_recount on bookings`.execute(db);
  await sql`drop function if exists sessions_recount_bookings()`.execute(db);
  await sql`alter table sessions drop column booked_count`.execute(db);
}
