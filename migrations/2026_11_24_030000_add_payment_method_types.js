import { sql } from "kysely";

/**
 * Payment methods by currency (docs/decisions/033-payment-methods-by-currency.md).
 *
 * - payments.payment_method_type: the provider's type of the method the payer chose inside a card
 *   payment (card, klarna, oxxo, boleto, pix), once an event names it; null before.
 * - offline_payment_intents.payment_method_types: the methods the offline adapter's intent offers
 *   (what Stripe returns as `payment_method_types`), payment_method_type: the one chosen on its
 *   test page, and how long what a delayed method issues lives (voucher_days for OXXO and boleto,
 *   pix_seconds for a Pix code).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema.alterTable("payments").addColumn("payment_method_type", "text").execute();
  await db.schema
    .alterTable("payments")
    .addCheckConstraint("payments_payment_method_type", sql`payment_method_type is null or payment_method_type ~ '^[a-z_]{1,40}$'`)
    .execute();
  await db.schema
    .alterTable("offline_payment_intents")
    .addColumn("payment_method_types", "jsonb", (c) => c.notNull().defaultTo(sql`'["card"]'::jsonb`))
    .addColumn("payment_method_type", "text")
    .addColumn("voucher_days", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("pix_seconds", "integer", (c) => c.notNull().defaultTo(1560))
    .execute();
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable("offline_payment_intents").dropColumn("payment_method_types").dropColumn("payment_method_type").dropColumn("voucher_days").dropColumn("pix_seconds").execute();
  await db.schema.alterTable("payments").dropConstraint("payments_payment_method_type").execute();
  await db.schema.alterTable("payments").dropColumn("payment_method_type").execute();
}
