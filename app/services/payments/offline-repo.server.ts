import { randomBytes } from "node:crypto";
import type { Database } from "#db/client.server";

/** The offline adapter's own records (it stands in for the provider's database). */
export type OfflineIntent = {
  id: string;
  kind: "card" | "oxxo" | "checkout" | "refund";
  amount_cents: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  billing_name: string | null;
  billing_email: string | null;
  voucher_reference: string | null;
  expires_at: Date | null;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent_id: string | null;
  idempotency_key: string | null;
  /** The methods offered (card first), the one chosen on the test page, and delayed methods' lifetimes. */
  payment_method_types: string[];
  payment_method_type: string | null;
  voucher_days: number;
  pix_seconds: number;
  /** A destination charge's account and fee (decision record 084); a refund's choice to reverse the transfer. */
  transfer_destination: string | null;
  application_fee_cents: number | null;
  reverse_transfer: boolean;
  created_at: Date;
};

const columns = [
  "id",
  "kind",
  "amount_cents",
  "currency",
  "status",
  "metadata",
  "billing_name",
  "billing_email",
  "voucher_reference",
  "expires_at",
  "success_url",
  "cancel_url",
  "payment_intent_id",
  "idempotency_key",
  "payment_method_types",
  "payment_method_type",
  "voucher_days",
  "pix_seconds",
  "transfer_destination",
  "application_fee_cents",
  "reverse_transfer",
  "created_at",
] as const;

/** Inserts a record; a repeated idempotency key returns the first record, as the provider does. */
export async function insertOfflineIntent(db: Database, row: Omit<OfflineIntent, "created_at"> & { created_at: Date }): Promise<OfflineIntent> {
  const inserted = await db
    .insertInto("offline_payment_intents")
    .values({
      ...row,
      metadata: JSON.stringify(row.metadata),
      payment_method_types: JSON.stringify(row.payment_method_types),
      // A record made already taken (a refund, a demo's paid seat) was taken when it was made.
      succeeded_at: row.status === "succeeded" ? row.created_at : null,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (inserted) return inserted as unknown as OfflineIntent;
  return (await findOfflineIntentByKey(db, row.idempotency_key!))!;
}

/**
 * A card payment the test provider has already taken, written straight in its table: for paid
 * seats the demo and the tests make without going through the payment page.
 */
export function insertTakenCardPayment(
  db: Database,
  p: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    billingName: string | null;
    billingEmail: string | null;
    at: Date;
    /** A destination charge's account and fee (decision record 084), and the method if not a card. */
    transfer?: { destination: string; applicationFeeCents: number };
    method?: "card" | "oxxo";
  },
) {
  return insertOfflineIntent(db, {
    id: `pi_offline_${randomBytes(8).toString("hex")}`,
    kind: p.method ?? "card",
    amount_cents: p.amountCents,
    currency: p.currency,
    status: "succeeded",
    metadata: p.metadata,
    billing_name: p.billingName,
    billing_email: p.billingEmail,
    voucher_reference: null,
    expires_at: null,
    success_url: null,
    cancel_url: null,
    payment_intent_id: null,
    idempotency_key: null,
    payment_method_types: [p.method ?? "card"],
    payment_method_type: p.method ?? "card",
    voucher_days: 3,
    pix_seconds: 86_400,
    transfer_destination: p.transfer?.destination ?? null,
    application_fee_cents: p.transfer?.applicationFeeCents ?? null,
    reverse_transfer: false,
    created_at: p.at,
  });
}

export async function findOfflineIntent(db: Database, id: string): Promise<OfflineIntent | undefined> {
  return (await db.selectFrom("offline_payment_intents").select(columns).where("id", "=", id).executeTakeFirst()) as OfflineIntent | undefined;
}

/** The charge a PaymentIntent id names: the intent itself, or the hosted checkout that made it. */
export async function findOfflineCharge(db: Database, paymentIntentId: string): Promise<OfflineIntent | undefined> {
  return (await db
    .selectFrom("offline_payment_intents")
    .select(columns)
    .where("kind", "<>", "refund")
    .where((eb) => eb.or([eb("id", "=", paymentIntentId), eb("payment_intent_id", "=", paymentIntentId)]))
    .orderBy("created_at")
    .executeTakeFirst()) as OfflineIntent | undefined;
}

async function findOfflineIntentByKey(db: Database, key: string): Promise<OfflineIntent | undefined> {
  return (await db.selectFrom("offline_payment_intents").select(columns).where("idempotency_key", "=", key).executeTakeFirst()) as OfflineIntent | undefined;
}

/** A new status; reaching a taken one (an intent's `succeeded`, a checkout's `complete`) stamps when the charge was taken, once. */
export async function setOfflineIntentStatus(db: Database, id: string, status: string, at: Date, paymentIntentId?: string) {
  await db
    .updateTable("offline_payment_intents")
    .set((eb) => ({
      status,
      ...(paymentIntentId ? { payment_intent_id: paymentIntentId } : {}),
      ...(status === "succeeded" || status === "complete" ? { succeeded_at: eb.fn.coalesce("succeeded_at", eb.val(at)) } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

/** The method chosen on the test page, and the voucher, slip or code it issued (kept until another is chosen). */
export async function setOfflineIntentMethod(
  db: Database,
  id: string,
  set: { payment_method_type: string; voucher_reference?: string | null; expires_at?: Date | null },
) {
  await db.updateTable("offline_payment_intents").set(set).where("id", "=", id).execute();
}
