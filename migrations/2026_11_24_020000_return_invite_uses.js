import { sql } from "kysely";

/**
 * An invite code's use comes back when the hold it was taken for ends unpaid
 * (docs/decisions/027-seat-holds-while-paying.md, "Invite uses given back").
 *
 * A paid booking takes its code's use with the hold. When that booking leaves PENDING_PAYMENT for
 * a status that holds no seat (EXPIRED by the cleanup job, a failed or cancelled payment, a
 * provider that refused to start; CANCELLED when the player leaves or the host removes them or
 * cancels the session), the use is given back by this trigger, in the statement that moves the
 * booking. Every path that ends a hold is an update of that row from PENDING_PAYMENT, and two of
 * them at once are serialised by the row's lock (the second no longer finds PENDING_PAYMENT and
 * changes nothing), so a booking gives its use back exactly once. A late payment that takes an
 * EXPIRED booking's seat again takes the use again if one is left (the player has paid, so the
 * seat is theirs either way).
 *
 * The rule mirrors `inviteUseChange` in app/modules/bookings/rules.ts; the active statuses are
 * written out as in the seat trigger (migrations never import the app).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create function bookings_invite_use() returns trigger language plpgsql as $$
    begin
      if old.status = 'PENDING_PAYMENT' and new.status not in ('PENDING_PAYMENT', 'CONFIRMED') then
        update invites set uses = uses - 1 where id = new.invite_id and uses > 0;
      elsif old.status = 'EXPIRED' and new.status in ('PENDING_PAYMENT', 'CONFIRMED') then
        update invites set uses = uses + 1 where id = new.invite_id and uses < max_uses;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_invite_use after update of status on bookings
    for each row when (old.status is distinct from new.status and new.invite_id is not null)
    execute function bookings_invite_use()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger bookings_invite_use on bookings`.execute(db);
  await sql`drop function bookings_invite_use()`.execute(db);
}
