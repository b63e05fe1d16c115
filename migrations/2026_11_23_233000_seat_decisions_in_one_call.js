import { sql } from "kysely";

/**
 * The hot seat decisions as database functions (docs/decisions/026-seat-decisions-in-one-call.md).
 *
 * Taking a free seat and giving one back each hold the session's row lock. Done as a transaction
 * of several statements from the app, the lock was held across every round trip and every wait of
 * the app's event loop in between, so a popular session's bookings queued behind each other's
 * network trips. Each function below is one call: it takes the lock, decides with statements that
 * each see what committed before them (a function's statements take fresh snapshots), writes, and
 * the lock is released when the call's own transaction commits.
 *
 * The app decides everything that cannot change under a booking (who may book, the price, the
 * deadline, the code's validity) before calling; the functions re-check only what concurrent
 * writers change: the status, the seats, an existing booking, the code's uses. Their outcome is a
 * word the app turns into its refusal after reading the session again.
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

  // A free seat for p_user: 'booked' with the booking's id, or why not ('gone', 'closed',
  // 'already', 'full', 'invite'). A code (upper-case, as stored) takes one of its uses.
  await sql`create function take_free_seat(p_session uuid, p_user uuid, p_now timestamptz, p_code text)
    returns table (outcome text, booking_id uuid)
    language plpgsql as $$
    declare
      s record;
      invite uuid;
      booked uuid;
      left_position integer;
    begin
      select status, starts_at, max_participants, booked_count, currency into s
        from sessions where id = p_session for no key update;
      if not found then return query select 'gone', null::uuid; return; end if;
      if s.status not in ('UPCOMING', 'CONFIRMED') or s.starts_at <= p_now then
        return query select 'closed', null::uuid; return;
      end if;
      if exists (select 1 from bookings where session_id = p_session and user_id = p_user
                 and status in ('PENDING_PAYMENT', 'CONFIRMED')) then
        return query select 'already', null::uuid; return;
      end if;
      if s.booked_count + (select count(*) from waitlist_entries where session_id = p_session
                           and offer_expires_at > p_now and user_id <> p_user) >= s.max_participants then
        return query select 'full', null::uuid; return;
      end if;
      if p_code is not null then
        update invites set uses = uses + 1
          where session_id = p_session and code = p_code and revoked_at is null
            and (expires_at is null or expires_at > p_now) and uses < max_uses
          returning id into invite;
        if invite is null then return query select 'invite', null::uuid; return; end if;
      end if;
      -- The seat trigger counts the booking (and the seat guard backs the count up).
      insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, invite_id, created_at, updated_at)
        values (p_session, p_user, 'CONFIRMED', 'FREE', 0, s.currency, invite, p_now, p_now)
        returning id into booked;
      -- Someone taking the seat offered to them leaves the line, and those behind move up.
      delete from waitlist_entries where session_id = p_session and user_id = p_user returning position into left_position;
      if left_position is not null then
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
  await sql`drop function take_free_seat(uuid, uuid, timestamptz, text)`.execute(db);
  await sql`drop function offer_free_seats(uuid, timestamptz, timestamptz)`.execute(db);
}
