import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paymentMethodsFor } from "../../app/modules/payments/rules";
import { PaymentProviderError, WebhookSignatureError } from "../../app/services/payments/payments";
import { createStripePayments } from "../../app/services/payments/stripe.server";
import { useFakeStripeApi } from "./fake-stripe-api";

const fake = useFakeStripeApi();

const adapter = () =>
  createStripePayments({
    secretKey: "sk_test_local",
    publishableKey: "pk_test_local",
    webhookSecret: "whsec_test_local",
    host: "127.0.0.1",
    port: fake.port,
    protocol: "http",
  });
const metadata = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  bookingId: "22222222-2222-4222-8222-222222222222",
  sessionId: "33333333-3333-4333-8333-333333333333",
};

const cardOnly = { paymentMethodTypes: ["card"], voucherDays: 3, pixSeconds: 1560 };

/** The list a form-encoded body carries as `name[0]`, `name[1]`, … */
const listOf = (body: URLSearchParams, name: string) => [...body.entries()].filter(([key]) => key.startsWith(`${name}[`)).map(([, value]) => value);

describe("the Stripe adapter (the SDK against a local fake of Stripe's API)", () => {
  it("creates and confirms an OXXO PaymentIntent with billing name, email and expires_after_days, and reads its voucher", async () => {
    fake.seen.length = 0;
    fake.reply = () => ({
      status: 200,
      body: {
        id: "pi_123",
        object: "payment_intent",
        status: "requires_action",
        next_action: {
          type: "oxxo_display_details",
          oxxo_display_details: { number: "12345678901234567890", hosted_voucher_url: "https://payments.stripe.com/oxxo/voucher/x", expires_after: 1793944740 },
        },
      },
    });
    const voucher = await adapter().createOxxo({
      amountCents: 25000,
      currency: "MXN",
      name: "Ana Robles",
      email: "ana@example.test",
      expiresAfterDays: 3,
      metadata,
      idempotencyKey: "oxxo-1",
    });
    expect(voucher).toEqual({
      id: "pi_123",
      reference: "12345678901234567890",
      hostedVoucherUrl: "https://payments.stripe.com/oxxo/voucher/x",
      expiresAt: new Date(1793944740_000),
    });
    const [request] = fake.seen;
    expect(request).toMatchObject({ method: "POST", path: "/v1/payment_intents", idempotencyKey: "oxxo-1", auth: "Bearer sk_test_local" });
    expect(request!.body.get("amount")).toBe("25000");
    expect(request!.body.get("currency")).toBe("mxn");
    expect(request!.body.get("confirm")).toBe("true");
    expect(request!.body.get("payment_method_data[type]")).toBe("oxxo");
    expect(request!.body.get("payment_method_data[billing_details][name]")).toBe("Ana Robles");
    expect(request!.body.get("payment_method_data[billing_details][email]")).toBe("ana@example.test");
    expect(request!.body.get("payment_method_options[oxxo][expires_after_days]")).toBe("3");
    expect(request!.body.get("metadata[paymentId]")).toBe(metadata.paymentId);
  });

  it("creates a Checkout Session returning to the session page, and a card intent whose client secret goes to the browser", async () => {
    fake.seen.length = 0;
    fake.reply = (path) =>
      path.startsWith("/v1/checkout/sessions")
        ? { status: 200, body: { id: "cs_123", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_123" } }
        : { status: 200, body: { id: "pi_456", object: "payment_intent", client_secret: "pi_456_secret_abc", status: "requires_payment_method" } };
    const checkout = await adapter().createCheckout({
      amountCents: 25000,
      currency: "MXN",
      productName: "La cripta",
      email: "ana@example.test",
      lang: "es",
      successUrl: "https://mesa.example/es/session/x?payment=success",
      cancelUrl: "https://mesa.example/es/session/x/confirm",
      expiresAt: new Date("2026-11-02T16:31:00Z"),
      metadata,
      idempotencyKey: "checkout-1",
      ...cardOnly,
    });
    expect(checkout).toEqual({ id: "cs_123", url: "https://checkout.stripe.com/c/pay/cs_123" });
    expect(fake.seen[0]!.body.get("success_url")).toBe("https://mesa.example/es/session/x?payment=success");
    expect(fake.seen[0]!.body.get("line_items[0][price_data][unit_amount]")).toBe("25000");
    expect(fake.seen[0]!.body.get("payment_intent_data[metadata][bookingId]")).toBe(metadata.bookingId);
    expect(fake.seen[0]!.body.get("locale")).toBe("es-419");
    expect(
      await adapter().createCardIntent({ amountCents: 25000, currency: "MXN", email: "ana@example.test", metadata, idempotencyKey: "card-1", ...cardOnly }),
    ).toEqual({
      id: "pi_456",
      clientSecret: "pi_456_secret_abc",
    });
  });

  it("sends each currency's methods in tab order, with voucher and Pix lifetimes, on the card intent and the Checkout Session", async () => {
    fake.reply = (path) =>
      path.startsWith("/v1/checkout/sessions")
        ? { status: 200, body: { id: "cs_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_1" } }
        : { status: 200, body: { id: "pi_1", object: "payment_intent", client_secret: "pi_1_secret_x", status: "requires_payment_method" } };
    const cases = [
      { currency: "MXN", country: "MX", methods: ["card", "oxxo"], oxxo: "3" },
      { currency: "BRL", country: "BR", methods: ["card", "boleto", "pix"], boleto: "3", pix: "1560" },
      { currency: "USD", country: "US", methods: ["card", "klarna"] },
      { currency: "CLP", country: "US", methods: ["card"] },
    ];
    for (const c of cases) {
      fake.seen.length = 0;
      const choice = { paymentMethodTypes: paymentMethodsFor(c.currency, c.country), voucherDays: 3, pixSeconds: 1560 };
      await adapter().createCardIntent({
        amountCents: 25000,
        currency: c.currency,
        email: "ana@example.test",
        metadata,
        idempotencyKey: `card-${c.currency}`,
        ...choice,
      });
      await adapter().createCheckout({
        amountCents: 25000,
        currency: c.currency,
        productName: "La cripta",
        email: "ana@example.test",
        lang: "pt",
        successUrl: "https://mesa.example/pt/session/x?payment=success",
        cancelUrl: "https://mesa.example/pt/session/x/confirm",
        expiresAt: new Date("2026-11-02T16:31:00Z"),
        metadata,
        idempotencyKey: `checkout-${c.currency}`,
        ...choice,
      });
      const [intent, checkout] = fake.seen;
      for (const request of [intent!, checkout!]) {
        expect(listOf(request.body, "allowed_payment_method_types"), `${c.currency} ${request.path}`).toEqual(c.methods);
        expect(request.body.get("payment_method_options[oxxo][expires_after_days]")).toBe(c.oxxo ?? null);
        expect(request.body.get("payment_method_options[boleto][expires_after_days]")).toBe(c.boleto ?? null);
        expect(request.body.get("payment_method_options[pix][expires_after_seconds]")).toBe(c.pix ?? null);
      }
      expect(intent!.path).toBe("/v1/payment_intents");
      expect(intent!.body.get("automatic_payment_methods[enabled]")).toBeNull();
      expect(checkout!.path).toBe("/v1/checkout/sessions");
    }
  });

  it("turns a refusal from Stripe into a PaymentProviderError, and refunds with Stripe's reason and ours", async () => {
    fake.seen.length = 0;
    fake.reply = () => ({
      status: 400,
      body: { error: { type: "invalid_request_error", code: "amount_too_small", message: "Amount must be at least $10.00 mxn" } },
    });
    await expect(
      adapter().createCardIntent({ amountCents: 1, currency: "MXN", email: "a@b.test", metadata, idempotencyKey: "k", ...cardOnly }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    fake.reply = () => ({ status: 200, body: { id: "re_1", object: "refund", status: "pending" } });
    expect(await adapter().refund({ paymentIntentId: "pi_1", reason: "duplicate_payment", metadata, idempotencyKey: "refund-1" })).toEqual({ id: "re_1" });
    const refund = fake.seen.at(-1)!;
    expect(refund.body.get("reason")).toBe("duplicate");
    expect(refund.body.get("metadata[reason]")).toBe("duplicate_payment");
  });

  it("verifies Stripe-Signature over the raw body", () => {
    const payload = JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1" } } });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_local" });
    expect(adapter().parseWebhook(payload, good)).toMatchObject({ id: "evt_1", type: "payment_intent.succeeded" });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect(() => adapter().parseWebhook(payload, forged)).toThrow(WebhookSignatureError);
    expect(() => adapter().parseWebhook(`${payload} `, good)).toThrow(WebhookSignatureError);
    expect(() => adapter().parseWebhook(payload, null)).toThrow(WebhookSignatureError);
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_local", timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => adapter().parseWebhook(payload, old)).toThrow(/tolerance/i);
  });

  it("a destination charge sends the DM's account and the fee on every kind of payment, and its refund reverses both", async () => {
    const transfer = { destination: "acct_1DM", applicationFeeCents: 2_500 };
    fake.seen.length = 0;
    fake.reply = (path) =>
      path.startsWith("/v1/checkout")
        ? { status: 200, body: { id: "cs_1", object: "checkout.session", url: "https://checkout.stripe.com/c/cs_1" } }
        : path.startsWith("/v1/refunds")
          ? { status: 200, body: { id: "re_1", object: "refund" } }
          : {
              status: 200,
              body: {
                id: "pi_1",
                object: "payment_intent",
                client_secret: "pi_1_secret",
                next_action: { oxxo_display_details: { number: "1", expires_after: 1793944740 } },
              },
            };
    await adapter().createCardIntent({ amountCents: 25_000, currency: "MXN", email: "a@b.test", metadata, idempotencyKey: "c", ...cardOnly, transfer });
    await adapter().createOxxo({
      amountCents: 25_000,
      currency: "MXN",
      name: "Ana",
      email: "a@b.test",
      expiresAfterDays: 1,
      metadata,
      idempotencyKey: "o",
      transfer,
    });
    await adapter().createCheckout({
      amountCents: 25_000,
      currency: "MXN",
      productName: "Mesa",
      email: "a@b.test",
      lang: "es",
      successUrl: "https://mesa.example/ok",
      cancelUrl: "https://mesa.example/no",
      expiresAt: new Date(Date.now() + 3_600_000),
      metadata,
      idempotencyKey: "k",
      ...cardOnly,
      transfer,
    });
    await adapter().refund({ paymentIntentId: "pi_1", reason: "customer_request", metadata, idempotencyKey: "r", reverseTransfer: true });
    const [card, oxxo, checkout, refund] = fake.seen;
    for (const intent of [card!, oxxo!]) {
      expect(intent.body.get("transfer_data[destination]")).toBe("acct_1DM");
      expect(intent.body.get("application_fee_amount")).toBe("2500");
    }
    expect(checkout!.body.get("payment_intent_data[transfer_data][destination]")).toBe("acct_1DM");
    expect(checkout!.body.get("payment_intent_data[application_fee_amount]")).toBe("2500");
    expect(refund!.body.get("reverse_transfer")).toBe("true");
    expect(refund!.body.get("refund_application_fee")).toBe("true");

    // A charge that stays with the platform sends neither.
    fake.seen.length = 0;
    await adapter().createCardIntent({ amountCents: 25_000, currency: "MXN", email: "a@b.test", metadata, idempotencyKey: "c2", ...cardOnly });
    await adapter().refund({ paymentIntentId: "pi_1", reason: "customer_request", metadata, idempotencyKey: "r2" });
    expect(fake.seen[0]!.body.get("transfer_data[destination]")).toBeNull();
    expect(fake.seen[0]!.body.get("application_fee_amount")).toBeNull();
    expect(fake.seen[1]!.body.get("reverse_transfer")).toBeNull();
  });
});
