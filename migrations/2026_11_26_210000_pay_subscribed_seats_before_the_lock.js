import { sql } from "kysely";

/**
 * A subscription's unpaid seat is due one waitlist offer (12 hours) before the series' booking
 * deadline, not at it (decision record 051): released at the booking deadline, nobody in line could
 * have taken it, since the session stops taking bookings then. enrol_subscribers holds new paid
 * seats until that earlier moment, and gives none once it has passed; free seats are given until
 * the booking deadline as before. Seats already held keep their time.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create or replace function enrol_subscribers(p_session uuid, p_now timestamptz, p_user uuid default null)
    returns table (user_id uuid, booking_id uuid, outcome text)
    language plpgsql as $$
    declare
      s record;
      sub record;
      seats_taken integer;
      deadline timestamptz;
      pay_by timestamptz;
      booked uuid;
    begin
      select ss.id, ss.dm_id, ss.status, ss.starts_at, ss.max_participants, ss.booked_count, ss.price_cents, ss.currency,
             se.id as series_id, se.status as series_status, se.booking_lock_hours
        into s
        from sessions ss join series se on se.id = ss.series_id
        where ss.id = p_session
        for no key update of ss;
      if not found or s.series_status <> 'ACTIVE' or s.status not in ('UPCOMING', 'CONFIRMED') then return; end if;
      deadline := s.starts_at - make_interval(hours => s.booking_lock_hours);
      -- A paid seat is paid one offer (12 hours) before bookings close, so an unpaid one can still
      -- be offered to the line (OFFER_HOURS and seatPaymentDeadline in app/modules/bookings/rules.ts).
      pay_by := deadline - interval '12 hours';
      if p_now >= deadline or (s.price_cents > 0 and p_now >= pay_by) then return; end if;
      seats_taken := s.booked_count
        + (select count(*) from waitlist_entries w where w.session_id = p_session and w.offer_expires_at > p_now);
      for sub in
        select su.id, su.user_id from series_subscriptions su
         where su.series_id = s.series_id and su.status = 'ACTIVE' and su.user_id <> s.dm_id
           and (p_user is null or su.user_id = p_user)
           and not exists (select 1 from bookings b where b.session_id = p_session and b.user_id = su.user_id
                           and b.status in ('PENDING_PAYMENT', 'CONFIRMED'))
         order by su.subscribed_at, su.id
      loop
        if seats_taken >= s.max_participants then
          insert into waitlist_entries (session_id, user_id, position, created_at)
            values (p_session, sub.user_id,
                    coalesce((select max(position) from waitlist_entries w where w.session_id = p_session), 0) + 1, p_now)
            on conflict do nothing;
          if found then return query select sub.user_id, null::uuid, 'waiting'; end if;
          continue;
        end if;
        -- The seat trigger counts the booking (and the seat guard backs the count up).
        insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, hold_until,
                              subscription_id, created_at, updated_at)
          values (p_session, sub.user_id,
                  case when s.price_cents = 0 then 'CONFIRMED' else 'PENDING_PAYMENT' end,
                  case when s.price_cents = 0 then 'FREE' end,
                  s.price_cents, s.currency,
                  case when s.price_cents = 0 then null else pay_by end,
                  sub.id, p_now, p_now)
          returning id into booked;
        seats_taken := seats_taken + 1;
        -- A subscriber who was in the line leaves it, and those behind move up.
        with gone as (delete from waitlist_entries w where w.session_id = p_session and w.user_id = sub.user_id returning w.position)
        update waitlist_entries w set position = w.position - 1 from gone where w.session_id = p_session and w.position > gone.position;
        return query select sub.user_id, booked, 'seated';
      end loop;
    end $$`.execute(db);

}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`create or replace function enrol_subscribers(p_session uuid, p_now timestamptz, p_user uuid default null)
    returns table (user_id uuid, booking_id uuid, outcome text)
    language plpgsql as $$
    declare
      s record;
      sub record;
      seats_taken integer;
      deadline timestamptz;
      booked uuid;
    begin
      select ss.id, ss.dm_id, ss.status, ss.starts_at, ss.max_participants, ss.booked_count, ss.price_cents, ss.currency,
             se.id as series_id, se.status as series_status, se.booking_lock_hours
        into s
        from sessions ss join series se on se.id = ss.series_id
        where ss.id = p_session
        for no key update of ss;
      if not found or s.series_status <> 'ACTIVE' or s.status not in ('UPCOMING', 'CONFIRMED') then return; end if;
      deadline := s.starts_at - make_interval(hours => s.booking_lock_hours);
      if p_now >= deadline then return; end if;
      seats_taken := s.booked_count
        + (select count(*) from waitlist_entries w where w.session_id = p_session and w.offer_expires_at > p_now);
      for sub in
        select su.id, su.user_id from series_subscriptions su
         where su.series_id = s.series_id and su.status = 'ACTIVE' and su.user_id <> s.dm_id
           and (p_user is null or su.user_id = p_user)
           and not exists (select 1 from bookings b where b.session_id = p_session and b.user_id = su.user_id
                           and b.status in ('PENDING_PAYMENT', 'CONFIRMED'))
         order by su.subscribed_at, su.id
      loop
        if seats_taken >= s.max_participants then
          insert into waitlist_entries (session_id, user_id, position, created_at)
            values (p_session, sub.user_id,
                    coalesce((select max(position) from waitlist_entries w where w.session_id = p_session), 0) + 1, p_now)
            on conflict do nothing;
          if found then return query select sub.user_id, null::uuid, 'waiting'; end if;
          continue;
        end if;
        -- The seat trigger counts the booking (and the seat guard backs the count up).
        insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, hold_until,
                              subscription_id, created_at, updated_at)
          values (p_session, sub.user_id,
                  case when s.price_cents = 0 then 'CONFIRMED' else 'PENDING_PAYMENT' end,
                  case when s.price_cents = 0 then 'FREE' end,
                  s.price_cents, s.currency,
                  case when s.price_cents = 0 then null else deadline end,
                  sub.id, p_now, p_now)
          returning id into booked;
        seats_taken := seats_taken + 1;
        -- A subscriber who was in the line leaves it, and those behind move up.
        with gone as (delete from waitlist_entries w where w.session_id = p_session and w.user_id = sub.user_id returning w.position)
        update waitlist_entries w set position = w.position - 1 from gone where w.session_id = p_session and w.position > gone.position;
        return query select sub.user_id, booked, 'seated';
      end loop;
    end $$`.execute(db);

}
