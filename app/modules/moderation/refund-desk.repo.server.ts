import { sql } from "kysely";
import type { ClaimedRefund } from "#app/modules/payments/index.server";
import type { Database } from "#db/client.server";

/** Payments with their player (users as u) and their booking's session (sessions as s), as the desk lists them. */
const paymentsWithPlayerAndSession = (db: Database) =>
  db
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .innerJoin("users as u", "u.id", "p.user_id");

/** Refunds that need a person or are on their way: given up first, then by when they are due. */
export function refundsToWatch(db: Database, limit: number) {
  return paymentsWithPlayerAndSession(db)
    .select([
      "p.id",
      "p.booking_id",
      "p.status",
      "p.amount_cents",
      "p.currency",
      "p.payment_intent_ref",
      "p.refund_ref",
      "p.refund_reason",
      "p.refund_attempts",
      "p.refund_error",
      "p.refund_next_try_at",
      "p.updated_at",
      "u.display_name as player_name",
      "u.email as player_email",
      "s.title as session_title",
    ])
    .where("p.status", "in", ["refund_failed", "refund_pending"])
    .orderBy(sql`p.status = 'refund_failed'`, "desc")
    .orderBy("p.refund_next_try_at", "asc")
    .orderBy("p.id")
    .limit(limit)
    .execute();
}

/** The latest refunded payments, so the desk shows what a retry or a manual refund came to. */
export function recentlyRefunded(db: Database, limit: number) {
  return paymentsWithPlayerAndSession(db)
    .select(["p.id", "p.amount_cents", "p.currency", "p.refund_reason", "p.updated_at", "u.display_name as player_name", "s.title as session_title"])
    .where("p.status", "=", "refunded")
    .orderBy("p.updated_at", "desc")
    .orderBy("p.id")
    .limit(limit)
    .execute();
}

/**
 * The payment a manual refund names: by its own id, or else the payment of that booking (the paid
 * one if there is one, else the latest, so a refusal can say what became of it).
 */
export async function paymentForRefund(db: Database, id: string) {
  const columns = ["id", "booking_id", "status", "payment_intent_ref"] as const;
  const byId = await db.selectFrom("payments").select(columns).where("id", "=", id).executeTakeFirst();
  if (byId) return byId;
  return db
    .selectFrom("payments")
    .select(columns)
    .where("booking_id", "=", id)
    .orderBy(sql`status in ('succeeded', 'refund_pending', 'refund_failed', 'refunded')`, "desc")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * "Retry now": claims the payment's refund for one request, in one statement, on the conditions
 * the desk shows the button (refund-desk.ts `canRetryNow`). A refund that gave up starts its tries
 * over (this is the first of a new round, with the job's waits after it); a pending one counts one
 * more. The claim clears the last error and moves the next try ahead, so a second press at the same
 * moment, waiting on this row's lock, re-reads a row that no longer qualifies and claims nothing.
 */
export async function claimRefundNow(
  db: Database,
  input: { paymentId: string; now: Date; claimMinutes: readonly number[] },
): Promise<ClaimedRefund | undefined> {
  const { rows } = await sql<ClaimedRefund>`update payments p
      set status = 'refund_pending',
        refund_attempts = case when p.status = 'refund_failed' then 1 else p.refund_attempts + 1 end,
        refund_next_try_at = ${input.now}::timestamptz + make_interval(mins => (${sql.val([...input.claimMinutes])}::int[])[least(case when p.status = 'refund_failed' then 1 else p.refund_attempts + 1 end, ${input.claimMinutes.length})]),
        refund_error = null,
        updated_at = ${input.now}
      from bookings b
      where b.id = p.booking_id and p.id = ${input.paymentId}::uuid
        and p.payment_intent_ref is not null and p.refund_ref is null
        and (p.status = 'refund_failed'
          or (p.status = 'refund_pending' and (p.refund_error is not null or p.refund_next_try_at <= ${input.now})))
      returning p.id, p.booking_id, b.session_id, p.payment_intent_ref, p.refund_reason, p.refund_attempts`.execute(db);
  return rows[0];
}
