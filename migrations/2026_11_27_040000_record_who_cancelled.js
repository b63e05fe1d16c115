import { sql } from "kysely";

/**
 * Who cancelled a seat or a session, and when (decision record 058). The reliability record and
 * the badges count a host's own cancellations and a player's own late ones; until now only the
 * status and `updated_at` were kept, so an admin's cancel counted against the host, a host's
 * removal against the player, and a refund (which moves `updated_at`) hid a late cancellation.
 *
 * `cancelled_by` is the capacity in which the person acted, not their id: a host who is also an
 * admin cancelling their own session acts as the host, and roles change after the fact.
 *
 * Backfill: the cancelled rows keep `updated_at` as their cancellation time (nothing later moves a
 * CANCELLED row's `updated_at` but its refund, which makes it REFUNDED). A cancelled session is
 * the host's (the record counted every one against them until now, and there was no admin path
 * apart from the host's own buttons); a seat cancelled together with its session (same instant) is
 * that session's canceller's; any other cancelled seat the player's, as the record counted it.
 * REFUNDED seats keep no cancellation: the refund overwrote its time, and the record never counted them.
 *
 * release_seat takes who releases the seat (p_by) and writes it with the cancellation; the old
 * signature is dropped so no caller keeps cancelling without it.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table sessions
    add column cancelled_at timestamptz null,
    add column cancelled_by text null check (cancelled_by in ('HOST', 'ADMIN')),
    add constraint sessions_cancelled_pair check ((cancelled_at is null) = (cancelled_by is null))`.execute(db);
  await sql`alter table bookings
    add column cancelled_at timestamptz null,
    add column cancelled_by text null check (cancelled_by in ('PLAYER', 'HOST', 'ADMIN', 'SYSTEM')),
    add constraint bookings_cancelled_pair check ((cancelled_at is null) = (cancelled_by is null))`.execute(db);

  await sql`update sessions set cancelled_at = updated_at, cancelled_by = 'HOST' where status = 'CANCELLED'`.execute(db);
  await sql`update bookings b
       set cancelled_at = b.updated_at,
           cancelled_by = case when s.status = 'CANCELLED' and b.updated_at = s.updated_at then 'HOST' else 'PLAYER' end
      from sessions s
     where s.id = b.session_id and b.status = 'CANCELLED'`.execute(db);

  await sql`drop function release_seat(uuid, uuid, timestamptz, timestamptz, boolean)`.execute(db);
  await sql`create function release_seat(p_session uuid, p_user uuid, p_now timestamptz, p_until timestamptz, p_admin boolean, p_by text)
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

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop function release_seat(uuid, uuid, timestamptz, timestamptz, boolean, text)`.execute(db);
  await sql`create function release_seat(p_session uuid, p_user uuid, p_now timestamptz, p_until timestamptz, p_admin boolean)
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
      update bookings set status = 'CANCELLED', updated_at = p_now
        where session_id = p_session and user_id = p_user and status in ('PENDING_PAYMENT', 'CONFIRMED');
      if not found then return query select 'none', '{}'::uuid[]; return; end if;
      return query select 'released', offer_free_seats(p_session, p_now, p_until);
    end $$`.execute(db);
  await sql`alter table bookings drop constraint bookings_cancelled_pair, drop column cancelled_by, drop column cancelled_at`.execute(db);
  await sql`alter table sessions drop constraint sessions_cancelled_pair, drop column cancelled_by, drop column cancelled_at`.execute(db);
}
