import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { type PayDeps, startCardCheckout, startCardIntent } from "../../app/modules/payments/payments.server";
import { boletoHoldUntil, cardHoldUntil, oxxoHoldUntil } from "../../app/modules/payments/rules";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { now, paidSession as sessionOf, payTestDeps, person as someone, secret } from "./pay-fixtures";

useTestDatabase();

// Monday 2 November 2026, 10:00 in Mexico City (the fixtures' now); the sessions start weeks later.
const startsAt = new Date("2026-11-30T02:00:00Z");

const person = (role: "user" | "dm" = "user") => someone(role, { preferredLanguage: "pt", timeZone: "America/Sao_Paulo" });

async function paidSession(currency: string, extra: Record<string, unknown> = {}) {
  const host = await person("dm");
  return sessionOf(host.id, 2, {
    title: "A cripta",
    starts_at: startsAt,
    time_zone: "America/Sao_Paulo",
    currency,
    allowed_payment_methods: currency === "MXN" ? ["CARD", "OXXO"] : ["CARD"],
    ...extra,
  });
}

const bookingOf = (id: string) => getDb().selectFrom("bookings").select(["status", "hold_until"]).where("id", "=", id).executeTakeFirstOrThrow();
const paymentOf = (bookingId: string) =>
  getDb()
    .selectFrom("payments")
    .select(["status", "payment_method_type", "voucher_reference", "voucher_url", "voucher_expires_at", "payment_intent_ref"])
    .where("booking_id", "=", bookingId)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();

let counter = 0;
/** A Stripe-shaped event, signed as Stripe signs it, handed to the webhook handler. */
async function send(deps: PayDeps, type: string, object: Record<string, unknown>, id = `evt_test_${++counter}`) {
  const payload = JSON.stringify({ id, object: "event", type, created: Math.floor(deps.now.getTime() / 1000), data: { object } });
  return handleWebhook(deps, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: secret() }));
}

const intent = (started: { paymentIntentId: string; bookingId: string }, extra: Record<string, unknown>) => ({
  id: started.paymentIntentId,
  object: "payment_intent",
  amount: 25000,
  metadata: {},
  ...extra,
});

async function cardIntent(deps: PayDeps, currency: string, country: string) {
  const player = await person();
  const sessionId = await paidSession(currency);
  const started = await startCardIntent(deps, player, { sessionId, country });
  if (!started.ok) throw new Error(started.refusal);
  return { ...started, player, sessionId };
}

