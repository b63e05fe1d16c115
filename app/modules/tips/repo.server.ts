import type { Transfer } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";

// Tips are payments of kind 'tip' with no booking (decision records 086 and 087): what the earnings
// desk reads of them is the payments row itself (session, player, amount, destination, fee).

/** The session as a tip needs it: its DM, times, state, currency and title. */
export function findTipSession(db: Database, sessionId: string) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .select([
      "s.id",
      "s.dm_id",
      "s.title",
      "s.starts_at",
      "s.duration_minutes",
      "s.status",
      "s.currency",
      "u.display_name as dm_display_name",
      "u.email as dm_email",
    ])
    .where("s.id", "=", sessionId)
    .executeTakeFirst();
}

/** The player's seat in the session, a seat kept to the end first (a cancelled earlier one says nothing). */
export function findSeat(db: Database, sessionId: string, userId: string) {
  return db
    .selectFrom("bookings")
    .select(["status", "attendance"])
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .orderBy((eb) => eb.case().when("status", "in", ["CONFIRMED", "COMPLETED"]).then(0).else(1).end())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

const tipColumns = [
  "id",
  "session_id",
  "user_id",
  "method",
  "status",
  "amount_cents",
  "currency",
  "checkout_url",
  "voucher_reference",
  "voucher_url",
  "voucher_expires_at",
  "transfer_destination",
  "application_fee_cents",
  "paid_at",
  "created_at",
] as const;

export type TipRow = NonNullable<Awaited<ReturnType<typeof findTip>>>;

/**
 * The tip the form with `formKey` made, made now if it is the first time the form arrives: the
 * unique (player, key) index decides it in this one statement, so two sends at once (a double
 * click, a retried post) make one payment and both read it back. The no-op update on a conflict
 * is what lets the statement return the row that was there.
 */
export async function insertTipOnce(
  db: Database,
  tip: {
    sessionId: string;
    userId: string;
    formKey: string;
    provider: string;
    method: "CARD" | "OXXO";
    amountCents: number;
    currency: string;
    transfer: Transfer;
    now: Date;
  },
) {
  return db
    .insertInto("payments")
    .values({
      kind: "tip",
      booking_id: null,
      session_id: tip.sessionId,
      user_id: tip.userId,
      form_key: tip.formKey,
      provider: tip.provider,
      method: tip.method,
      amount_cents: tip.amountCents,
      currency: tip.currency,
      status: "creating",
      transfer_destination: tip.transfer.destination,
      application_fee_cents: tip.transfer.applicationFeeCents,
      created_at: tip.now,
      updated_at: tip.now,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "form_key"])
        .where("form_key", "is not", null)
        .doUpdateSet((eb) => ({ form_key: eb.ref("excluded.form_key") })),
    )
    .returning(tipColumns)
    .executeTakeFirstOrThrow();
}

/** A tip of this player's, by its payment id; none for anyone else, nor for a seat's payment. */
export function findTip(db: Database, paymentId: string, userId: string) {
  return db.selectFrom("payments").select(tipColumns).where("id", "=", paymentId).where("user_id", "=", userId).where("kind", "=", "tip").executeTakeFirst();
}

/** The player's latest tip for the session, if any (the page shows it, paid or waiting). */
export function latestTipOf(db: Database, sessionId: string, userId: string) {
  return db
    .selectFrom("payments")
    .select(tipColumns)
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("kind", "=", "tip")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/**
 * What the provider gave for a tip just started (its page, or its voucher), or that it could not
 * start: written only while the row is still 'creating', so a webhook that arrived first wins.
 */
export async function startedTip(
  db: Database,
  paymentId: string,
  set: Partial<{
    status: "requires_action" | "requires_payment_method" | "failed";
    provider_ref: string;
    payment_intent_ref: string;
    checkout_url: string;
    voucher_reference: string;
    voucher_url: string | null;
    voucher_expires_at: Date;
  }>,
  now: Date,
) {
  await db
    .updateTable("payments")
    .set({ ...set, updated_at: now })
    .where("id", "=", paymentId)
    .where("status", "=", "creating")
    .execute();
}
