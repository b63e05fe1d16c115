import { sql } from "kysely";

/**
 * Paid bookings (docs/decisions/026-payments-behind-a-port.md).
 *
 * - payments: one row per attempt to pay for a booking (card by Checkout or Payment Element,
 *   OXXO voucher), with the provider's reference once it exists, amount in minor units, status,
 *   and the voucher's reference, address and expiry. A booking is confirmed only by a webhook.
 * - webhook_events: the ids of processed provider events; a replayed event finds its id here and
 *   changes nothing.
 * - offline_payment_intents: the offline adapter's stand-in for the provider's own records
 *   (outside production, when no Stripe keys are set). Only that adapter reads or writes it.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("booking_id", "uuid", (c) => c.notNull().references("bookings.id").onDelete("restrict"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("provider_ref", "text", (c) => c.unique())
    .addColumn("payment_intent_ref", "text")
    .addColumn("checkout_url", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("creating"))
    .addColumn("voucher_reference", "text")
    .addColumn("voucher_url", "text")
    .addColumn("voucher_expires_at", "timestamptz")
    .addColumn("refund_ref", "text")
    .addColumn("refund_reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("payments_method", sql`method in ('CARD', 'OXXO')`)
    .addCheckConstraint("payments_amount", sql`amount_cents > 0`)
    .addCheckConstraint(
      "payments_status",
      sql`status in ('creating', 'requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'refund_pending', 'refunded')`,
    )
    .addCheckConstraint(
      "payments_refund_reason",
      sql`refund_reason is null or refund_reason in ('customer_request', 'session_cancelled', 'dm_unavailable', 'technical_issue', 'duplicate_payment', 'other')`,
    )
    .execute();
  await db.schema.createIndex("payments_booking_id_idx").on("payments").column("booking_id").execute();
  await db.schema.createIndex("payments_payment_intent_ref_idx").on("payments").column("payment_intent_ref").execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("offline_payment_intents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("billing_name", "text")
    .addColumn("billing_email", "text")
    .addColumn("voucher_reference", "text")
    .addColumn("expires_at", "timestamptz")
    .addColumn("success_url", "text")
    .addColumn("cancel_url", "text")
    .addColumn("payment_intent_id", "text")
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("offline_payment_intents_kind", sql`kind in ('card', 'oxxo', 'checkout', 'refund')`)
    .execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("offline_payment_intents").execute();
  await db.schema.dropTable("webhook_events").execute();
  await db.schema.dropTable("payments").execute();
}
