import type { Transfer } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";
import { PAID_STATUSES } from "./refunds-repo.server";

const paymentColumns = [
  "id",
  "booking_id",
  "user_id",
  "provider",
  "method",
  "provider_ref",
  "payment_intent_ref",
  "checkout_url",
  "amount_cents",
  "currency",
  "status",
  "voucher_reference",
  "voucher_url",
  "voucher_expires_at",
  "refund_ref",
  "refund_reason",
  "refund_attempts",
  "refund_next_try_at",
  "refund_error",
  "payment_method_type",
  "declined_at",
  "transfer_destination",
  "application_fee_cents",
  "created_at",
  // When a succeeded payment settled (the last change it saw): the paid voucher's receipt says it.
  "updated_at",
] as const;

/** A payment row as it is made; its transfer (the DM's account and the fee) is fixed with it (decision record 085). */
type NewPayment = {
  bookingId: string;
  userId: string;
  provider: string;
  method: "CARD" | "OXXO";
  amountCents: number;
  currency: string;
  transfer: Transfer | null;
  now: Date;
};

export async function insertPayment(db: Database, input: NewPayment) {
  const row = await db
    .insertInto("payments")
    .values({
      transfer_destination: input.transfer?.destination ?? null,
      application_fee_cents: input.transfer?.applicationFeeCents ?? null,
      booking_id: input.bookingId,
      session_id: (eb) => eb.selectFrom("bookings").select("session_id").where("id", "=", input.bookingId),
      user_id: input.userId,
      provider: input.provider,
      method: input.method,
      amount_cents: input.amountCents,
      currency: input.currency,
      status: "creating",
      created_at: input.now,
      updated_at: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PaymentRow = Awaited<ReturnType<typeof findPayment>>;

export function findPayment(db: Database, paymentId: string) {
  return db.selectFrom("payments").select(paymentColumns).where("id", "=", paymentId).executeTakeFirst();
}

export function lockPayment(db: Database, paymentId: string) {
  return db.selectFrom("payments").select(paymentColumns).where("id", "=", paymentId).forUpdate().executeTakeFirst();
}

/** The payment a provider object names: by our id when its metadata carries it, else by the provider's ids. */
export function findPaymentByRef(db: Database, ref: string) {
  return db
    .selectFrom("payments")
    .select(paymentColumns)
    .where((eb) => eb.or([eb("provider_ref", "=", ref), eb("payment_intent_ref", "=", ref)]))
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** The latest payment of a booking. */
export function latestPaymentOf(db: Database, bookingId: string) {
  return db.selectFrom("payments").select(paymentColumns).where("booking_id", "=", bookingId).orderBy("created_at", "desc").executeTakeFirst();
}

/** A payment's statuses while it may still succeed. */
const LIVE_STATUSES = ["creating", "requires_payment_method", "requires_action", "processing"] as const;

/** Whether the booking has a payment other than `paymentId` in one of `statuses`. */
async function otherPaymentIn(db: Database, bookingId: string, paymentId: string, statuses: readonly string[]) {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("booking_id", "=", bookingId)
    .where("id", "<>", paymentId)
    .where("status", "in", statuses)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another payment of the booking already succeeded (a second one is a duplicate). */
export const otherPaidPayment = (db: Database, bookingId: string, paymentId: string) => otherPaymentIn(db, bookingId, paymentId, PAID_STATUSES);

/** Whether another payment of the booking may still succeed (so a lapsed one does not free the seat). */
export const otherLivePayment = (db: Database, bookingId: string, paymentId: string) => otherPaymentIn(db, bookingId, paymentId, LIVE_STATUSES);

export async function updatePayment(
  db: Database,
  paymentId: string,
  set: Partial<{
    status: string;
    provider_ref: string;
    payment_intent_ref: string;
    checkout_url: string;
    voucher_reference: string;
    voucher_url: string | null;
    voucher_expires_at: Date;
    payment_method_type: string;
    refund_ref: string;
    refund_reason: string;
    declined_at: Date;
  }>,
  now: Date,
) {
  await db
    .updateTable("payments")
    .set({ ...set, updated_at: now })
    .where("id", "=", paymentId)
    .execute();
}

/** Records a provider event id; false when it was processed before (a replay). */
export async function claimEvent(db: Database, id: string, type: string, now: Date) {
  const row = await db
    .insertInto("webhook_events")
    .values({ id, type, received_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The paid (succeeded) payment of a booking, if any: what a refund gives back. */
export function paidPaymentOf(db: Database, bookingId: string) {
  return db.selectFrom("payments").select(paymentColumns).where("booking_id", "=", bookingId).where("status", "=", "succeeded").executeTakeFirst();
}

export async function findSessionTitle(db: Database, sessionId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  return (await db.selectFrom("sessions").select("title").where("id", "=", sessionId).executeTakeFirst())?.title ?? null;
}

/** A tip's payment with its session's DM and title: whom a paid tip is news to. */
export function tipOfSession(db: Database, paymentId: string) {
  return db
    .selectFrom("payments as p")
    .innerJoin("sessions as s", "s.id", "p.session_id")
    .select(["p.user_id", "p.session_id", "p.amount_cents", "p.currency", "s.dm_id", "s.title"])
    .where("p.id", "=", paymentId)
    .where("p.kind", "=", "tip")
    .executeTakeFirst();
}

// Refunds: what is owed, claimed, asked of the provider and given up (refunds-repo.server.ts).
export * from "./refunds-repo.server";

/**
 * Marks the paid payment of a PaymentIntent as disputed (or the dispute decided). A decided
 * dispute is not reopened by a late "open" event. True when a payment of ours matched.
 */
export async function markDispute(db: Database, paymentIntent: string, d: { ref: string; outcome: "open" | "won" | "lost"; now: Date }) {
  const row = await db
    .updateTable("payments")
    .set((eb) => ({
      dispute_ref: d.ref,
      dispute_status: d.outcome === "open" ? eb.fn.coalesce("dispute_status", eb.val("open")) : d.outcome,
      disputed_at: eb.fn.coalesce("disputed_at", eb.val(d.now)),
      updated_at: d.now,
    }))
    .where("payment_intent_ref", "=", paymentIntent)
    .where("status", "in", ["succeeded", "refund_pending", "refunded", "refund_failed"])
    .returning("id")
    .execute();
  return row.length > 0;
}
