import { oxxoHoldUntil } from "../../app/modules/payments/rules";
import { platformFeeBps } from "../../app/modules/payouts/fee-setting.server";
import { applicationFee } from "../../app/modules/payouts/fees";
import { insertOfflineIntent, insertTakenCardPayment } from "../../app/services/payments/offline-repo.server";
import { oxxoNumber, rand } from "../../app/services/payments/offline-shapes.server";
import { getDb } from "../../db/client.server";

const DAY = 86_400_000;
const PRICE = 25_000;

type Pay = { player: string; method: "CARD" | "OXXO"; daysAgo: number; outcome: "paid" | "refunded" | "lapsed"; refundedDaysAgo?: number };

/**
 * Ana's month of earnings (decision record 086), as the payment flows and the offline provider
 * would have left it: three games she ran in the last four weeks with seats paid by card and at
 * OXXO (one refunded when its player left in time, one voucher that lapsed unpaid), a tip after a
 * game, an OXXO voucher still waiting to be paid for her next game, and her payouts: one paid, one
 * that failed (a closed bank account), and the retry that paid it. Each charge is a destination
 * charge to her account with the platform's fee, and the offline provider holds the same records,
 * so its hourly payout run goes on from here without paying anything twice.
 */
export async function seedEarningsStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const [ana, mateo, lucia, camila, sam] = ["ana.dm@mesa.test", "mateo@mesa.test", "lucia@mesa.test", "camila@mesa.test", "sam@mesa.test"].map(idOf);
  if (!ana || !mateo || !lucia || !camila || !sam) return 0;
  const account = await db.selectFrom("payout_accounts").select("account_ref").where("user_id", "=", ana).executeTakeFirst();
  if (!account) return 0;
  // Already there (a second seed run): nothing to add.
  if (await db.selectFrom("offline_payouts").select("id").where("account_id", "=", account.account_ref).executeTakeFirst()) return 0;
  const fee = applicationFee(PRICE, platformFeeBps());
  const transfer = { destination: account.account_ref, applicationFeeCents: fee };
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  async function game(title: string, daysAgo: number, status: "COMPLETED" | "UPCOMING") {
    const row = await db
      .insertInto("sessions")
      .values({
        dm_id: ana!,
        title,
        game: "D&D 5e",
        description: "Una partida autoconclusiva para cinco personajes de nivel 5.",
        starts_at: ago(daysAgo),
        time_zone: "America/Mexico_City",
        duration_minutes: 240,
        max_participants: 5,
        min_participants: 2,
        price_cents: PRICE,
        currency: "MXN",
        allowed_payment_methods: ["CARD", "OXXO"],
        status: "UPCOMING",
        created_at: ago(daysAgo + 14),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, status };
  }

  async function seat(session: { id: string }, pay: Pay) {
    const at = ago(pay.daysAgo);
    const booking = await db
      .insertInto("bookings")
      .values({
        session_id: session.id,
        user_id: pay.player,
        status: pay.outcome === "paid" ? "CONFIRMED" : pay.outcome === "refunded" ? "CANCELLED" : "EXPIRED",
        payment_method: pay.method,
        amount_cents: PRICE,
        currency: "MXN",
        created_at: at,
        ...(pay.outcome === "refunded" ? { cancelled_by: "PLAYER", cancelled_at: ago(pay.refundedDaysAgo!) } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const method = pay.method === "OXXO" ? "oxxo" : "card";
    const intent =
      pay.outcome === "lapsed"
        ? null
        : await insertTakenCardPayment(db, {
            amountCents: PRICE,
            currency: "MXN",
            metadata: { bookingId: booking.id, sessionId: session.id },
            billingName: null,
            billingEmail: null,
            at,
            transfer,
            method,
          });
    if (intent && pay.outcome === "refunded") {
      await insertOfflineIntent(db, {
        ...intent,
        id: `re_offline_${rand()}`,
        kind: "refund",
        payment_intent_id: intent.id,
        idempotency_key: null,
        metadata: { bookingId: booking.id, reason: "customer_request" },
        reverse_transfer: true,
        created_at: ago(pay.refundedDaysAgo!),
      });
    }
    await db
      .insertInto("payments")
      .values({
        booking_id: booking.id,
        session_id: session.id,
        user_id: pay.player,
        provider: "offline",
        method: pay.method,
        payment_intent_ref: intent?.id ?? null,
        payment_method_type: method,
        amount_cents: PRICE,
        currency: "MXN",
        status: pay.outcome === "paid" ? "succeeded" : pay.outcome === "refunded" ? "refunded" : "failed",
        transfer_destination: transfer.destination,
        application_fee_cents: fee,
        ...(pay.outcome === "refunded" ? { refund_reason: "customer_request", paid_at: at, refunded_at: ago(pay.refundedDaysAgo!) } : {}),
        created_at: at,
        updated_at: pay.outcome === "refunded" ? ago(pay.refundedDaysAgo!) : at,
      })
      .execute();
  }

  const tomb = await game("La Tumba de los Horrores", 24, "COMPLETED");
  const cellar = await game("El Sótano del Mago", 12, "COMPLETED");
  const oneShot = await game("Noche de one-shot: El Faro", 4, "COMPLETED");
  const next = await game("Mesa abierta de diciembre", -9, "UPCOMING");
  const plan: [typeof tomb, Pay][] = [
    [tomb, { player: mateo, method: "CARD", daysAgo: 30, outcome: "paid" }],
    [tomb, { player: lucia, method: "CARD", daysAgo: 29, outcome: "paid" }],
    [tomb, { player: camila, method: "CARD", daysAgo: 29, outcome: "refunded", refundedDaysAgo: 26 }],
    [tomb, { player: sam, method: "OXXO", daysAgo: 28, outcome: "lapsed" }],
    [cellar, { player: mateo, method: "CARD", daysAgo: 18, outcome: "paid" }],
    [cellar, { player: lucia, method: "CARD", daysAgo: 17, outcome: "paid" }],
    [cellar, { player: camila, method: "OXXO", daysAgo: 16, outcome: "paid" }],
    [oneShot, { player: mateo, method: "CARD", daysAgo: 9, outcome: "paid" }],
    [oneShot, { player: sam, method: "CARD", daysAgo: 8, outcome: "paid" }],
  ];
  for (const [session, pay] of plan) await seat(session, pay);
  for (const s of [tomb, cellar, oneShot]) await db.updateTable("sessions").set({ status: s.status }).where("id", "=", s.id).execute();

  // Mateo's tip after the cellar: 100 MXN by card, the fee applies (a payment with no seat).
  const tipAt = ago(11);
  const tipFee = applicationFee(10_000, platformFeeBps());
  const tipIntent = await insertTakenCardPayment(db, {
    amountCents: 10_000,
    currency: "MXN",
    metadata: { sessionId: cellar.id, kind: "tip" },
    billingName: null,
    billingEmail: null,
    at: tipAt,
    transfer: { destination: transfer.destination, applicationFeeCents: tipFee },
  });
  await db
    .insertInto("payments")
    .values({
      kind: "tip",
      booking_id: null,
      session_id: cellar.id,
      user_id: mateo,
      provider: "offline",
      method: "CARD",
      payment_intent_ref: tipIntent.id,
      payment_method_type: "card",
      amount_cents: 10_000,
      currency: "MXN",
      status: "succeeded",
      transfer_destination: transfer.destination,
      application_fee_cents: tipFee,
      created_at: tipAt,
      updated_at: tipAt,
    })
    .execute();

  // Lucía's voucher for the next game, issued yesterday and not paid yet: her seat is held for it.
  const issued = ago(1);
  const expires = new Date(issued.getTime() + 3 * DAY);
  const voucher = await insertOfflineIntent(db, {
    id: `pi_offline_${rand()}`,
    kind: "oxxo",
    amount_cents: PRICE,
    currency: "MXN",
    status: "requires_action",
    metadata: { sessionId: next.id },
    billing_name: "Lucía Hernández",
    billing_email: "lucia@mesa.test",
    voucher_reference: oxxoNumber(),
    expires_at: expires,
    success_url: null,
    cancel_url: null,
    payment_intent_id: null,
    idempotency_key: null,
    payment_method_types: ["oxxo"],
    payment_method_type: "oxxo",
    voucher_days: 3,
    pix_seconds: 86_400,
    transfer_destination: transfer.destination,
    application_fee_cents: fee,
    reverse_transfer: false,
    created_at: issued,
  });
  const held = await db
    .insertInto("bookings")
    .values({
      session_id: next.id,
      user_id: lucia,
      status: "PENDING_PAYMENT",
      payment_method: "OXXO",
      amount_cents: PRICE,
      currency: "MXN",
      hold_until: oxxoHoldUntil(expires),
      created_at: issued,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("payments")
    .values({
      booking_id: held.id,
      session_id: next.id,
      user_id: lucia,
      provider: "offline",
      method: "OXXO",
      provider_ref: voucher.id,
      payment_intent_ref: voucher.id,
      payment_method_type: "oxxo",
      amount_cents: PRICE,
      currency: "MXN",
      status: "requires_action",
      voucher_reference: voucher.voucher_reference,
      voucher_expires_at: expires,
      transfer_destination: transfer.destination,
      application_fee_cents: fee,
      created_at: issued,
      updated_at: issued,
    })
    .execute();

  // Her payouts: the tomb's two seats; the cellar's three, to a bank account since closed; and their retry with the tip.
  const net = PRICE - fee;
  const payouts = [
    { daysAgo: 22, amount: 2 * net, status: "paid" as const },
    { daysAgo: 10, amount: 3 * net, status: "failed" as const },
    { daysAgo: 7, amount: 3 * net + (10_000 - tipFee), status: "paid" as const },
  ];
  for (const p of payouts) {
    const id = `po_offline_${rand()}`;
    const at = ago(p.daysAgo);
    await db
      .insertInto("offline_payouts")
      .values({ id, account_id: transfer.destination, amount_cents: p.amount, currency: "MXN", status: p.status, created_at: at })
      .execute();
    await db
      .insertInto("payouts")
      .values({
        id,
        account_ref: transfer.destination,
        user_id: ana,
        amount_cents: p.amount,
        currency: "MXN",
        status: p.status,
        arrival_date: at,
        failure_code: p.status === "failed" ? "account_closed" : null,
        failure_message: p.status === "failed" ? "The bank account has been closed." : null,
        provider_created_at: at,
        state_event_at: at,
        updated_at: at,
      })
      .execute();
  }
  return plan.length + 2;
}

/**
 * Bruno's account after the demo's paid stories: Stripe asked him for his ID number and a bank
 * account, so his payouts page lists them and new paid bookings of his sessions wait for them
 * (the seats already sold stay), as its `account.updated` event would have left it.
 */
export async function askBrunoForDetails(idOf: (email: string) => string | undefined, now: Date) {
  const bruno = idOf("bruno.dm@mesa.test");
  if (!bruno) return 0;
  const requirements = {
    currently_due: ["individual.id_number", "external_account"],
    past_due: [],
    pending_verification: [],
    disabled_reason: "requirements.past_due",
  };
  const db = getDb();
  const account = await db.selectFrom("payout_accounts").select("account_ref").where("user_id", "=", bruno).executeTakeFirst();
  if (!account) return 0;
  await db
    .updateTable("offline_connect_accounts")
    .set({ charges_enabled: false, payouts_enabled: false, details_submitted: true, requirements: JSON.stringify(requirements) })
    .where("id", "=", account.account_ref)
    .execute();
  await db
    .updateTable("payout_accounts")
    .set({
      state: "details_needed",
      charges_enabled: false,
      payouts_enabled: false,
      ever_active: false,
      requirements: JSON.stringify(requirements.currently_due),
      disabled_reason: requirements.disabled_reason,
      state_event_at: now,
      updated_at: now,
    })
    .where("user_id", "=", bruno)
    .execute();
  return 1;
}
