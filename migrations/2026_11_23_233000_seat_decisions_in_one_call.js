import { sql } from "kysely";

/**
 * The hot seat decisions as database functions (docs/decisions/031-seat-decisions-in-one-call.md).
 *
 * Taking a free seat and giving one back each hold the session's row lock. Done as a transaction
 * of several statements from the app, the lock was held across every round trip and every wait of
 * the app's event loop in between, so a popular session's bookings queued behind each other's
 * network trips. Each function below is one call: it takes the lock, decides with statements that
 * each see what committed before them (a function's statements take fresh snapshots), writes, and
 * the lock is released when the call's own transaction commits.
 *
 * A free booking is decided entirely in its call; the app reads the session only when the answer
 * is no, to turn the outcome word into its precise refusal with the rules of
 * app/modules/bookings/rules.ts, which the checks here mirror (the integration tests drive both).
 *
 * The active statuses are written out because migrations never import the app (its one list is
 * ACTIVE_BOOKING_STATUSES in app/modules/bookings/rules.ts), as in the seat trigger.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  // Offers the seats nobody holds to the first in line without an offer, each until p_until.
  // The caller holds the session's lock. Returns who got an offer, in line order.
  await sql`create function offer_free_seats(p_session uuid, p_now timestamptz, p_until timestamptz) returns uuid[]
    language plpgsql as $$
    declare
      s record;
      seats_free integer;
      offered uuid[];
    begin
      if p_until is null or p_until <= p_now then return '{}'; end if;
      select status, max_participants, booked_count into s from sessions where id = p_session;
      if not found or s.status not in ('UPCOMING', 'CONFIRMED') then return '{}'; end if;
      seats_free := s.max_participants - s.booked_count
        - (select count(*) from waitlist_entries where session_id = p_session and offer_expires_at > p_now);
      if seats_free <= 0 then return '{}'; end if;
      with next as (
        select id from waitlist_entries
        where session_id = p_session and offer_expires_at is null
        order by position limit seats_free
      ), offered_rows as (
        update waitlist_entries w set offered_at = p_now, offer_expires_at = p_until
        from next where w.id = next.id
        returning w.user_id, w.position
      )
      select coalesce(array_agg(user_id order by position), '{}') into offered from offered_rows;
      return offered;
    end $$`.execute(db);

  // A free seat for p_user: 'booked' with the booking's id, or why not ('gone', 'own', 'closed',
  // 'already', 'private', 'full', 'invite', 'notFree'). The app turns a 'no' into its precise,
  // translated refusal by reading the session again with the rules of app/modules/bookings/rules.ts,
  // which these checks mirror. A code (upper-case, as stored) takes one of its uses only when the
  // seat is taken; a priced session needs a code of type 'free'. p_admin: admins need no code.
  await sql`create function take_free_seat(p_session uuid, p_user uuid, p_now timestamptz, p_code text, p_admin boolean)
    returns table (outcome text, booking_id uuid)
    language plpgsql as $$
    declare
      s record;
      invite uuid;
      booked uuid;
      waiting boolean;
      left_position integer;
    begin
      select ss.dm_id, ss.status, ss.starts_at, ss.max_participants, ss.booked_count, ss.currency, ss.price_cents, ss.is_private,
             coalesce(se.booking_lock_hours, 0) as lock_hours
        into s
        from sessions ss left join series se on se.id = ss.series_id
        where ss.id = p_session
        for no key update of ss;
      if not found then return query select 'gone', null::uuid; return; end if;
      if s.dm_id = p_user then return query select 'own', null::uuid; return; end if;
      if s.status not in ('UPCOMING', 'CONFIRMED') or p_now >= s.starts_at - make_interval(hours => s.lock_hours) then
        return query select 'closed', null::uuid; return;
      end if;
      if exists (select 1 from bookings where session_id = p_session and user_id = p_user
                 and status in ('PENDING_PAYMENT', 'CONFIRMED')) then
        return query select 'already', null::uuid; return;
      end if;
      waiting := exists (select 1 from waitlist_entries where session_id = p_session and user_id = p_user);
      -- Someone in the line was let in when they joined it (with a code, for a private session).
      if s.is_private and p_code is null and not waiting and not p_admin then
        return query select 'private', null::uuid; return;
      end if;
      if s.booked_count + (select count(*) from waitlist_entries where session_id = p_session
                           and offer_expires_at > p_now and user_id <> p_user) >= s.max_participants then
        return query select 'full', null::uuid; return;
      end if;
      if p_code is not null then
        update invites set uses = uses + 1
          where session_id = p_session and code = p_code and revoked_at is null
            and (expires_at is null or expires_at > p_now) and uses < max_uses
            and (s.price_cents = 0 or type = 'free')
          returning id into invite;
        if invite is null then return query select 'invite', null::uuid; return; end if;
      elsif s.price_cents > 0 then
        return query select 'notFree', null::uuid; return;
      end if;
      -- The seat trigger counts the booking (and the seat guard backs the count up).
      insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, invite_id, created_at, updated_at)
        values (p_session, p_user, 'CONFIRMED', 'FREE', 0, s.currency, invite, p_now, p_now)
        returning id into booked;
      -- Someone taking the seat offered to them leaves the line, and those behind move up.
      if waiting then
        delete from waitlist_entries where session_id = p_session and user_id = p_user returning position into left_position;
        update waitlist_entries set position = position - 1 where session_id = p_session and position > left_position;
      end if;
      return query select 'booked', booked;
    end $$`.execute(db);

  // p_user's active booking is cancelled ('released', with who got the freed seat offered until
  // p_until) or there was none ('none'; 'gone' for an unknown session).
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

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop function release_seat(uuid, uuid, timestamptz, timestamptz)`.execute(db);
  await sql`drop function take_free_seat(uuid, uuid, timestamptz, text, boolean)`.execute(db);
  await sql`drop function offer_free_seats(uuid, timestamptz, timestamptz)`.execute(db);
}
