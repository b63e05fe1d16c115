import { sql } from "kysely";

/**
 * Paid group registration (docs/decisions/062-group-registration.md, "Paid sessions"): in a paid
 * session the booker pays once for their own seat and their guests' seats. The payment belongs to
 * the booker's own booking (PENDING_PAYMENT while it is being paid); each guest's seat points at
 * that booking (`paid_by`) and is PENDING until the payment succeeds.
 *
 * - PENDING seats are seats: the session's counter counts them, so the group is held whole.
 * - The guests' seats follow the booking that pays for them, in the statement that moves it: the
 *   booking CONFIRMED makes them HELD (claimable); the booking given up (expired, failed, cancelled,
 *   refunded) makes the unpaid ones EXPIRED and the paid unclaimed ones CANCELLED. Every path that
 *   moves a booking (webhook, cleanup job, a hold given back, a cancelled session, a ban) thereby
 *   moves its group with it, all together, under the lock that path already holds.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .alterTable("group_seats")
    .addColumn("paid_by", "uuid", (c) => c.references("bookings.id").onDelete("restrict"))
    .execute();
  await sql`alter table group_seats drop constraint group_seats_status_check`.execute(db);
  await sql`alter table group_seats add constraint group_seats_status_check
    check (status in ('PENDING','HELD','CLAIMED','CANCELLED','EXPIRED'))`.execute(db);
  await sql`alter table group_seats add constraint group_seats_pending_is_paid check (status <> 'PENDING' or paid_by is not null)`.execute(db);
  await sql`drop index group_seats_one_held_email`.execute(db);
  await sql`create unique index group_seats_one_held_email on group_seats (session_id, guest_email) where status in ('PENDING','HELD')`.execute(db);
  await sql`create index group_seats_paid_by on group_seats (paid_by) where paid_by is not null`.execute(db);

  await sql`create or replace function session_seats_taken(p_session uuid) returns integer language sql stable as $$
    select (select count(*) from bookings b where b.session_id = p_session and b.status in ('PENDING_PAYMENT','CONFIRMED'))::integer
         + (select count(*) from group_seats g where g.session_id = p_session and g.status in ('PENDING','HELD'))::integer
  $$`.execute(db);

  await sql`create function group_seats_follow_payment() returns trigger language plpgsql as $$
    begin
      if new.status = 'CONFIRMED' then
        update group_seats set status = 'HELD', updated_at = new.updated_at where paid_by = new.id and status = 'PENDING';
      elsif new.status not in ('PENDING_PAYMENT', 'CONFIRMED') then
        update group_seats
          set status = case when status = 'PENDING' then 'EXPIRED' else 'CANCELLED' end, cancelled_at = new.updated_at, updated_at = new.updated_at
          where paid_by = new.id and status in ('PENDING', 'HELD');
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_group_seats_follow after update of status on bookings
    for each row when (old.status is distinct from new.status) execute function group_seats_follow_payment()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger bookings_group_seats_follow on bookings`.execute(db);
  await sql`drop function group_seats_follow_payment()`.execute(db);
  await sql`update group_seats set status = 'CANCELLED', cancelled_at = coalesce(cancelled_at, updated_at) where status in ('PENDING', 'EXPIRED')`.execute(db);
  await sql`create or replace function session_seats_taken(p_session uuid) returns integer language sql stable as $$
    select (select count(*) from bookings b where b.session_id = p_session and b.status in ('PENDING_PAYMENT','CONFIRMED'))::integer
         + (select count(*) from group_seats g where g.session_id = p_session and g.status = 'HELD')::integer
  $$`.execute(db);
  await sql`drop index group_seats_paid_by`.execute(db);
  await sql`drop index group_seats_one_held_email`.execute(db);
  await sql`create unique index group_seats_one_held_email on group_seats (session_id, guest_email) where status = 'HELD'`.execute(db);
  await sql`alter table group_seats drop constraint group_seats_pending_is_paid`.execute(db);
  await sql`alter table group_seats drop constraint group_seats_status_check`.execute(db);
  await sql`alter table group_seats add constraint group_seats_status_check check (status in ('HELD','CLAIMED','CANCELLED'))`.execute(db);
  await db.schema.alterTable("group_seats").dropColumn("paid_by").execute();
  await sql`update sessions s set booked_count = session_seats_taken(s.id)`.execute(db);
}
