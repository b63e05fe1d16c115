import { sql } from "kysely";

/**
 * The earnings desk's per-day sums (decision record 086).
 * - payments.series_id: the campaign the money is for (the session's series, none for a one-shot),
 *   stamped with the session and payee by payments_stamp(); a session never changes series.
 * - earnings_days: for each DM, UTC day, campaign (or none), currency and line state, how many
 *   lines and their gross, fee, refunds and net, kept by a trigger on payments from the same
 *   stored line columns the desk's lines show. A month (or a year) in the DM's time zone is then
 *   its whole UTC days from here plus its two partial edge days from the index payments_earnings:
 *   a month is some hundred rows instead of every line, whatever the number of games.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table payments add column series_id uuid references series(id) on delete restrict`.execute(db);
  await sql`update payments p set series_id = s.series_id from sessions s where s.id = p.session_id and s.series_id is not null`.execute(db);
  await sql`create or replace function payments_stamp() returns trigger language plpgsql as $$
    begin
      if new.session_id is null and new.booking_id is not null then
        select session_id into new.session_id from bookings where id = new.booking_id;
      end if;
      if tg_op = 'INSERT' or new.payee_id is null then
        select coalesce(new.payee_id, dm_id), series_id into new.payee_id, new.series_id from sessions where id = new.session_id;
      end if;
      if new.paid_at is null and new.status in ('succeeded', 'refund_pending', 'refunded', 'refund_failed') then
        new.paid_at := new.updated_at;
      end if;
      if new.refunded_at is null and new.status in ('refund_pending', 'refunded') then
        new.refunded_at := new.updated_at;
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop index payments_earnings`.execute(db);
  await sql`create index payments_earnings on payments (payee_id, occurred_at desc, id desc)
    include (currency, session_id, series_id, line_state, line_gross, line_fee, line_refund, line_net, paid_at)
    where transfer_destination is not null and line_state is not null`.execute(db);

  await sql`create table earnings_days (
    payee_id uuid not null references users(id) on delete cascade,
    day date not null,
    series_id uuid references series(id) on delete cascade,
    currency text not null,
    line_state text not null,
    lines integer not null default 0,
    gross bigint not null default 0,
    fee bigint not null default 0,
    refund bigint not null default 0,
    net bigint not null default 0,
    constraint earnings_days_key unique nulls not distinct (payee_id, day, series_id, currency, line_state)
  )`.execute(db);

  // One signed change of one day's sums. Rows that fall to no lines are deleted, so a day holds
  // only what it has lines for.
  await sql`create function earnings_day_add(p_payee uuid, p_day date, p_series uuid, p_currency text, p_state text,
      p_lines integer, p_gross bigint, p_fee bigint, p_refund bigint, p_net bigint) returns void language plpgsql as $$
    begin
      insert into earnings_days as d (payee_id, day, series_id, currency, line_state, lines, gross, fee, refund, net)
      values (p_payee, p_day, p_series, p_currency, p_state, p_lines, p_gross, p_fee, p_refund, p_net)
      on conflict (payee_id, day, series_id, currency, line_state) do update
        set lines = d.lines + excluded.lines, gross = d.gross + excluded.gross, fee = d.fee + excluded.fee,
            refund = d.refund + excluded.refund, net = d.net + excluded.net;
      delete from earnings_days
       where payee_id = p_payee and day = p_day and series_id is not distinct from p_series and currency = p_currency and line_state = p_state
         and lines = 0;
    end $$`.execute(db);

  // A line counts where the index payments_earnings holds it: a transfer to the DM and a state.
  // An update that moves a line between two rows changes them in one fixed order (by key), so two
  // transactions moving lines between the same rows cannot wait on each other.
  await sql`create function payments_earnings_days() returns trigger language plpgsql as $$
    declare
      counts_before boolean := tg_op <> 'INSERT' and old.transfer_destination is not null and old.line_state is not null;
      counts_after boolean := tg_op <> 'DELETE' and new.transfer_destination is not null and new.line_state is not null;
      key_before text;
      key_after text;
    begin
      if counts_before then
        key_before := concat_ws('|', old.payee_id, (old.occurred_at at time zone 'UTC')::date, coalesce(old.series_id::text, '-'), old.currency, old.line_state);
      end if;
      if counts_after then
        key_after := concat_ws('|', new.payee_id, (new.occurred_at at time zone 'UTC')::date, coalesce(new.series_id::text, '-'), new.currency, new.line_state);
      end if;
      if counts_before and counts_after and key_before = key_after
         and old.line_gross = new.line_gross and old.line_fee = new.line_fee and old.line_refund = new.line_refund and old.line_net = new.line_net then
        return null;
      end if;
      if counts_before and (not counts_after or key_before <= key_after) then
        perform earnings_day_add(old.payee_id, (old.occurred_at at time zone 'UTC')::date, old.series_id, old.currency, old.line_state,
          -1, -old.line_gross, -old.line_fee, -old.line_refund, -old.line_net);
        counts_before := false;
      end if;
      if counts_after then
        perform earnings_day_add(new.payee_id, (new.occurred_at at time zone 'UTC')::date, new.series_id, new.currency, new.line_state,
          1, new.line_gross, new.line_fee, new.line_refund, new.line_net);
      end if;
      if counts_before then
        perform earnings_day_add(old.payee_id, (old.occurred_at at time zone 'UTC')::date, old.series_id, old.currency, old.line_state,
          -1, -old.line_gross, -old.line_fee, -old.line_refund, -old.line_net);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payments_earnings_days after insert or update or delete on payments
    for each row execute function payments_earnings_days()`.execute(db);

  await sql`insert into earnings_days (payee_id, day, series_id, currency, line_state, lines, gross, fee, refund, net)
    select payee_id, (occurred_at at time zone 'UTC')::date, series_id, currency, line_state,
           count(*), sum(line_gross), sum(line_fee), sum(line_refund), sum(line_net)
      from payments
     where transfer_destination is not null and line_state is not null
     group by 1, 2, 3, 4, 5`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger payments_earnings_days on payments`.execute(db);
  await sql`drop function payments_earnings_days()`.execute(db);
  await sql`drop function earnings_day_add(uuid, date, uuid, text, text, integer, bigint, bigint, bigint, bigint)`.execute(db);
  await sql`drop table earnings_days`.execute(db);
  await sql`drop index payments_earnings`.execute(db);
  await sql`create index payments_earnings on payments (payee_id, occurred_at desc, id desc)
    include (currency, session_id, line_state, line_gross, line_fee, line_refund, line_net, paid_at)
    where transfer_destination is not null and line_state is not null`.execute(db);
  await sql`create or replace function payments_stamp() returns trigger language plpgsql as $$
    begin
      if new.session_id is null and new.booking_id is not null then
        select session_id into new.session_id from bookings where id = new.booking_id;
      end if;
      if new.payee_id is null then
        select dm_id into new.payee_id from sessions where id = new.session_id;
      end if;
      if new.paid_at is null and new.status in ('succeeded', 'refund_pending', 'refunded', 'refund_failed') then
        new.paid_at := new.updated_at;
      end if;
      if new.refunded_at is null and new.status in ('refund_pending', 'refunded') then
        new.refunded_at := new.updated_at;
      end if;
      return new;
    end $$`.execute(db);
  await sql`alter table payments drop column series_id`.execute(db);
}
