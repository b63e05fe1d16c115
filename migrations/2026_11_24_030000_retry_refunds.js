import { sql } from "kysely";

/**
 * Refunds whose request to the provider failed are tried again
 * (docs/decisions/028-the-webhook-confirms.md, "Refund retries").
 *
 * - refund_attempts: requests made so far for this payment's refund (each with the same
 *   idempotency key, so the provider refunds once however many there are).
 * - refund_next_try_at: when a refund_pending payment is due for its next request; null once the
 *   provider accepted one (the webhook finishes it) or the tries ran out. A try claims the row by
 *   moving this time forward in the same statement that finds it due, so two runs never both ask.
 * - refund_error: the last failure, for whoever looks into a refund_failed payment.
 * - refund_failed: a new final status, for refunds that gave up after the last try; a person
 *   refunds them by hand (the provider's refund event still moves them to refunded).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .alterTable("payments")
    .addColumn("refund_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("refund_next_try_at", "timestamptz")
    .addColumn("refund_error", "text")
    .execute();
  await db.schema.alterTable("payments").dropConstraint("payments_status").execute();
  await db.schema
    .alterTable("payments")
    .addCheckConstraint(
      "payments_status",
      sql`status in ('creating', 'requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'refund_pending', 'refunded', 'refund_failed')`,
    )
    .execute();
  // Refunds left pending before retries existed are due at once.
  await sql`update payments set refund_next_try_at = now() where status = 'refund_pending' and refund_ref is null`.execute(db);
  await sql`create index payments_refunds_due_idx on payments (refund_next_try_at) where status = 'refund_pending'`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index payments_refunds_due_idx`.execute(db);
  await sql`update payments set status = 'refund_pending' where status = 'refund_failed'`.execute(db);
  await db.schema.alterTable("payments").dropConstraint("payments_status").execute();
  await db.schema
    .alterTable("payments")
    .addCheckConstraint(
      "payments_status",
      sql`status in ('creating', 'requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'refund_pending', 'refunded')`,
    )
    .execute();
  await db.schema.alterTable("payments").dropColumn("refund_error").dropColumn("refund_next_try_at").dropColumn("refund_attempts").execute();
}
