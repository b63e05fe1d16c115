import { sql } from "kysely";

/**
 * A paid group's booker holds the one payment for every seat of the group (decision record 062).
 * Once a guest has claimed a seat it paid for, the booker leaving would refund the whole payment
 * while the guest keeps a seat nobody paid for. So release_seat refuses ('groupClaimed') a player or
 * host giving up such a booking; an admin may still, and settles the money by hand on the refunds
 * desk. The check sits in release_seat, after its session lock, because a claim takes that same lock:
 * a guest claiming while the booker leaves is one after the other, never both.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create or replace function release_seat(p_session uuid, p_user uuid, p_now timestamptz, p_until timestamptz, p_admin boolean, p_by text)
    returns table (outcome text, offered uuid[])
    language plpgsql as $$
    declare
      s record;
    begin
      select status, starts_at into s from sessions where id = p_session for no key update;
      if not found then return query select 'gone', '{}'::uuid[]; return; end if;
      if not p_admin and (s.status not in ('UPCOMING', 'CONFIRMED') or p_now >= s.starts_at) then
        return query select 'closed', '{}'::uuid[]; return;
      end if;
      if not p_admin and exists (
        select 1 from bookings b join group_seats g on g.paid_by = b.id
         where b.session_id = p_session and b.user_id = p_user and b.status in ('PENDING_PAYMENT', 'CONFIRMED') and g.status = 'CLAIMED'
      ) then
        return query select 'groupClaimed', '{}'::uuid[]; return;
      end if;
      update bookings set status = 'CANCELLED', updated_at = p_now, cancelled_at = p_now, cancelled_by = p_by
        where session_id = p_session and user_id = p_user and status in ('PENDING_PAYMENT', 'CONFIRMED');
      if not found then return query select 'none', '{}'::uuid[]; return; end if;
      return query select 'released', offer_free_seats(p_session, p_now, p_until);
    end $$`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`create or replace function release_seat(p_session uuid, p_user uuid, p_now timestamptz, p_until timestamptz, p_admin boolean, p_by text)
    returns table (outcome text, offered uuid[])
    language plpgsql as $$
    declare
      s record;
    begin
      select status, starts_at into s from sessions where id = p_session for no key update;
      if not found then return query select 'gone', '{}'::uuid[]; return; end if;
      if not p_admin and (s.status not in ('UPCOMING', 'CONFIRMED') or p_now >= s.starts_at) then
        return query select 'closed', '{}'::uuid[]; return;
      end if;
      update bookings set status = 'CANCELLED', updated_at = p_now, cancelled_at = p_now, cancelled_by = p_by
        where session_id = p_session and user_id = p_user and status in ('PENDING_PAYMENT', 'CONFIRMED');
      if not found then return query select 'none', '{}'::uuid[]; return; end if;
      return query select 'released', offer_free_seats(p_session, p_now, p_until);
    end $$`.execute(db);
}
