import { sql } from "kysely";

/**
 * A subscription paid by card exists only once its first payment succeeded
 * (docs/decisions/070-card-subscriptions-begin-when-paid.md).
 *
 * Two more statuses:
 * - PENDING_PAYMENT: the player chose to pay by card and the first seat is held for that try;
 *   the subscription gives no other seat and is not counted as a subscriber.
 * - DECLINED: that try ended unpaid (declined, lapsed, the hold ran out). The row stays so the
 *   confirmation screen can say so, and the next try (card, OXXO or a free code) reuses it.
 *
 * The first seat decides, whatever path moves it: a trigger on bookings turns a pending (or
 * declined) subscription ACTIVE when its seat is confirmed, and a pending one DECLINED when its
 * seat leaves PENDING_PAYMENT any other way (the webhook, the cleanup job, a hold given back, a
 * cancelled session). Seats in the series' later sessions are given by the app once the
 * confirmation committed (enrol_subscribers, outside the first session's lock).
 * Statuses are written out because migrations never import the app.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table series_subscriptions drop constraint series_subscriptions_status_check`.execute(db);
  await sql`alter table series_subscriptions add constraint series_subscriptions_status_check
    check (status in ('ACTIVE', 'CANCELLED', 'PENDING_PAYMENT', 'DECLINED'))`.execute(db);

  await sql`create function settle_pending_subscription() returns trigger
    language plpgsql as $$
    begin
      if new.status = 'CONFIRMED' then
        -- Paid: the subscription begins now (subscribed_at orders the seats given later).
        update series_subscriptions
           set status = 'ACTIVE', subscribed_at = new.updated_at, cancelled_at = null, updated_at = new.updated_at
         where id = new.subscription_id and status in ('PENDING_PAYMENT', 'DECLINED');
      elsif old.status = 'PENDING_PAYMENT' then
        update series_subscriptions
           set status = 'DECLINED', updated_at = new.updated_at
         where id = new.subscription_id and status = 'PENDING_PAYMENT';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_settle_pending_subscription
    after update of status on bookings
    for each row
    when (new.subscription_id is not null and old.status is distinct from new.status)
    execute function settle_pending_subscription()`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop trigger bookings_settle_pending_subscription on bookings`.execute(db);
  await sql`drop function settle_pending_subscription()`.execute(db);
  // A try still running or declined was never a subscription: it ends as a cancelled one would.
  await sql`update series_subscriptions set status = 'CANCELLED', cancelled_at = coalesce(cancelled_at, updated_at)
    where status in ('PENDING_PAYMENT', 'DECLINED')`.execute(db);
  await sql`alter table series_subscriptions drop constraint series_subscriptions_status_check`.execute(db);
  await sql`alter table series_subscriptions add constraint series_subscriptions_status_check
    check (status in ('ACTIVE', 'CANCELLED'))`.execute(db);
}
