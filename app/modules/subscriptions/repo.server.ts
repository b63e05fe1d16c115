import { sql } from "kysely";
import { inTransaction } from "#app/lib/transaction.server";
import { stillToCome } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";
import { CAPPED_SUBSCRIPTION_STATUSES, MAX_ACTIVE_SUBSCRIPTIONS, type SubscriptionStatus } from "./rules";

export async function findSubscription(db: Database, seriesId: string, userId: string) {
  return db
    .selectFrom("series_subscriptions")
    .select(["id", "status", "subscribed_at", "cancelled_at"])
    .where("series_id", "=", seriesId)
    .where("user_id", "=", userId)
    .executeTakeFirst() as Promise<{ id: string; status: SubscriptionStatus; subscribed_at: Date; cancelled_at: Date | null } | undefined>;
}

/**
 * Makes the player's subscription `status` in one statement: a new row, or the existing one moved
 * on from the statuses in `from`. Nothing when it is in none of them (active already), so of two
 * subscribes sent at once exactly one gets the row (the unique key on series and player decides).
 * `rejoined`: the player had cancelled this subscription before (the 'welcome back').
 */
async function subscriptionTo(
  db: Database,
  input: { seriesId: string; userId: string; now: Date },
  status: "ACTIVE" | "PENDING_PAYMENT",
  from: readonly SubscriptionStatus[],
) {
  // A card try keeps the row's past (when it began, whether it had been cancelled) until it is paid.
  const update =
    status === "ACTIVE"
      ? sql`status = 'ACTIVE', subscribed_at = ${input.now}, cancelled_at = null, updated_at = ${input.now}`
      : sql`status = 'PENDING_PAYMENT', updated_at = ${input.now}`;
  const { rows } = await sql<{ id: string; rejoined: boolean }>`
    with prior as (
      select cancelled_at from series_subscriptions where series_id = ${input.seriesId} and user_id = ${input.userId})
    insert into series_subscriptions as su (series_id, user_id, status, subscribed_at, created_at, updated_at)
    values (${input.seriesId}, ${input.userId}, ${status}, ${input.now}, ${input.now}, ${input.now})
    on conflict (series_id, user_id) do update set ${update}
      where su.status in (${sql.join(from.map((f) => sql`${f}`))})
    returning su.id, coalesce((select cancelled_at is not null from prior), false) as rejoined`.execute(db);
  return rows[0] ?? null;
}

/**
 * Locks the session a subscribe's first seat goes to, as every seat decision does (FOR NO KEY
 * UPDATE), so that the account is locked after it in the same transaction, never before.
 */
export async function lockSessionRow(db: Database, sessionId: string) {
  await db.selectFrom("sessions").select("id").where("id", "=", sessionId).forNoKeyUpdate().executeTakeFirst();
}

/** What a subscription row was before a subscribe moved it on: none, or its status and dates, so a refused first seat can put it back. */
export type Previous = { status: SubscriptionStatus; subscribed_at: Date; cancelled_at: Date | null } | null;

/**
 * Moves the player's subscription to `status` under the cap on subscriptions per account
 * (MAX_ACTIVE_SUBSCRIPTIONS, counting active ones and card tries still running): the account's row
 * is locked (FOR NO KEY UPDATE), so every subscribe of one account is decided one after the other,
 * then the others are counted in a later statement (one statement that waited for the lock would
 * count with the snapshot it took before waiting). 'active' when it is active already (of two
 * subscribes to one series sent at once exactly one gets the row), 'tooMany' at the cap.
 */
async function beginSubscription(db: Database, input: { seriesId: string; userId: string; now: Date }, status: "ACTIVE" | "PENDING_PAYMENT") {
  return inTransaction(db, async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", input.userId).forNoKeyUpdate().executeTakeFirst();
    const current = await findSubscription(trx, input.seriesId, input.userId);
    if (current?.status === "ACTIVE") return { ok: false as const, refusal: "active" as const };
    if ((await countActiveSubscriptions(trx, input.userId, input.seriesId)) >= MAX_ACTIVE_SUBSCRIPTIONS)
      return { ok: false as const, refusal: "tooMany" as const };
    const made = await subscriptionTo(trx, input, status, ["CANCELLED", "DECLINED", "PENDING_PAYMENT"]);
    if (!made) return { ok: false as const, refusal: "active" as const };
    const previous: Previous = current ? { status: current.status, subscribed_at: current.subscribed_at, cancelled_at: current.cancelled_at } : null;
    return { ok: true as const, id: made.id, rejoined: made.rejoined, previous };
  });
}

