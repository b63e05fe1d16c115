import { insertTakenCardPayment } from "../../app/services/payments/offline-repo.server";
import { getDb } from "../../db/client.server";

const HOUR = 3_600_000;

/**
 * The refunds desk's demo (decision record 064): Camila paid 120 MXN by card for Bruno's vampire
 * night, gave up her seat days before it, and every request for her refund failed while the
 * provider was down, so it waits in /admin/refunds for an admin to retry. The offline provider
 * holds her charge, so a retry refunds it in full.
 */
export async function seedRefundStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const camila = idOf("camila@mesa.test");
  const session = await db
    .selectFrom("sessions")
    .select(["id", "starts_at", "price_cents", "currency"])
    .where("title", "=", "Noite de Vampiro: A Máscara")
    .executeTakeFirst();
  if (!camila || !session) return 0;
  // Already there (a second seed run): nothing to add.
  const existing = await db.selectFrom("bookings").select("id").where("session_id", "=", session.id).where("user_id", "=", camila).executeTakeFirst();
  if (existing) return 0;
  const startsAt = new Date(session.starts_at);
  const paidAt = new Date(startsAt.getTime() - 9 * 24 * HOUR);
  const cancelledAt = new Date(startsAt.getTime() - 4 * 24 * HOUR);
  const booking = await db
    .insertInto("bookings")
    .values({
      session_id: session.id,
      user_id: camila,
      status: "CANCELLED",
      payment_method: "CARD",
      amount_cents: session.price_cents,
      currency: session.currency,
      cancelled_by: "PLAYER",
      cancelled_at: cancelledAt,
      created_at: paidAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const intent = await insertTakenCardPayment(db, {
    amountCents: session.price_cents,
    currency: session.currency,
    metadata: { bookingId: booking.id, sessionId: session.id },
    billingName: "Camila",
    billingEmail: "camila@mesa.test",
    at: paidAt,
  });
  await db
    .insertInto("payments")
    .values({
      booking_id: booking.id,
      session_id: (eb) => eb.selectFrom("bookings").select("session_id").where("id", "=", booking.id),
      user_id: camila,
      provider: "offline",
      method: "CARD",
      payment_intent_ref: intent.id,
      payment_method_type: "card",
      amount_cents: session.price_cents,
      currency: session.currency,
      status: "refund_failed",
      refund_reason: "customer_request",
      refund_attempts: 6,
      refund_next_try_at: null,
      refund_error: "StripeConnectionError: An error occurred with our connection to Stripe. Request was retried 2 times.",
      created_at: paidAt,
      updated_at: new Date(Math.min(now.getTime(), cancelledAt.getTime() + 11 * HOUR)),
    })
    .execute();
  return 1;
}
