import { sql } from "kysely";

/**
 * The earnings desk and tips (issue "DMs get paid", decision records 084 and 086).
 *
 * - payments.kind: a seat's payment ('seat', with its booking) or a tip to the DM after a game
 *   ('tip', with no booking). Both go through the same provider flows and webhooks.
 * - payments.session_id: the session the money is for, written for every payment (a trigger takes
 *   it from the booking when the insert does not name it), so the earnings desk reads one table.
 * - payments.paid_at / refunded_at: when the charge succeeded and when its refund was asked; the
 *   trigger stamps them with the row's own `updated_at` (the app's clock, not the database's) the
 *   first time the status reaches them, whichever path changed the status.
 * - payments.dispute_*: a chargeback recorded against the seat (charge.dispute.* events).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table payments
    add column kind text not null default 'seat' check (kind in ('seat', 'tip')),
    add column session_id uuid references sessions(id) on delete restrict,
    add column paid_at timestamptz,
    add column refunded_at timestamptz,
    add column dispute_ref text,
    add column dispute_status text check (dispute_status is null or dispute_status in ('open', 'won', 'lost')),
    add column disputed_at timestamptz,
    alter column booking_id drop not null`.execute(db);
  await sql`update payments p set session_id = b.session_id from bookings b where b.id = p.booking_id`.execute(db);
  await sql`update payments set paid_at = updated_at
    where status in ('succeeded', 'refund_pending', 'refunded', 'refund_failed')`.execute(db);
  await sql`update payments set refunded_at = updated_at where status in ('refund_pending', 'refunded')`.execute(db);
  await sql`alter table payments
    alter column session_id set not null,
    add constraint payments_kind_booking check ((kind = 'seat') = (booking_id is not null))`.execute(db);

  await sql`create function payments_stamp() returns trigger language plpgsql as $$
    begin
      if new.session_id is null and new.booking_id is not null then
        select session_id into new.session_id from bookings where id = new.booking_id;
      end if;
      if new.paid_at is null and new.status in ('succeeded', 'refund_pending', 'refunded', 'refund_failed') then
        new.paid_at := new.updated_at;
      end if;
      if new.refunded_at is null and new.status in ('refund_pending', 'refunded') then
        new.refunded_at := new.updated_at;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger payments_stamp before insert or update on payments for each row execute function payments_stamp()`.execute(db);
  await sql`create index payments_session_paid on payments (session_id, paid_at)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger payments_stamp on payments`.execute(db);
  await sql`drop function payments_stamp()`.execute(db);
  await sql`delete from payments where kind = 'tip'`.execute(db);
  await sql`alter table payments
    drop constraint payments_kind_booking,
    drop column kind, drop column session_id, drop column paid_at, drop column refunded_at,
    drop column dispute_ref, drop column dispute_status, drop column disputed_at,
    alter column booking_id set not null`.execute(db);
}
