import { sql } from "kysely";

/**
 * The earnings desk's ledger (decision record 086). Each payment to a DM's account (a seat or a
 * tip, `transfer_destination` set) is one line; what a line counts is decided here once, by SQL
 * functions that the desk's lines, its totals and the running balance all read, so a total is
 * always the sum of its lines.
 *
 * - payment_line_state: held (a voucher or a card still being paid), paid, refunded, disputed
 *   (a chargeback is open or was lost; the transfer stands, the line is marked), failed (declined,
 *   lapsed or cancelled). A payment nobody tried to pay yet (a page opened and left) is no line.
 * - payment_line_gross / _fee / _refund / _net: what the line counts; failed and held lines count
 *   nothing. A refund is always of the whole charge and returns the whole fee (decision record 085).
 * - payments.payee_id: the DM the money is for (the session's host), set on insert by the trigger.
 * - payments.occurred_at: when the line happened (paid, else made), for months and order.
 * - dm_balances: per DM and currency, the sum of every line's net, kept by a trigger, so the desk's
 *   "available" figure never sums two years of lines.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`create function payment_line_state(status text, declined_at timestamptz, dispute_status text) returns text
    language sql immutable as $$
      select case
        when status in ('succeeded', 'refund_failed') and dispute_status in ('open', 'lost') then 'disputed'
        when status in ('succeeded', 'refund_failed') then 'paid'
        when status in ('refund_pending', 'refunded') then 'refunded'
        when status in ('failed', 'canceled') then 'failed'
        when status = 'requires_payment_method' and declined_at is not null then 'failed'
        when status in ('requires_action', 'processing') then 'held'
        else null
      end
    $$`.execute(db);
  await sql`create function payment_line_gross(state text, amount integer) returns integer language sql immutable as $$
      select case when state in ('paid', 'disputed', 'refunded') then amount else 0 end $$`.execute(db);
  await sql`create function payment_line_fee(state text, fee integer) returns integer language sql immutable as $$
      select case when state in ('paid', 'disputed') then coalesce(fee, 0) else 0 end $$`.execute(db);
  await sql`create function payment_line_refund(state text, amount integer) returns integer language sql immutable as $$
      select case when state = 'refunded' then amount else 0 end $$`.execute(db);
  await sql`create function payment_line_net(state text, amount integer, fee integer) returns integer language sql immutable as $$
      select payment_line_gross(state, amount) - payment_line_fee(state, fee) - payment_line_refund(state, amount) $$`.execute(db);

  await sql`alter table payments
    add column payee_id uuid references users(id) on delete restrict,
    add column occurred_at timestamptz generated always as (coalesce(paid_at, created_at)) stored`.execute(db);
  await sql`update payments p set payee_id = s.dm_id from sessions s where s.id = p.session_id`.execute(db);
  // Checked after the insert trigger names the payee, so an insert need not (and the column reads as optional to inserts).
  await sql`alter table payments add constraint payments_payee check (payee_id is not null)`.execute(db);
  await sql`create index payments_earnings on payments (payee_id, occurred_at desc, id desc) where transfer_destination is not null`.execute(db);

  await sql`create table dm_balances (
    user_id uuid not null references users(id) on delete cascade,
    currency text not null,
    net_cents bigint not null default 0,
    primary key (user_id, currency)
  )`.execute(db);

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

  await sql`create function payments_balance() returns trigger language plpgsql as $$
    declare
      before_net integer := 0;
      after_net integer := 0;
    begin
      if tg_op = 'UPDATE' and old.transfer_destination is not null then
        before_net := coalesce(payment_line_net(payment_line_state(old.status, old.declined_at, old.dispute_status), old.amount_cents, old.application_fee_cents), 0);
      end if;
      if new.transfer_destination is not null then
        after_net := coalesce(payment_line_net(payment_line_state(new.status, new.declined_at, new.dispute_status), new.amount_cents, new.application_fee_cents), 0);
      end if;
      if after_net <> before_net then
        insert into dm_balances (user_id, currency, net_cents) values (new.payee_id, new.currency, after_net - before_net)
        on conflict (user_id, currency) do update set net_cents = dm_balances.net_cents + excluded.net_cents;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payments_balance after insert or update on payments for each row execute function payments_balance()`.execute(db);
  await sql`insert into dm_balances (user_id, currency, net_cents)
    select payee_id, currency, sum(coalesce(payment_line_net(payment_line_state(status, declined_at, dispute_status), amount_cents, application_fee_cents), 0))
    from payments where transfer_destination is not null group by payee_id, currency`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger payments_balance on payments`.execute(db);
  await sql`drop function payments_balance()`.execute(db);
  await sql`drop table dm_balances`.execute(db);
  await sql`drop index payments_earnings`.execute(db);
  await sql`alter table payments drop column occurred_at, drop column payee_id`.execute(db);
  await sql`drop function payment_line_net(text, integer, integer)`.execute(db);
  await sql`drop function payment_line_refund(text, integer)`.execute(db);
  await sql`drop function payment_line_fee(text, integer)`.execute(db);
  await sql`drop function payment_line_gross(text, integer)`.execute(db);
  await sql`drop function payment_line_state(text, timestamptz, text)`.execute(db);
}
