import { sql } from "kysely";

/**
 * Series subscriptions (docs/decisions/051-series-subscriptions.md).
 *
 * One row per player and series, kept when the player cancels: rejoining turns the same row
 * active again, which is how the confirmation screen knows to say 'welcome back'. The unique key
 * makes 'one active subscription per player and series' hold under concurrency.
 *
 * A seat given for a subscription is an ordinary booking that names its subscription: free
 * series get it confirmed, paid ones get it held ('PENDING_PAYMENT') until the series' booking
 * deadline, so the cleanup job that ends lapsed holds releases an unpaid one to the waitlist at
 * the deadline like any other.
 *
 * Seats are given by enrol_subscribers, called by a trigger on every session inserted into a
 * series, whatever inserted it (the scheduled top-up, the series form, hand-added dates, the
 * API): the subscribers hold their seats before the session can be seen or booked by anyone else.
 * The app calls it too when someone subscribes, for the upcoming sessions that already exist.
 * Statuses are written out because migrations never import the app.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("series_subscriptions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("series_id", "uuid", (c) => c.notNull().references("series.id").onDelete("restrict"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('ACTIVE','CANCELLED')`))
    // When the current spell began (first subscription or the last rejoin): seats go in this order.
    .addColumn("subscribed_at", "timestamptz", (c) => c.notNull())
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("series_subscriptions_series_user_key", ["series_id", "user_id"])
    .execute();
  await sql`create index series_subscriptions_active_idx on series_subscriptions (series_id, subscribed_at) where status = 'ACTIVE'`.execute(db);
  await sql`create index series_subscriptions_user_idx on series_subscriptions (user_id)`.execute(db);

  await db.schema
    .alterTable("bookings")
    .addColumn("subscription_id", "uuid", (c) => c.references("series_subscriptions.id").onDelete("restrict"))
    .execute();
  await sql`create index bookings_subscription_idx on bookings (subscription_id) where subscription_id is not null`.execute(db);

  // Seats for the series' active subscribers (all of them, or only p_user) in session p_session,
  // as of p_now, in the order they subscribed: 'seated' with the booking, or 'waiting' when the
  // session is full (appended to its waitlist, so a freed seat is offered to them). Nothing for a
  // session that is closed to bookings (cancelled, started, past the series' booking deadline), of
  // a series that is not active, or for a subscriber who already holds a seat in it.
  await sql`create function enrol_subscribers(p_session uuid, p_now timestamptz, p_user uuid default null)
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

  await sql`create function enrol_subscribers_on_new_session() returns trigger
    language plpgsql as $$
    begin
      -- Most series have no subscriber: the usual insert pays for one index probe, not the lock.
      if exists (select 1 from series_subscriptions su where su.series_id = new.series_id and su.status = 'ACTIVE') then
        perform enrol_subscribers(new.id, new.created_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_enrol_subscribers after insert on sessions
    for each row when (new.series_id is not null) execute function enrol_subscribers_on_new_session()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger sessions_enrol_subscribers on sessions`.execute(db);
  await sql`drop function enrol_subscribers_on_new_session()`.execute(db);
  await sql`drop function enrol_subscribers(uuid, timestamptz, uuid)`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("subscription_id").execute();
  await db.schema.dropTable("series_subscriptions").execute();
}
