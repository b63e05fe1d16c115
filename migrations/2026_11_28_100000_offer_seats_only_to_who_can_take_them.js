import { sql } from "kysely";

/**
 * A waitlist offer holds a seat for twelve hours, so it goes only to someone who could take that
 * seat (docs/decisions/066-waiting-lines-subscriptions-and-run-now.md). offer_free_seats passes
 * over, without taking them out of the line, the entries of:
 * - a banned account (it cannot sign in to take any seat);
 * - for a priced session, an account whose email is not verified, or that already has 3 unpaid
 *   holds running (MAX_UNPAID_HOLDS in app/modules/bookings/rules.ts; holds of subscriptions'
 *   seats do not count, as in countUnpaidHolds): the paid hold would refuse either.
 * Someone passed over keeps their place and is offered the next seat that frees once they can take
 * it. The rest is as before: called under the session's lock, it offers the seats nobody holds.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create or replace function offer_free_seats(p_session uuid, p_now timestamptz, p_until timestamptz) returns uuid[]
    language plpgsql as $$
    declare
      s record;
      seats_free integer;
      offered uuid[];
    begin
      if p_until is null or p_until <= p_now then return '{}'; end if;
      select status, max_participants, booked_count, price_cents into s from sessions where id = p_session;
      if not found or s.status not in ('UPCOMING', 'CONFIRMED') then return '{}'; end if;
      seats_free := s.max_participants - s.booked_count
        - (select count(*) from waitlist_entries where session_id = p_session and offer_expires_at > p_now);
      if seats_free <= 0 then return '{}'; end if;
      with next as (
        select w.id from waitlist_entries w
          join users u on u.id = w.user_id
        where w.session_id = p_session and w.offer_expires_at is null
          and u.banned_at is null
          and (s.price_cents = 0 or (
                u.email_verified_at is not null
                and (select count(*) from bookings b
                      where b.user_id = w.user_id and b.status = 'PENDING_PAYMENT' and b.subscription_id is null
                        and (b.hold_until is null or b.hold_until > p_now)) < 3))
        order by w.position limit seats_free
      ), offered_rows as (
        update waitlist_entries w set offered_at = p_now, offer_expires_at = p_until
        from next where w.id = next.id
        returning w.user_id, w.position
      )
      select coalesce(array_agg(user_id order by position), '{}') into offered from offered_rows;
      return offered;
    end $$`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`create or replace function offer_free_seats(p_session uuid, p_now timestamptz, p_until timestamptz) returns uuid[]
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
}
