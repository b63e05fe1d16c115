import { sql } from "kysely";
import type { Database } from "#db/client.server";

// A paid seat's refund from owed to done: the refund desk's and the refund job's SQL (decision records 036 and 064).

/** A payment's statuses once the money came in, refunded since or not. */
export const PAID_STATUSES = ["succeeded", "refund_pending", "refunded", "refund_failed"] as const;

/** Paid payments whose booking was cancelled (the player left, was removed, or the session was cancelled), not yet refunded. */
export function paidPaymentsOfCancelledBookings(db: Database, sessionId: string, userId: string | null) {
  let query = db
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["p.id", "p.booking_id", "p.payment_intent_ref", "b.session_id"])
    .where("b.session_id", "=", sessionId)
    .where("b.status", "=", "CANCELLED")
    .where("p.status", "=", "succeeded");
  if (userId) query = query.where("b.user_id", "=", userId);
  return query.execute();
}

/**
 * Refunds owed but never asked for: a paid payment of a seat cancelled between `since` and
 * `before` that is still `succeeded`. Every cancelled paid seat is refunded in full (decision
 * record 036) right after its cancel commits; a process that stopped in between left these. Each
 * is marked refund_pending, due now, in this one statement (a request doing the same a moment
 * later finds it taken), with the reason the cancel would have given: the session was cancelled,
 * the player left (`customer_request`), or someone else removed them (`other`; decision record 058).
 */
export async function markOwedRefunds(db: Database, input: { since: Date; before: Date; now: Date; limit: number }) {
  const owed = await sql<{ id: string }>`
    with owed as (
      select p.id, case when s.status = 'CANCELLED' then 'session_cancelled' when b.cancelled_by = 'PLAYER' then 'customer_request' else 'other' end as reason
        from bookings b
        join payments p on p.booking_id = b.id
        join sessions s on s.id = b.session_id
       where b.status = 'CANCELLED' and b.updated_at >= ${input.since} and b.updated_at < ${input.before}
         and p.status = 'succeeded' and p.payment_intent_ref is not null
       order by b.updated_at
       limit ${input.limit}
    )
    update payments p
       set status = 'refund_pending', refund_reason = owed.reason, refund_attempts = 0,
           refund_next_try_at = ${input.now}, refund_error = null, updated_at = ${input.now}
      from owed
     where p.id = owed.id and p.status = 'succeeded'
    returning p.id`.execute(db);
  return owed.rows.map((r) => r.id);
}

/**
 * Marks a paid payment as being refunded, due for its first request now; false when someone else
 * already did (so a refund is asked for once). Runs in the transaction that decided the refund.
 */
export async function markRefundPending(db: Database, paymentId: string, reason: string, now: Date) {
  const result = await db
    .updateTable("payments")
    .set({ status: "refund_pending", refund_reason: reason, refund_attempts: 0, refund_next_try_at: now, refund_error: null, updated_at: now })
    .where("id", "=", paymentId)
    .where("status", "=", "succeeded")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ClaimedRefund = {
  id: string;
  booking_id: string;
  session_id: string;
  payment_intent_ref: string;
  refund_reason: string;
  /** Requests made, this one included. */
  refund_attempts: number;
  /** The DM's account of a destination charge, whose transfer the refund reverses; null when the platform kept the charge. */
  transfer_destination: string | null;
};

/**
 * Claims refund requests that are due, in one statement: each claimed payment counts the try and
 * moves its next try to `now` plus the claim (the wait before a retry should this one fail). Rows
 * another run is claiming are skipped (SKIP LOCKED), and a row it claimed a moment ago is no longer
 * due when re-read, so parallel runs each get different payments and a payment is asked for once
 * per round. The last error is cleared while the request is out (the desk's "retry now" then sees
 * a request under way, not one that failed). `paymentId` claims that payment alone (the first request, right after the decision).
 */
export async function claimDueRefunds(
  db: Database,
  input: { now: Date; claimMinutes: readonly number[]; maxTries: number; limit: number; paymentId?: string },
): Promise<ClaimedRefund[]> {
  const only = input.paymentId ? sql`and id = ${input.paymentId}::uuid` : sql``;
  const { rows } = await sql<ClaimedRefund>`update payments p
      set refund_attempts = p.refund_attempts + 1,
        refund_next_try_at = ${input.now}::timestamptz + make_interval(mins => (${sql.val([...input.claimMinutes])}::int[])[least(p.refund_attempts + 1, ${input.claimMinutes.length})]),
        refund_error = null, updated_at = ${input.now}
      from bookings b
      where b.id = p.booking_id
        and p.status = 'refund_pending' and p.refund_next_try_at <= ${input.now}
        and p.id in (select id from payments
          where status = 'refund_pending' and refund_next_try_at <= ${input.now} and refund_attempts < ${input.maxTries} and payment_intent_ref is not null ${only}
          order by refund_next_try_at limit ${input.limit}
          for update skip locked)
      returning p.id, p.booking_id, b.session_id, p.payment_intent_ref, p.refund_reason, p.refund_attempts, p.transfer_destination`.execute(db);
  return rows;
}

/** The provider accepted the refund request: no more tries (its refund event finishes the payment). */
export async function recordRefundAsked(db: Database, paymentId: string, refundRef: string, now: Date) {
  await db
    .updateTable("payments")
    .set({ refund_ref: refundRef, refund_next_try_at: null, refund_error: null, updated_at: now })
    .where("id", "=", paymentId)
    .execute();
}

/** A refund request failed: the error is kept; after the last try the payment is refund_failed, for a person. */
export async function recordRefundFailure(db: Database, paymentId: string, error: string, givesUp: boolean, now: Date) {
  await db
    .updateTable("payments")
    .set(givesUp ? { status: "refund_failed", refund_next_try_at: null, refund_error: error, updated_at: now } : { refund_error: error, updated_at: now })
    .where("id", "=", paymentId)
    .where("status", "=", "refund_pending")
    .execute();
}

/** Refunds whose last try never reported back (its process died) and whose claim ran out: given up. */
export async function giveUpAbandonedRefunds(db: Database, maxTries: number, now: Date) {
  const rows = await db
    .updateTable("payments")
    .set({ status: "refund_failed", refund_next_try_at: null, refund_error: "the last refund request never reported back", updated_at: now })
    .where("status", "=", "refund_pending")
    .where("refund_attempts", ">=", maxTries)
    .where("refund_next_try_at", "<=", now)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the user has a paid payment of a seat in the session that is refunded or being refunded. */
export async function hasRefundedSeat(db: Database, sessionId: string, userId: string) {
  const row = await db
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select("p.id")
    .where("b.session_id", "=", sessionId)
    .where("b.user_id", "=", userId)
    .where("b.status", "in", ["CANCELLED", "REFUNDED"])
    .where("p.status", "in", PAID_STATUSES)
    .executeTakeFirst();
  return row !== undefined;
}