/** The subscription made active (free, OXXO): new, a rejoin, or after a card try that was declined or is still running. */
export function activateSubscription(db: Database, input: { seriesId: string; userId: string; now: Date }) {
  return beginSubscription(db, input, "ACTIVE");
}

/**
 * A card try of the subscription (decision record 070): PENDING_PAYMENT until the provider confirms
 * the first payment. Sent again while it runs, the same row is returned.
 */
export function pendSubscription(db: Database, input: { seriesId: string; userId: string; now: Date }) {
  return beginSubscription(db, input, "PENDING_PAYMENT");
}

/**
 * Puts back a subscription whose first seat was refused after it was begun: a new row goes (kept,
 * cancelled, only if a seat was given for it meanwhile), an existing one takes back the status and
 * dates it had, so the next try is still a first subscription, a welcome back or a retried card.
 */
export async function restoreSubscription(db: Database, id: string, previous: Previous, now: Date) {
  if (previous) {
    await db
      .updateTable("series_subscriptions")
      .set({ status: previous.status, subscribed_at: previous.subscribed_at, cancelled_at: previous.cancelled_at, updated_at: now })
      .where("id", "=", id)
      .execute();
    return;
  }
  const deleted = await db
    .deleteFrom("series_subscriptions")
    .where("id", "=", id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("bookings").select("id").where("subscription_id", "=", id))))
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0)
    await db.updateTable("series_subscriptions").set({ status: "CANCELLED", cancelled_at: now, updated_at: now }).where("id", "=", id).execute();
}

