import { sql } from "kysely";

/**
 * Guest seats are invitations (docs/decisions/068-group-caps-and-guest-invitations.md): a held seat
 * becomes the guest's booking only when they accept it, so the seat records when their account was
 * told of it (once, at a sign-in or a verification) and when they declined it.
 *
 * A group booking no longer tells the booker whether an address already holds a seat in the
 * session, so two groups may each hold a seat for the same address: the unique index on held
 * addresses becomes a plain one (one group still cannot list an address twice: the rules refuse
 * a repeated address beside its field). The guest accepts one seat; the other is declined or
 * given up.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema.alterTable("group_seats").addColumn("guest_noticed_at", "timestamptz").addColumn("declined_at", "timestamptz").execute();
  await sql`drop index group_seats_one_held_email`.execute(db);
  await sql`create index group_seats_held_email on group_seats (session_id, guest_email) where status in ('PENDING','HELD')`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  // Addresses held twice keep their older seat; the newer ones are given up so the unique index fits again.
  await sql`update group_seats g set status = 'CANCELLED', cancelled_at = g.updated_at
    where g.status in ('PENDING','HELD') and exists (
      select 1 from group_seats o where o.session_id = g.session_id and o.guest_email = g.guest_email
        and o.status in ('PENDING','HELD') and (o.created_at, o.id) < (g.created_at, g.id))`.execute(db);
  await sql`drop index group_seats_held_email`.execute(db);
  await sql`create unique index group_seats_one_held_email on group_seats (session_id, guest_email) where status in ('PENDING','HELD')`.execute(db);
  await db.schema.alterTable("group_seats").dropColumn("declined_at").dropColumn("guest_noticed_at").execute();
}
