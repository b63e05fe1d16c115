import { describe, expect, it } from "vitest";
import { ACTIVE_BOOKING_STATUSES } from "../../app/modules/bookings/rules";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { type PayDeps, startCardCheckout, startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { CARD_HOLD_MINUTES, oxxoHoldUntil } from "../../app/modules/payments/rules";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { action as webhookRoute } from "../../app/routes/api.webhooks.stripe";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { bookingsOf, counter, notificationsOf, now, paidSession, paymentsOf, payTestDeps, person, secret } from "./pay-fixtures";
import { run } from "./route";

useTestDatabase();

describe("OXXO", () => {
  it("holds the seat until the voucher lapses plus a Mexican business day, mails the voucher, and the webhook alone confirms it", async () => {
    const { deps, offline, delivered, mails } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 3);
    const started = await startOxxoPayment(deps, player, { sessionId: id, firstName: "Ana", lastName: "Robles" });
    if (!started.ok) throw new Error(started.refusal);
    expect(started.reference).toMatch(/^\d{18}$/);
    expect(started.amountCents).toBe(25000);
    // Created Monday 2 Nov 10:00 Mexico City, 3 days: lapses Thursday 5 Nov 23:59 local, held through Friday 6 Nov.
    expect(started.expiresAt.toISOString()).toBe("2026-11-06T05:59:00.000Z");
    const [booking] = await bookingsOf(id);
    expect(booking).toMatchObject({ status: "PENDING_PAYMENT", payment_method: "OXXO", amount_cents: 25000 });
    expect(new Date(booking!.hold_until!).toISOString()).toBe(oxxoHoldUntil(started.expiresAt).toISOString());
    expect(new Date(booking!.hold_until!).toISOString()).toBe("2026-11-07T05:59:59.000Z");
    expect(await counter(id)).toBe(1);
    const [mail] = await mails();
    expect(mail?.to).toBe(player.email);
    expect(mail?.subject).toBe("Tu ficha OXXO para La cripta");
    expect(mail?.text).toContain(started.reference);

    // The same form sent twice finds the same voucher and holds one seat.
    const again = await startOxxoPayment(deps, player, { sessionId: id, firstName: "Ana", lastName: "Robles" });
    expect(again).toMatchObject({ ok: true, bookingId: started.bookingId, reference: started.reference });
    expect(await bookingsOf(id)).toHaveLength(1);
    expect(delivered).toHaveLength(0);

    const [payment] = await paymentsOf(started.bookingId);
    expect(await offline.act(payment!.provider_ref!, "succeed")).toEqual({ ok: true, redirectTo: null });
    expect((await bookingsOf(id))[0]).toMatchObject({ status: "CONFIRMED", hold_until: null });
    expect((await paymentsOf(started.bookingId))[0]?.status).toBe("succeeded");
    expect(await notificationsOf(player.id)).toEqual(["payment_received", "booking_confirmed"]);
    expect(await notificationsOf(host.id)).toEqual(["player_joined"]);

    // A replayed event changes nothing and is recognised.
    const replay = await handleWebhook(deps, delivered[0]!.payload, delivered[0]!.signature);
    expect(replay).toEqual({ ok: true, outcome: "duplicate" });
    expect(await notificationsOf(player.id)).toEqual(["payment_received", "booking_confirmed"]);
    expect(await counter(id)).toBe(1);
  });

  it("refuses sessions not in MXN, without OXXO, or starting too soon, changing nothing", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const usd = await paidSession(host.id, 3, { currency: "USD" });
    const cardOnly = await paidSession(host.id, 3, { allowed_payment_methods: ["CARD"] });
    const soon = await paidSession(host.id, 3, { starts_at: new Date(now.getTime() + 100 * 3_600_000) });
    const free = await paidSession(host.id, 3, { price_cents: 0 });
    const input = { firstName: "Ana", lastName: "Robles" };
    expect(await startOxxoPayment(deps, player, { sessionId: usd, ...input })).toEqual({ ok: false, refusal: "oxxoNotOffered" });
    expect(await startOxxoPayment(deps, player, { sessionId: cardOnly, ...input })).toEqual({ ok: false, refusal: "oxxoNotOffered" });
    expect(await startOxxoPayment(deps, player, { sessionId: soon, ...input })).toEqual({ ok: false, refusal: "oxxoTooClose" });
    expect(await startOxxoPayment(deps, player, { sessionId: free, ...input })).toEqual({ ok: false, refusal: "isFree" });
    expect(await startOxxoPayment(deps, player, { sessionId: "00000000-0000-4000-8000-000000000000", ...input })).toEqual({ ok: false, refusal: "notFound" });
    expect(await startOxxoPayment(deps, host, { sessionId: usd, ...input })).toEqual({ ok: false, refusal: "ownSession" });
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
    expect(await getDb().selectFrom("payments").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
  });

  it("a voucher that lapses unpaid frees the seat for the line; a late payment retakes a free seat, or is refunded when none is left", async () => {
    const { deps, offline } = payTestDeps();
    const host = await person("dm");
    const [p1, p2, p3] = [await person(), await person(), await person()];
    const id = await paidSession(host.id, 1);
    const first = await startOxxoPayment(deps, p1, { sessionId: id, firstName: "Ana", lastName: "Robles" });
    if (!first.ok) throw new Error(first.refusal);
    const pi = (await paymentsOf(first.bookingId))[0]!.provider_ref!;
    await offline.act(pi, "expire");
    expect((await bookingsOf(id))[0]?.status).toBe("EXPIRED");
    expect(await counter(id)).toBe(0);
    // The player hears that their seat went with the voucher.
    expect(await notificationsOf(p1.id)).toEqual(["payment_failed"]);
    // The seat is free again: a late payment (reported after the voucher lapsed) takes it back.
    // (The offline adapter refuses to act twice on a lapsed intent, so the provider's late event is sent by hand.)
    const late = await lateSuccess(deps, first.bookingId);
    expect(late).toEqual({ ok: true, outcome: "retaken" });
    expect((await bookingsOf(id))[0]?.status).toBe("CONFIRMED");

    // Second round: p2 holds, lapses, p3 takes the seat, then p2's money arrives and goes back.
    const id2 = await paidSession(host.id, 1);
    const second = await startOxxoPayment(deps, p2, { sessionId: id2, firstName: "Beto", lastName: "Díaz" });
    if (!second.ok) throw new Error(second.refusal);
    await offline.act((await paymentsOf(second.bookingId))[0]!.provider_ref!, "expire");
    const third = await startOxxoPayment(deps, p3, { sessionId: id2, firstName: "Caro", lastName: "Núñez" });
    expect(third.ok).toBe(true);
    const refunded = await lateSuccess(deps, second.bookingId);
    expect(refunded).toEqual({ ok: true, outcome: "refunding" });
    const [p2Booking] = (await bookingsOf(id2)).filter((b) => b.user_id === p2.id);
    expect(p2Booking?.status).toBe("REFUNDED");
    expect((await paymentsOf(second.bookingId))[0]).toMatchObject({ status: "refunded", refund_reason: "other" });
    expect(await notificationsOf(p2.id)).toEqual(["payment_failed", "refund_processed"]);
    expect(await counter(id2)).toBe(1);
  });
});