describe("a delayed method chosen inside a card payment", () => {
  it("OXXO: keeps the voucher where the OXXO flow keeps it, holds the seat until it lapses plus a Mexican business day, once per event", async () => {
    const { deps } = payTestDeps();
    const started = await cardIntent(deps, "MXN", "MX");
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(cardHoldUntil(now));
    const expiresAfter = Math.floor(new Date("2026-11-06T05:59:00Z").getTime() / 1000);
    const event = intent(started, {
      currency: "mxn",
      status: "requires_action",
      payment_method_types: ["card", "oxxo"],
      next_action: {
        type: "oxxo_display_details",
        oxxo_display_details: { number: "123456789012345678", hosted_voucher_url: "https://payments.stripe.com/oxxo/voucher/x", expires_after: expiresAfter },
      },
    });
    expect(await send(deps, "payment_intent.requires_action", event, "evt_oxxo_1")).toEqual({ ok: true, outcome: "holdExtended" });
    const held = oxxoHoldUntil(new Date(expiresAfter * 1000));
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(held);
    expect(await paymentOf(started.bookingId)).toMatchObject({
      status: "requires_action",
      payment_method_type: "oxxo",
      voucher_reference: "123456789012345678",
      voucher_url: "https://payments.stripe.com/oxxo/voucher/x",
    });
    // A replay changes nothing; the same voucher again does not move the hold.
    expect(await send(deps, "payment_intent.requires_action", event, "evt_oxxo_1")).toEqual({ ok: true, outcome: "duplicate" });
    expect(await send(deps, "payment_intent.processing", { ...event, status: "processing", next_action: null })).toEqual({ ok: true, outcome: "processing" });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(held);
    // Another card try from the same player renews nothing shorter: the voucher may still be paid.
    const again = await startCardIntent(deps, started.player, { sessionId: started.sessionId, country: "MX" });
    expect(again).toMatchObject({ ok: true, bookingId: started.bookingId });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(held);
    // Paid at the till: confirmed.
    const paid = { ...event, status: "succeeded", next_action: null, latest_charge: { object: "charge", payment_method_details: { type: "oxxo" } } };
    expect(await send(deps, "payment_intent.succeeded", paid)).toEqual({ ok: true, outcome: "confirmed" });
    expect(await bookingOf(started.bookingId)).toMatchObject({ status: "CONFIRMED" });
    const paidRow = await getDb()
      .selectFrom("payments")
      .select(["status", "payment_method_type"])
      .where("payment_intent_ref", "=", started.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(paidRow).toEqual({ status: "succeeded", payment_method_type: "oxxo" });
  });

  it("boleto: holds until the slip lapses plus a Brazilian banking day; an unpaid slip frees the seat", async () => {
    const { deps } = payTestDeps();
    const started = await cardIntent(deps, "BRL", "BR");
    // Lapses Thursday 5 November 23:59 in São Paulo: held through Friday 6 November.
    const expiresAt = Math.floor(new Date("2026-11-06T02:59:00Z").getTime() / 1000);
    const event = intent(started, {
      currency: "brl",
      status: "requires_action",
      next_action: {
        type: "boleto_display_details",
        boleto_display_details: {
          number: "34191.79001 01043.510047 91020.150008 1 84120000025000",
          hosted_voucher_url: "https://payments.stripe.com/boleto/x",
          expires_at: expiresAt,
        },
      },
    });
    expect(await send(deps, "payment_intent.requires_action", event)).toMatchObject({ outcome: "holdExtended" });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(boletoHoldUntil(new Date(expiresAt * 1000)));
    expect(new Date((await bookingOf(started.bookingId)).hold_until!).toISOString()).toBe("2026-11-07T02:59:59.000Z");
    expect(await paymentOf(started.bookingId)).toMatchObject({ payment_method_type: "boleto", voucher_reference: expect.stringContaining("34191") });
    expect(await send(deps, "payment_intent.payment_failed", { ...event, status: "requires_payment_method", next_action: null })).toMatchObject({
      outcome: "released",
    });
    expect(await bookingOf(started.bookingId)).toMatchObject({ status: "EXPIRED" });
    expect(await paymentOf(started.bookingId)).toMatchObject({ status: "failed" });
  });

  it("Pix: stays on the card hold unless its code lives longer, and a hold is never shortened", async () => {
    const { deps } = payTestDeps();
    const started = await cardIntent(deps, "BRL", "BR");
    const cardHold = cardHoldUntil(now);
    const pix = (minutes: number) =>
      intent(started, {
        currency: "brl",
        status: "requires_action",
        next_action: { type: "pix_display_qr_code", pix_display_qr_code: { data: "000201", expires_at: Math.floor(now.getTime() / 1000) + minutes * 60 } },
      });
    expect(await send(deps, "payment_intent.requires_action", pix(26))).toMatchObject({ outcome: "actionNeeded" });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(cardHold);
    expect(await paymentOf(started.bookingId)).toMatchObject({ payment_method_type: "pix", voucher_reference: null });
    expect(await send(deps, "payment_intent.requires_action", pix(90))).toMatchObject({ outcome: "holdExtended" });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(new Date(now.getTime() + 90 * 60_000));
    // A failed Pix is another card-like try within the hold: the seat stays.
    expect(await send(deps, "payment_intent.payment_failed", { ...pix(90), next_action: null })).toMatchObject({ outcome: "failed" });
    expect(await bookingOf(started.bookingId)).toMatchObject({ status: "PENDING_PAYMENT" });
    // A slip lapsing before the hold already granted (a longer one set aside here) leaves the hold alone.
    const far = new Date("2026-11-20T00:00:00Z");
    await getDb().updateTable("bookings").set({ hold_until: far }).where("id", "=", started.bookingId).execute();
    const slip = intent(started, {
      currency: "brl",
      status: "requires_action",
      next_action: { type: "boleto_display_details", boleto_display_details: { number: "23790", expires_at: Math.floor(now.getTime() / 1000) + 86_400 } },
    });
    expect(await send(deps, "payment_intent.requires_action", slip)).toMatchObject({ outcome: "actionNeeded" });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(far);
  });

  it("Checkout: a slip chosen on the hosted page leaves it completed unpaid; async_payment_succeeded confirms, async_payment_failed frees the seat", async () => {
    const { deps } = payTestDeps();
    for (const outcome of ["succeeded", "failed"] as const) {
      const player = await person();
      const sessionId = await paidSession("BRL");
      const started = await startCardCheckout(deps, player, { sessionId, lang: "pt" });
      if (!started.ok) throw new Error(started.refusal);
      const payment = await getDb().selectFrom("payments").select(["id", "provider_ref"]).where("booking_id", "=", started.bookingId).executeTakeFirstOrThrow();
      const session = {
        id: payment.provider_ref,
        object: "checkout.session",
        amount_total: 25000,
        currency: "brl",
        payment_intent: `pi_checkout_${outcome}`,
        metadata: { paymentId: payment.id },
      };
      expect(await send(deps, "checkout.session.completed", { ...session, status: "complete", payment_status: "unpaid" })).toMatchObject({
        outcome: "processing",
      });
      const slip = {
        id: `pi_checkout_${outcome}`,
        object: "payment_intent",
        amount: 25000,
        currency: "brl",
        status: "requires_action",
        metadata: { paymentId: payment.id },
        next_action: {
          type: "boleto_display_details",
          boleto_display_details: { number: "23790", expires_at: Math.floor(new Date("2026-11-06T02:59:00Z").getTime() / 1000) },
        },
      };
      expect(await send(deps, "payment_intent.requires_action", slip)).toMatchObject({ outcome: "holdExtended" });
      expect(await paymentOf(started.bookingId)).toMatchObject({
        status: "requires_action",
        payment_method_type: "boleto",
        payment_intent_ref: `pi_checkout_${outcome}`,
      });
      if (outcome === "succeeded") {
        expect(await send(deps, "checkout.session.async_payment_succeeded", { ...session, status: "complete", payment_status: "paid" })).toMatchObject({
          outcome: "confirmed",
        });
        expect(await bookingOf(started.bookingId)).toMatchObject({ status: "CONFIRMED" });
      } else {
        expect(await send(deps, "checkout.session.async_payment_failed", { ...session, status: "complete", payment_status: "unpaid" })).toMatchObject({
          outcome: "released",
        });
        expect(await bookingOf(started.bookingId)).toMatchObject({ status: "EXPIRED" });
      }
    }
  });
});

describe("the offline adapter's test page choices", () => {
  it("MXN card intent: offers card and OXXO; OXXO with 'need action' issues a voucher that extends the hold, and a later success confirms", async () => {
    const { deps, offline } = payTestDeps();
    const started = await cardIntent(deps, "MXN", "MX");
    const record = (await offline.find(started.paymentIntentId))!;
    expect(record.payment_method_types).toEqual(["card", "oxxo"]);
    expect(await offline.act(started.paymentIntentId, "requireAction", "boleto")).toEqual({ ok: false, error: "notAllowed" });
    expect(await offline.act(started.paymentIntentId, "requireAction", "oxxo")).toEqual({ ok: true, redirectTo: null });
    const issued = (await offline.find(started.paymentIntentId))!;
    expect(issued).toMatchObject({ payment_method_type: "oxxo", status: "requires_action" });
    expect(issued.voucher_reference).toMatch(/^\d{18}$/);
    expect(await paymentOf(started.bookingId)).toMatchObject({ payment_method_type: "oxxo", voucher_reference: issued.voucher_reference });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(oxxoHoldUntil(new Date(issued.expires_at!)));
    expect(await offline.act(started.paymentIntentId, "succeed", "oxxo")).toEqual({ ok: true, redirectTo: null });
    expect(await bookingOf(started.bookingId)).toMatchObject({ status: "CONFIRMED" });
    expect(await paymentOf(started.bookingId)).toMatchObject({ status: "succeeded", payment_method_type: "oxxo" });
  });

  it("BRL hosted page: offers card, boleto and Pix; a slip completes the page unpaid and holds the seat until paid", async () => {
    const { deps, offline } = payTestDeps();
    const player = await person();
    const started = await startCardCheckout(deps, player, { sessionId: await paidSession("BRL"), lang: "pt" });
    if (!started.ok) throw new Error(started.refusal);
    const id = started.url.split("/").at(-1)!;
    expect((await offline.find(id))!.payment_method_types).toEqual(["card", "boleto", "pix"]);
    expect(await offline.act(id, "requireAction", "boleto")).toEqual({ ok: true, redirectTo: expect.stringContaining("?payment=success") });
    const issued = (await offline.find(id))!;
    expect(issued).toMatchObject({ status: "awaiting_payment", payment_method_type: "boleto" });
    expect(issued.voucher_reference).toMatch(/^\d{47}$/);
    expect(await paymentOf(started.bookingId)).toMatchObject({
      status: "processing",
      payment_method_type: "boleto",
      voucher_reference: issued.voucher_reference,
    });
    expect(new Date((await bookingOf(started.bookingId)).hold_until!)).toEqual(boletoHoldUntil(new Date(issued.expires_at!)));
    expect(await offline.act(id, "succeed", "boleto")).toEqual({ ok: true, redirectTo: null });
    expect(await bookingOf(started.bookingId)).toMatchObject({ status: "CONFIRMED" });
  });

  it("USD from the United States: Klarna is offered and named on the charge when it pays", async () => {
    const { deps, offline } = payTestDeps();
    const started = await cardIntent(deps, "USD", "US");
    expect((await offline.find(started.paymentIntentId))!.payment_method_types).toEqual(["card", "klarna"]);
    await offline.act(started.paymentIntentId, "succeed", "klarna");
    expect(await bookingOf(started.bookingId)).toMatchObject({ status: "CONFIRMED" });
    expect(await paymentOf(started.bookingId)).toMatchObject({ status: "succeeded", payment_method_type: "klarna" });
  });
});
