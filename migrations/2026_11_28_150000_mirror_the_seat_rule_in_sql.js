import { sql } from "kysely";

/**
 * The seat decisions that stay in SQL mirror the one seat rule (seatRefusal in
 * app/modules/bookings/seat-rule.ts; docs/decisions/073-one-seat-pipeline.md), proved by one
 * table of cases that drives the rule and every path (tests/integration/seat-pipeline-parity.test.ts):
 * - take_free_seat refuses a banned account ('banned') after the gate and a seat already held, as the rule does;
 * - enrol_subscribers gives nothing to a banned subscriber, nor a priced seat (or a place in its
 *   line) to one whose email is not verified: a paid seat needs a verified email on every path.
 *   Subscriptions' seats stay outside the unpaid-hold cap (decision record 051), as before.
 * offer_free_seats already passes over whom the rule would refuse (migration 2026_11_28_100000).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create or replace function take_free_seat(p_session uuid, p_user uuid, p_now timestamptz, p_code text, p_admin boolean)
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
      -- A banned account gets no seat (seatRefusal's answer after the gate and a seat already held).
      if exists (select 1 from users where id = p_user and banned_at is not null) then
        return query select 'banned', null::uuid; return;
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
          join users u on u.id = su.user_id
         where su.series_id = s.series_id and su.status = 'ACTIVE' and su.user_id <> s.dm_id
           and u.banned_at is null
           and (s.price_cents = 0 or u.email_verified_at is not null)
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
  await sql`create or replace function take_free_seat(p_session uuid, p_user uuid, p_now timestamptz, p_code text, p_admin boolean)
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