/** A payment_intent.succeeded for a booking's OXXO payment, signed as the provider would. */
async function lateSuccess(deps: PayDeps, bookingId: string) {
  const Stripe = (await import("stripe")).default;
  const [payment] = await paymentsOf(bookingId);
  const payload = JSON.stringify({
    id: `evt_late_${bookingId.slice(0, 8)}`,
    type: "payment_intent.succeeded",
    data: {
      object: {
        id: payment!.provider_ref,
        object: "payment_intent",
        amount: payment!.amount_cents,
        currency: "mxn",
        status: "succeeded",
        metadata: { paymentId: payment!.id, bookingId, sessionId: "x" },
      },
    },
  });
  return handleWebhook(deps, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: secret() }));
}

describe("card", () => {
  it("without JavaScript: a hosted page; a declined card keeps the hold, success confirms once, the cleanup job frees an abandoned hold", async () => {
    const { deps, offline, delivered, at } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const other = await person();
    const id = await paidSession(host.id, 2, { currency: "USD", allowed_payment_methods: ["CARD"] });
    const started = await startCardCheckout(deps, player, { sessionId: id, lang: "es" });
    if (!started.ok) throw new Error(started.refusal);
    expect(started.url).toMatch(/^\/es\/dev\/payments\/cs_offline_[0-9a-f]+$/);
    const csId = started.url.split("/").pop()!;
    expect(await offline.act(csId, "fail")).toEqual({ ok: true, redirectTo: null });
    expect((await bookingsOf(id))[0]?.status).toBe("PENDING_PAYMENT");
    expect(await offline.act(csId, "succeed")).toEqual({ ok: true, redirectTo: `http://localhost:3000/es/session/${id}?payment=success` });
    expect((await bookingsOf(id))[0]?.status).toBe("CONFIRMED");
    // payment_intent.succeeded confirmed it; checkout.session.completed found it settled.
    expect(delivered.map((d) => JSON.parse(d.payload).type)).toEqual([
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
      "checkout.session.completed",
    ]);
    // The declined try is told (payment_failed), then the payment and the seat.
    expect(await notificationsOf(player.id)).toEqual(["payment_failed", "payment_received", "booking_confirmed"]);
    expect((await paymentsOf((await bookingsOf(id))[0]!.id))[0]?.declined_at).not.toBeNull();

    // Another player opens the card page and walks away: the cleanup job gives the seat back after the hold.
    const abandoned = await startCardCheckout(deps, other, { sessionId: id, lang: "es" });
    expect(abandoned.ok).toBe(true);
    expect(await counter(id)).toBe(2);
    await expireLapsedHoldsAndOffers(at(new Date(now.getTime() + (CARD_HOLD_MINUTES - 1) * 60_000)));
    expect(await counter(id)).toBe(2);
    await expireLapsedHoldsAndOffers(at(new Date(now.getTime() + (CARD_HOLD_MINUTES + 1) * 60_000)));
    expect(await counter(id)).toBe(1);
    expect((await bookingsOf(id)).map((b) => b.status)).toEqual(["CONFIRMED", "EXPIRED"]);
  });

  it("handles events out of order: checkout completion before the intent's success, a failure after success", async () => {
    const { deps, offline } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 2);
    const started = await startCardIntent(deps, player, { sessionId: id });
    if (!started.ok) throw new Error(started.refusal);
    expect(started.clientSecret).toMatch(/^pi_offline_[0-9a-f]+_secret_/);
    await offline.act(started.paymentIntentId, "succeed");
    expect((await bookingsOf(id))[0]?.status).toBe("CONFIRMED");
    // A stale failure arriving after the success moves nothing.
    const Stripe = (await import("stripe")).default;
    const [payment] = await paymentsOf(started.bookingId);
    const payload = JSON.stringify({
      id: "evt_stale_failure",
      type: "payment_intent.payment_failed",
      data: { object: { id: started.paymentIntentId, object: "payment_intent", amount: 25000, currency: "mxn", metadata: { paymentId: payment!.id } } },
    });
    const answer = await handleWebhook(deps, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: secret() }));
    expect(answer).toEqual({ ok: true, outcome: "alreadySettled" });
    expect((await bookingsOf(id))[0]?.status).toBe("CONFIRMED");
    expect((await paymentsOf(started.bookingId))[0]?.status).toBe("succeeded");
  });

  it("a second successful payment of one booking is refunded as a duplicate", async () => {
    const { deps, offline, at } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 2);
    // The hosted page in one tab, the dialog in another: two payments of one booking.
    const first = await startCardCheckout(deps, player, { sessionId: id, lang: "es" });
    const second = await startCardIntent(at(new Date(now.getTime() + 60_000)), player, { sessionId: id });
    if (!first.ok || !second.ok) throw new Error("not started");
    expect(second.bookingId).toBe(first.bookingId);
    await offline.act(first.url.split("/").pop()!, "succeed");
    await offline.act(second.paymentIntentId, "succeed");
    const payments = await paymentsOf(first.bookingId);
    expect(payments.map((p) => [p.status, p.refund_reason])).toEqual([
      ["succeeded", null],
      ["refunded", "duplicate_payment"],
    ]);
    // The refund of the duplicate is recorded on its payment; the booking keeps its seat by the first.
    expect((await bookingsOf(id))[0]?.status).toBe("CONFIRMED");
    expect(await notificationsOf(player.id)).toEqual(["payment_received", "booking_confirmed", "refund_processed"]);
  });
});

