import { describe, expect, it } from "vitest";
import { createOfflinePayments } from "../../app/services/payments/offline.server";
import type { WebhookEvent } from "../../app/services/payments/payments";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const metadata = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  bookingId: "22222222-2222-4222-8222-222222222222",
  sessionId: "33333333-3333-4333-8333-333333333333",
};
const transfer = { destination: "acct_offline_0123456789abcdef01234567", applicationFeeCents: 2_500 };

/** The offline adapter keeping the events it sends, as the provider's webhook would receive them. */
function adapter() {
  const events: WebhookEvent[] = [];
  const offline = createOfflinePayments({
    db: getDb,
    webhookSecret: "whsec_offline_test",
    appUrl: "http://localhost:3000",
    post: async (payload) => {
      events.push(JSON.parse(payload) as WebhookEvent);
      return 200;
    },
  });
  return { offline, events };
}

describe("the offline adapter's destination charges (decision record 084)", () => {
  it("a card paid to a DM's account names the destination and the fee, and its refund reverses the transfer", async () => {
    const { offline, events } = adapter();
    const intent = await offline.createCardIntent({
      amountCents: 25_000,
      currency: "MXN",
      email: "ana@example.test",
      metadata,
      idempotencyKey: "card-transfer-1",
      paymentMethodTypes: ["card"],
      voucherDays: 3,
      pixSeconds: 1560,
      transfer,
    });
    expect(await offline.act(intent.id, "succeed")).toMatchObject({ ok: true });
    expect(events.at(-1)).toMatchObject({
      type: "payment_intent.succeeded",
      data: { object: { id: intent.id, amount: 25_000, transfer_data: { destination: transfer.destination }, application_fee_amount: 2_500 } },
    });
    await offline.refund({ paymentIntentId: intent.id, reason: "customer_request", metadata, idempotencyKey: "refund-transfer-1", reverseTransfer: true });
    expect(events.at(-1)).toMatchObject({
      type: "charge.refunded",
      data: { object: { amount_refunded: 25_000, transfer_data: { destination: transfer.destination }, refunds: { data: [{ reverse_transfer: true }] } } },
    });
  });

  it("an OXXO voucher and a hosted page carry the same; a charge without a DM's account carries none", async () => {
    const { offline, events } = adapter();
    const oxxo = await offline.createOxxo({
      amountCents: 30_000,
      currency: "MXN",
      name: "Ana Robles",
      email: "a@b.test",
      expiresAfterDays: 1,
      metadata,
      idempotencyKey: "oxxo-t",
      transfer,
    });
    expect((await offline.find(oxxo.id))?.transfer_destination).toBe(transfer.destination);
    const checkout = await offline.createCheckout({
      amountCents: 30_000,
      currency: "MXN",
      productName: "Mesa",
      email: "a@b.test",
      lang: "es",
      successUrl: "http://localhost:3000/ok",
      cancelUrl: "http://localhost:3000/no",
      expiresAt: new Date(Date.now() + 3_600_000),
      metadata,
      idempotencyKey: "checkout-t",
      paymentMethodTypes: ["card"],
      voucherDays: 3,
      pixSeconds: 1560,
      transfer,
    });
    expect(await offline.act(checkout.id, "succeed")).toMatchObject({ ok: true });
    expect(events.find((e) => e.type === "payment_intent.succeeded")).toMatchObject({ data: { object: { application_fee_amount: 2_500 } } });

    const plain = await offline.createCardIntent({
      amountCents: 100,
      currency: "MXN",
      email: "a@b.test",
      metadata,
      idempotencyKey: "plain",
      paymentMethodTypes: ["card"],
      voucherDays: 3,
      pixSeconds: 1560,
    });
    await offline.act(plain.id, "succeed");
    expect(events.at(-1)!.data.object).not.toHaveProperty("transfer_data");
    await offline.refund({ paymentIntentId: plain.id, reason: "customer_request", metadata, idempotencyKey: "refund-plain", reverseTransfer: true });
    expect(events.at(-1)).toMatchObject({ data: { object: { refunds: { data: [{ reverse_transfer: false }] } } } });
  });
});
