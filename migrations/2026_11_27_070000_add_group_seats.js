import { sql } from "kysely";

/**
 * Group registration (docs/decisions/062-group-registration.md): a player books seats for up to six
 * guests at once, each with a name and an email. A guest's seat is held for the booker's group
 * (HELD) until the guest claims it with an account of that email; it then becomes the guest's own
 * booking (CLAIMED, with booking_id) or is given up (CANCELLED).
 *
 * Held seats are seats: the session's seat counter counts them beside its active bookings, so the
 * seat guard (sessions_seats_check) refuses a group that does not fit, in the one statement that
 * inserts all of its rows. Both triggers lock the session first, as the bookings trigger did.
 * The active booking statuses are written out here because migrations never import the app.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("group_seats")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("restrict"))
    .addColumn("booker_id", "uuid", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("guest_name", "text", (c) => c.notNull().check(sql`char_length(guest_name) between 1 and 100`))
    .addColumn("guest_email", "text", (c) => c.notNull().check(sql`char_length(guest_email) between 3 and 254 and guest_email = lower(guest_email)`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("HELD").check(sql`status in ('HELD','CLAIMED','CANCELLED')`))
    .addColumn("booking_id", "uuid", (c) => c.references("bookings.id").onDelete("restrict"))
    .addColumn("claimed_by", "uuid", (c) => c.references("users.id").onDelete("restrict"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("cancelled_at", "timestamptz")
    .execute();
  // One held seat per guest email and session: the same person is not booked twice by one group or two.
  await sql`create unique index group_seats_one_held_email on group_seats (session_id, guest_email) where status = 'HELD'`.execute(db);
  await sql`create index group_seats_held_by_email on group_seats (guest_email) where status = 'HELD'`.execute(db);
  await sql`create index group_seats_by_booker on group_seats (booker_id, session_id)`.execute(db);

  await sql`create or replace function session_seats_taken(p_session uuid) returns integer language sql stable as $$
    select (select count(*) from bookings b where b.session_id = p_session and b.status in ('PENDING_PAYMENT','CONFIRMED'))::integer
         + (select count(*) from group_seats g where g.session_id = p_session and g.status = 'HELD')::integer
  $$`.execute(db);
  await sql`create or replace function sessions_recount_bookings() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform 1 from sessions where id = old.session_id for no key update;
        update sessions set booked_count = session_seats_taken(old.session_id) where id = old.session_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.session_id is distinct from old.session_id or new.status is distinct from old.status) then
        perform 1 from sessions where id = new.session_id for no key update;
        update sessions set booked_count = session_seats_taken(new.session_id) where id = new.session_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger group_seats_recount after insert or update or delete on group_seats
    for each row execute function sessions_recount_bookings()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger group_seats_recount on group_seats`.execute(db);
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
  await sql`drop function session_seats_taken(uuid)`.execute(db);
  await db.schema.dropTable("group_seats").execute();
  await sql`update sessions s set booked_count = (select count(*) from bookings b where b.session_id = s.id and b.status in ('PENDING_PAYMENT','CONFIRMED'))`.execute(db);
}
