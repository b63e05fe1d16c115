import type pg from "pg";
import { MILLION } from "./million-sessions";

/**
 * The bookings of the million-session bench (decision record 099): exactly MILLION.bookings rows.
 * Each session's active seats (confirmed, or an OXXO voucher still to pay) never pass its places:
 * past tables filled 45-100 %, upcoming ones 0-100 % (the nearer, the fuller), a campaign's
 * upcoming sessions holding its three regulars' seats first. Beside them some 40 % history
 * (cancelled, lapsed, refunded), as a marketplace that has run for years keeps. Players are
 * 1 + (n·7919 + k·104729) mod P for the session's n-th row and its k-th seat: distinct within a
 * session (104729 is prime to P), so the one-active-seat-per-player index holds.
 * Triggers are off for the load (the caller's session_replication_role); the seat counter and the
 * ratings are written after in one statement each, from the rows themselves.
 */
export async function seedBookings(client: pg.Client) {
  await client.query(`create unlogged table million_sessions as
    select row_number() over (order by s.id) as n, s.id, s.dm_id, s.series_id, s.starts_at, s.status, s.max_participants, s.price_cents, s.currency,
           s.allowed_payment_methods, s.duration_minutes
      from sessions s join million_hosts h on h.id = s.dm_id`);
  const players = Number((await client.query<{ n: string }>("select count(*) as n from million_players")).rows[0]!.n);

  // A campaign still running has three regulars, subscribed since it began; each of its upcoming
  // sessions holds their seats: confirmed when free, else held unpaid until a day before it starts.
  await client.query(`insert into series_subscriptions (series_id, user_id, status, subscribed_at, created_at, updated_at)
    select se.id, r.id, 'ACTIVE', least(now(), se.start_date - 7), least(now(), se.start_date - 7), least(now(), se.start_date - 7)
      from (select id, start_date, row_number() over (order by id) as n from series where status = 'ACTIVE' and dm_id in (select id from million_hosts)) se
      cross join generate_series(0, 2) as j
      join million_regulars r on r.n = 1 + (se.n * 3 + j) % ${MILLION.subscribers}`);
  await client.query(`insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, hold_until, subscription_id, created_at, updated_at)
    select s.id, su.user_id,
           case when s.price_cents = 0 or s.starts_at < now() + interval '1 day' then 'CONFIRMED' else 'PENDING_PAYMENT' end,
           case when s.price_cents = 0 then 'FREE' when s.starts_at < now() + interval '1 day' then 'CARD' end,
           s.price_cents, s.currency,
           case when s.price_cents > 0 and s.starts_at >= now() + interval '1 day' then s.starts_at - interval '24 hours' end,
           su.id, su.subscribed_at, su.subscribed_at
      from million_sessions s join series_subscriptions su on su.series_id = s.series_id and su.status = 'ACTIVE'
     where s.starts_at >= now() and s.status <> 'CANCELLED'`);
  const held = Number((await client.query<{ n: string }>("select count(*) as n from bookings where subscription_id is not null")).rows[0]!.n);

  // a: active seats; h: history rows. Averages a ≈ 6, h = 4.5, so the rows run a little past the
  // target and the limit takes exactly what is left of it.
  await client.query(`insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, hold_until, created_at, updated_at,
                                            cancelled_at, cancelled_by, attendance, attendance_marked_at, attendance_marked_by)
    select s.id, p.id, b.status,
           case when s.price_cents = 0 then 'FREE' when b.oxxo then 'OXXO' else 'CARD' end,
           s.price_cents, s.currency,
           case when b.status = 'PENDING_PAYMENT' then least(s.starts_at - interval '1 day', now() + interval '3 days') end,
           b.created_at, coalesce(b.cancelled_at, b.created_at), b.cancelled_at,
           case when b.cancelled_at is not null then b.cancelled_by end,
           b.attendance, case when b.attendance is not null then s.starts_at + s.duration_minutes * interval '1 minute' end,
           case when b.attendance is not null then s.dm_id end
      from million_sessions s
      cross join lateral (select greatest(0, s.max_participants - case when s.series_id is not null and s.starts_at >= now() then 3 else 0 end) as places) as c
      cross join lateral (select case when s.starts_at < now() then floor(c.places * (0.45 + 0.55 * pg_temp.r(s.n, 60)))::int
                                      else floor(c.places * pow(pg_temp.r(s.n, 60), 0.9))::int end as a,
                                 floor(pg_temp.r(s.n, 61) * 10)::int as h) as f
      cross join lateral generate_series(1, f.a + f.h) as k
      cross join lateral (select
          case when s.status = 'CANCELLED' then case when s.price_cents > 0 and k <= f.a then 'REFUNDED' else 'CANCELLED' end
               when k <= f.a then case when k = f.a and s.starts_at > now() + interval '2 days' and 'OXXO' = any(s.allowed_payment_methods)
                                            and pg_temp.r(s.n * 31 + k, 62) < 0.3 then 'PENDING_PAYMENT' else 'CONFIRMED' end
               else (array['CANCELLED','CANCELLED','EXPIRED','REFUNDED'])[1 + floor(pg_temp.r(s.n * 31 + k, 63) * 4)::int] end as status,
          'OXXO' = any(s.allowed_payment_methods) and pg_temp.r(s.n * 31 + k, 64) < 0.35 as oxxo,
          least(now() - pg_temp.r(s.n * 31 + k, 65) * interval '6 hours', s.starts_at - (1 + floor(pg_temp.r(s.n * 31 + k, 66) * 30)) * interval '1 day') as created_at) as b0
      cross join lateral (select b0.status, b0.oxxo, b0.created_at,
          case when b0.status in ('CANCELLED','EXPIRED','REFUNDED') then least(now(), b0.created_at + (1 + floor(pg_temp.r(s.n * 31 + k, 67) * 72)) * interval '1 hour') end as cancelled_at,
          case when s.status = 'CANCELLED' then 'HOST' when b0.status = 'EXPIRED' then 'SYSTEM' else 'PLAYER' end as cancelled_by,
          case when b0.status = 'CONFIRMED' and s.status = 'COMPLETED' and pg_temp.r(s.n * 31 + k, 68) < 0.7
               then case when pg_temp.r(s.n * 31 + k, 69) < 0.04 then 'NO_SHOW' else 'PRESENT' end end as attendance) as b
      join million_players p on p.n = 1 + (s.n * 7919 + k * 104729) % ${players}
     limit ${MILLION.bookings - held}`);

  // The seat counter, in one statement from the rows (the seat check validates every session as it is written).
  await client.query(`update sessions s set booked_count = b.n
    from (select session_id, count(*) as n from bookings where status in ('PENDING_PAYMENT','CONFIRMED') group by session_id) b
    where b.session_id = s.id and s.booked_count <> b.n`);

  // A fifth of the completed tables got a review of their host from their first player.
  await client.query(`insert into reviews (session_id, author_id, target_id, target_role, rating, comment, created_at, updated_at)
    select s.id, p.id, s.dm_id, 'DM', 3 + floor(pg_temp.r(s.n, 70) * 3)::int, 'Gran partida, volvería a jugar.', s.starts_at + interval '1 day', s.starts_at + interval '1 day'
      from million_sessions s
      join million_players p on p.n = 1 + (s.n * 7919 + 104729) % ${players}
     where s.status = 'COMPLETED' and pg_temp.r(s.n, 71) < 0.2
       and exists (select 1 from bookings b where b.session_id = s.id and b.user_id = p.id and b.status = 'CONFIRMED')`);
  await client.query("drop table million_sessions");
}

/** The ratings each review trigger would have kept, written once with the triggers on, so the hosts' users rows mirror them. */
export async function seedRatings(client: pg.Client) {
  await client.query(`insert into user_ratings (user_id, role, rating_sum, rating_count)
    select r.target_id, r.target_role, sum(r.rating), count(*) from reviews r join million_hosts h on h.id = r.target_id
     where r.status = 'APPROVED' and r.deleted_at is null and r.hidden_at is null group by r.target_id, r.target_role`);
}
