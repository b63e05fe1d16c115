import { sql } from "kysely";

/**
 * Each DM's payouts summed per currency beside their balance (decision record 086): paid out, and
 * on its way (pending or in transit; failed and cancelled payouts gave the money back), kept by a
 * trigger on payouts as each payout event is applied, so the earnings desk reads one row per
 * currency instead of every payout a DM was ever paid.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table dm_balances
    add column paid_out_cents bigint not null default 0,
    add column on_the_way_cents bigint not null default 0`.execute(db);

  await sql`create function payouts_totals() returns trigger language plpgsql as $$
    declare
      paid_delta bigint := 0;
      way_delta bigint := 0;
    begin
      if tg_op <> 'INSERT' then
        paid_delta := paid_delta - case when old.status = 'paid' then old.amount_cents else 0 end;
        way_delta := way_delta - case when old.status in ('pending', 'in_transit') then old.amount_cents else 0 end;
      end if;
      if tg_op <> 'DELETE' then
        paid_delta := paid_delta + case when new.status = 'paid' then new.amount_cents else 0 end;
        way_delta := way_delta + case when new.status in ('pending', 'in_transit') then new.amount_cents else 0 end;
      end if;
      if paid_delta = 0 and way_delta = 0 then
        return null;
      end if;
      -- A payout keeps its DM and currency; an update that changed them would move its amounts between two rows.
      if tg_op = 'UPDATE' and (old.user_id <> new.user_id or old.currency <> new.currency) then
        raise exception 'a payout keeps its DM and currency';
      end if;
      insert into dm_balances as b (user_id, currency, paid_out_cents, on_the_way_cents)
      values (coalesce(new.user_id, old.user_id), coalesce(new.currency, old.currency), paid_delta, way_delta)
      on conflict (user_id, currency) do update
        set paid_out_cents = b.paid_out_cents + excluded.paid_out_cents, on_the_way_cents = b.on_the_way_cents + excluded.on_the_way_cents;
      return null;
    end $$`.execute(db);
  await sql`create trigger payouts_totals after insert or update or delete on payouts for each row execute function payouts_totals()`.execute(db);

  await sql`insert into dm_balances as b (user_id, currency, paid_out_cents, on_the_way_cents)
    select user_id, currency, coalesce(sum(amount_cents) filter (where status = 'paid'), 0),
           coalesce(sum(amount_cents) filter (where status in ('pending', 'in_transit')), 0)
      from payouts group by user_id, currency
    on conflict (user_id, currency) do update set paid_out_cents = excluded.paid_out_cents, on_the_way_cents = excluded.on_the_way_cents`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger payouts_totals on payouts`.execute(db);
  await sql`drop function payouts_totals()`.execute(db);
  await sql`alter table dm_balances drop column paid_out_cents, drop column on_the_way_cents`.execute(db);
}
