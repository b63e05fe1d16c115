import { sql } from "kysely";

/**
 * The seat guard and the keeping of booking records (docs/decisions/014-bookings-are-kept.md).
 *
 * 1. Active bookings never exceed a session's capacity, checked by the database itself: the
 *    counter the bookings trigger keeps may not pass max_participants. The trigger first locks the
 *    session row, so two bookings inserted at the same moment are counted one after the other (its
 *    recount then runs with a snapshot taken after the other transaction committed); without the
 *    lock both recounts saw only their own row and the second insert slipped past a full session.
 *    The lock is FOR NO KEY UPDATE, the same one the UPDATE takes, so it does not wait on the key
 *    share lock the booking's foreign key holds (that would deadlock two inserts).
 * 2. Bookings (and the payments that will hang from them) are money records: deleting a user or a
 *    session no longer deletes them. Sessions are cancelled, accounts anonymised.
 *
 * The active statuses are written out here because migrations never import the app; the app's one
 * list is ACTIVE_BOOKING_STATUSES in app/modules/bookings/rules.ts.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create or replace function sessions_recount_bookings() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform 1 from sessions where id = old.session_id for no key update;
        update sessions set booked_count = (select count(*) from bookings b where b.session_id = old.session_id and b.status in ('PENDING_PAYMENT','CONFIRMED'))
          where id = old.session_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.session_id is distinct from old.session_id or new.status is distinct from old.status) then
        perform 1 from sessions where id = new.session_id for no key update;
        update sessions set booked_count = (select count(*) from bookings b where b.session_id = new.session_id and b.status in ('PENDING_PAYMENT','CONFIRMED'))
          where id = new.session_id;
      end if;
      return null;
    end $$`.execute(db);

  // Counts are exact before the check goes on (any drift from the unlocked trigger is repaired).
  await sql`update sessions s set booked_count = n.count
    from (select s2.id, (select count(*) from bookings b where b.session_id = s2.id and b.status in ('PENDING_PAYMENT','CONFIRMED')) as count from sessions s2) n
    where n.id = s.id and s.booked_count <> n.count`.execute(db);
  await sql`alter table sessions add constraint sessions_seats_check check (booked_count <= max_participants)`.execute(db);

  await sql`alter table bookings drop constraint bookings_session_id_fkey,
    add constraint bookings_session_id_fkey foreign key (session_id) references sessions (id) on delete restrict`.execute(db);
  await sql`alter table bookings drop constraint bookings_user_id_fkey,
    add constraint bookings_user_id_fkey foreign key (user_id) references users (id) on delete restrict`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`alter table bookings drop constraint bookings_user_id_fkey,
    add constraint bookings_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(db);
  await sql`alter table bookings drop constraint bookings_session_id_fkey,
    add constraint bookings_session_id_fkey foreign key (session_id) references sessions (id) on delete cascade`.execute(db);
  await sql`alter table sessions drop constraint sessions_seats_check`.execute(db);
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
}