describe("the seat invariant while paying", () => {
  it("parallel holds never take more seats than the session has", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    const id = await paidSession(host.id, 2);
    const players = await Promise.all(Array.from({ length: 8 }, () => person()));
    const results = await Promise.all(
      players.map((p, i) =>
        i % 2 === 0
          ? startOxxoPayment(deps, p, { sessionId: id, firstName: "Ana", lastName: "Robles" })
          : startCardCheckout(deps, p, { sessionId: id, lang: "es" }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).map((r) => (r as { refusal: string }).refusal)).toEqual(Array(6).fill("sessionFull"));
    const active = (await bookingsOf(id)).filter((b) => (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(b.status));
    expect(active).toHaveLength(2);
    expect(await counter(id)).toBe(2);
  });
});

describe("the webhook route", () => {
  const post = (body: string, signature?: string) =>
    new Request("http://localhost:3000/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
      body,
    });

  it("refuses a forged or unsigned event with 400 and stores nothing", async () => {
    const Stripe = (await import("stripe")).default;
    const payload = JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: { id: "pi_x", metadata: {} } } });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const a = await run(webhookRoute, post(payload, forged));
    expect(a.status).toBe(400);
    expect((a.data as { error: string }).error).toMatch(/signature/i);
    expect((await run(webhookRoute, post(payload))).status).toBe(400);
    const tampered = Stripe.webhooks.generateTestHeaderString({ payload, secret: secret() });
    expect((await run(webhookRoute, post(payload.replace("pi_x", "pi_y"), tampered))).status).toBe(400);
    expect(await getDb().selectFrom("webhook_events").select("id").where("id", "=", "evt_forged").execute()).toHaveLength(0);
  });

  it("accepts a signed event it has no payment for, once", async () => {
    const Stripe = (await import("stripe")).default;
    const payload = JSON.stringify({ id: "evt_unrelated", type: "customer.created", data: { object: { id: "cus_1" } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: secret() });
    expect(await run(webhookRoute, post(payload, signature))).toMatchObject({ status: 200, data: { received: true, outcome: "ignored" } });
    expect(await run(webhookRoute, post(payload, signature))).toMatchObject({ status: 200, data: { received: true, duplicate: true } });
  });
});