/** Ends the active subscription; its id, or null when there was none. */
export async function cancelSubscriptionRow(db: Database, input: { seriesId: string; userId: string; now: Date }) {
  const row = await db
    .updateTable("series_subscriptions")
    .set({ status: "CANCELLED", cancelled_at: input.now, updated_at: input.now })
    .where("series_id", "=", input.seriesId)
    .where("user_id", "=", input.userId)
    .where("status", "=", "ACTIVE")
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The player's subscriptions the cap counts in other series than `seriesId`: active ones, and card
 * tries still running (each becomes one when paid). A declined try is none.
 */
export async function countActiveSubscriptions(db: Database, userId: string, seriesId: string) {
  const row = await db
    .selectFrom("series_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("series_id", "!=", seriesId)
    .where("status", "in", CAPPED_SUBSCRIPTION_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSubscribers(db: Database, seriesId: string) {
  const row = await db
    .selectFrom("series_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("series_id", "=", seriesId)
    .where("status", "=", "ACTIVE")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The player's active seat in a session, marked as given for the subscription (the first seat,
 * taken by the booking paths). An unpaid one of an active subscription is then held until the
 * payment deadline (`deadline`), as every subscribed seat is, rather than for the few minutes a
 * card try holds a single booking; a card try's seat (`deadline` null) keeps the card's hold.
 */
export async function linkSeat(db: Database, input: { sessionId: string; userId: string; subscriptionId: string; deadline: Date | null; now: Date }) {
  await db
    .updateTable("bookings")
    .set({
      subscription_id: input.subscriptionId,
      ...(input.deadline
        ? { hold_until: sql<Date>`case when status = 'PENDING_PAYMENT' then greatest(hold_until, ${input.deadline}::timestamptz) else hold_until end` }
        : {}),
      updated_at: input.now,
    })
    .where("session_id", "=", input.sessionId)
    .where("user_id", "=", input.userId)
    .where("status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .execute();
}

/** The subscription's seats (or its seat in one session) are no longer its own: what an undone subscribe leaves. */
export async function unlinkSeats(db: Database, subscriptionId: string, now: Date, sessionId?: string) {
  let query = db.updateTable("bookings").set({ subscription_id: null, updated_at: now }).where("subscription_id", "=", subscriptionId);
  if (sessionId) query = query.where("session_id", "=", sessionId);
  await query.execute();
}

/** The series' sessions, for choosing the next one (with the series' booking lock). */
export function seriesSessionsAfter(db: Database, seriesId: string, now: Date) {
  return db
    .selectFrom("sessions")
    .select(["id", "starts_at", "status"])
    .where("series_id", "=", seriesId)
    .where("starts_at", ">", now)
    .orderBy("starts_at")
    .execute();
}

/** The subscription's seats in sessions that have not started, with whether each is paid for. */
export function upcomingSeats(db: Database, subscriptionId: string, now: Date) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.id", "b.session_id", "b.status", "s.starts_at"])
    .where("b.subscription_id", "=", subscriptionId)
    .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .where("s.starts_at", ">", now)
    .orderBy("s.starts_at")
    .execute();
}

/**
 * The latest payment of the subscription's seats (or the one with this provider reference), with
 * its seat's status: what the processing page waits on after a card payment.
 */
export function latestSeatPayment(db: Database, subscriptionId: string, providerRef: string | null) {
  let query = db
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["p.id", "p.status", "p.declined_at", "b.status as seat_status", "b.session_id"])
    .where("b.subscription_id", "=", subscriptionId);
  if (providerRef) query = query.where((eb) => eb.or([eb("p.payment_intent_ref", "=", providerRef), eb("p.provider_ref", "=", providerRef)]));
  return query.orderBy("p.created_at", "desc").limit(1).executeTakeFirst();
}

/**
 * The player's active subscriptions, each with its next seat (the earliest session not started)
 * and its next unpaid seat (what is due next, and by when): the profile's list.
 */
export async function activeSubscriptionsOf(db: Database, userId: string, now: Date) {
  const { rows } = await sql<{
    series_id: string;
    title: string;
    next_session_id: string | null;
    next_starts_at: Date | null;
    due_session_id: string | null;
    due_by: Date | null;
  }>`select su.series_id, se.title, n.id as next_session_id, n.starts_at as next_starts_at, d.id as due_session_id, d.hold_until as due_by
       from series_subscriptions su
       join series se on se.id = su.series_id
       left join lateral (
         select s.id, s.starts_at from bookings b join sessions s on s.id = b.session_id
          where b.subscription_id = su.id and b.status in ('PENDING_PAYMENT', 'CONFIRMED') and s.starts_at > ${now}
          order by s.starts_at limit 1) n on true
       left join lateral (
         select s.id, b.hold_until from bookings b join sessions s on s.id = b.session_id
          where b.subscription_id = su.id and b.status = 'PENDING_PAYMENT' and b.hold_until > ${now}
          order by b.hold_until limit 1) d on true
      where su.user_id = ${userId} and su.status = 'ACTIVE'
      order by n.starts_at nulls last, se.title`.execute(db);
  return rows;
}

/**
 * The host's view of a series' subscribers: each active subscriber, and their seat (or place in
 * line) in each of the next `sessionLimit` sessions that have not started.
 */
export async function subscriberSeats(db: Database, seriesId: string, now: Date, sessionLimit: number) {
  const sessions = await db
    .selectFrom("sessions")
    .select(["id", "starts_at"])
    .where("series_id", "=", seriesId)
    .where(stillToCome(now, "sessions"))
    .orderBy("starts_at")
    .limit(sessionLimit)
    .execute();
  const subscribers = await db
    .selectFrom("series_subscriptions as su")
    .innerJoin("users as u", "u.id", "su.user_id")
    .select(["su.user_id", "u.display_name", "u.email"])
    .where("su.series_id", "=", seriesId)
    .where("su.status", "=", "ACTIVE")
    .orderBy("su.subscribed_at")
    .orderBy("su.id")
    .execute();
  if (!sessions.length || !subscribers.length) return { sessions, subscribers, seats: [], waiting: [] };
  const sessionIds = sessions.map((s) => s.id);
  const userIds = subscribers.map((s) => s.user_id);
  const [seats, waiting] = await Promise.all([
    db
      .selectFrom("bookings")
      .select(["session_id", "user_id", "status"])
      .where("session_id", "in", sessionIds)
      .where("user_id", "in", userIds)
      .where("status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
      .execute(),
    db.selectFrom("waitlist_entries").select(["session_id", "user_id"]).where("session_id", "in", sessionIds).where("user_id", "in", userIds).execute(),
  ]);
  return { sessions, subscribers, seats, waiting };
}
