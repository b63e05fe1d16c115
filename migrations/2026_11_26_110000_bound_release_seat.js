import { sql } from "kysely";

/**
 * Leaving a session (and with it the refund of a paid seat) is for sessions that have not started
 * (app/modules/bookings/rules.ts leaveRefusal). The app decides that before it calls release_seat;
 * the function repeats it as a backstop, under the session's lock, so a leave can never cancel a
 * seat of a session that started, completed or was cancelled, whatever read the app made before.
 * Admins are not bound (p_admin), as in take_free_seat.
 *
 * The new argument makes it a new function: the old one is dropped so no caller keeps the
 * unbounded version.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`drop function release_seat(uuid, uuid, timestamptz, timestamptz)`.execute(db);
  // p_user's active booking is cancelled ('released', with who got the freed seat offered until
  // p_until), or there was none ('none'; 'gone' for an unknown session), or the session no longer
  // lets anyone but an admin leave ('closed': not UPCOMING or CONFIRMED, or p_now at or past its start).
  await sql`create function release_seat(p_session uuid, p_user uuid, p_now timestamptz, p_until timestamptz, p_admin boolean)
    returns table (outcome text, offered uuid[])
    language plpgsql as $$
    declare
      s record;
    begin
      select status, starts_at into s from sessions where id = p_session for no key update;
      if not found then return query select 'gone', '{}'::uuid[]; return; end if;
      if not p_admin and (s.status not in ('UPCOMING', 'CONFIRMED') or p_now >= s.starts_at) then
        return query select 'closed', '{}'::uuid[]; return;
      end if;
      update bookings set status = 'CANCELLED', updated_at = p_now
        where session_id = p_session and user_id = p_user and status in ('PENDING_PAYMENT', 'CONFIRMED');
      if not found then return query select 'none', '{}'::uuid[]; return; end if;
      return query select 'released', offer_free_seats(p_session, p_now, p_until);
    end $$`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop function release_seat(uuid, uuid, timestamptz, timestamptz, boolean)`.execute(db);
  await sql`create function release_seat(p_session uuid, p_user uuid, p_now timestamptz, p_until timestamptz)
    returns table (outcome text, offered uuid[])
    language plpgsql as $$
    begin
      perform 1 from sessions where id = p_session for no key update;
      if not found then return query select 'gone', '{}'::uuid[]; return; end if;
      update bookings set status = 'CANCELLED', updated_at = p_now
        where session_id = p_session and user_id = p_user and status in ('PENDING_PAYMENT', 'CONFIRMED');
      if not found then return query select 'none', '{}'::uuid[]; return; end if;
      return query select 'released', offer_free_seats(p_session, p_now, p_until);
    end $$`.execute(db);
}