describe("refunds", () => {
  it("a paid player who leaves is refunded in full once; the webhook marks the booking refunded", async () => {
    const { deps, offline } = payTestDeps();
    const { leaveList } = await import("../../app/modules/bookings/bookings.server");
    const { refundCancelledBookings } = await import("../../app/modules/payments/refunds.server");
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 2);
    const started = await startCardIntent(deps, player, { sessionId: id });
    if (!started.ok) throw new Error(started.refusal);
    await offline.act(started.paymentIntentId, "succeed");
    expect(await leaveList(deps, player, { sessionId: id, userId: player.id, list: "bookings" })).toEqual({ ok: true });
    expect(await refundCancelledBookings(deps, id, player.id, "customer_request")).toBe(1);
    expect(await refundCancelledBookings(deps, id, player.id, "customer_request")).toBe(0);
    expect((await bookingsOf(id))[0]?.status).toBe("REFUNDED");
    expect((await paymentsOf(started.bookingId))[0]).toMatchObject({ status: "refunded", refund_reason: "customer_request" });
    expect(await notificationsOf(player.id)).toEqual(["payment_received", "booking_confirmed", "refund_processed"]);
    expect(await counter(id)).toBe(0);
  });

  it("a cancelled session refunds every paid seat (session_cancelled); a pending voucher paid later is refunded too", async () => {
    const { deps, offline } = payTestDeps();
    const { cancelSession } = await import("../../app/modules/bookings/cancel-session.server");
    const { refundCancelledBookings } = await import("../../app/modules/payments/refunds.server");
    const host = await person("dm");
    const [a, b, c] = [await person(), await person(), await person()];
    const id = await paidSession(host.id, 3);
    for (const p of [a, b]) {
      const started = await startCardIntent(deps, p, { sessionId: id });
      if (!started.ok) throw new Error(started.refusal);
      await offline.act(started.paymentIntentId, "succeed");
    }
    const voucher = await startOxxoPayment(deps, c, { sessionId: id, firstName: "Caro", lastName: "Núñez" });
    if (!voucher.ok) throw new Error(voucher.refusal);
    expect(await cancelSession(deps, host, id)).toEqual({ ok: true });
    expect(await refundCancelledBookings(deps, id, null, "session_cancelled")).toBe(2);
    expect((await bookingsOf(id)).map((row) => row.status).sort()).toEqual(["CANCELLED", "REFUNDED", "REFUNDED"]);
    // The voucher is paid at the store after the cancellation: the money goes straight back.
    await offline.act((await paymentsOf(voucher.bookingId))[0]!.provider_ref!, "succeed");
    expect((await paymentsOf(voucher.bookingId))[0]).toMatchObject({ status: "refunded", refund_reason: "session_cancelled" });
    expect((await bookingsOf(id)).map((row) => row.status).sort()).toEqual(["REFUNDED", "REFUNDED", "REFUNDED"]);
  });
});

describe("discount invites", () => {
  it("a discount code lowers the amount held and paid; the webhook checks that amount", async () => {
    const { deps, offline } = payTestDeps();
    const { createInvite } = await import("../../app/modules/invites/invites.server");
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 2);
    const made = await createInvite(deps, host, id, { type: "discount", maxUses: 1, discountPercent: 20, code: "MENOS-20-OFF" });
    expect(made).toEqual({ ok: true, code: "MENOS-20-OFF" });
    const started = await startCardIntent(deps, player, { sessionId: id, inviteCode: "menos-20-off", address: "10.63.0.1" });
    if (!started.ok) throw new Error(started.refusal);
    expect(started.amountCents).toBe(20000);
    expect((await bookingsOf(id))[0]).toMatchObject({ amount_cents: 20000, status: "PENDING_PAYMENT" });
    await offline.act(started.paymentIntentId, "succeed");
    expect((await bookingsOf(id))[0]?.status).toBe("CONFIRMED");
    // The code had one use: the next player pays full price or is refused with the code.
    const other = await person();
    expect(await startCardIntent(deps, other, { sessionId: id, inviteCode: "MENOS-20-OFF", address: "10.63.0.1" })).toEqual({
      ok: false,
      refusal: "inviteInvalid",
    });
  });
});
