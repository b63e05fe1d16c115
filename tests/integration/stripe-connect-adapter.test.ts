import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripeConnect } from "../../app/services/connect/stripe.server";
import { PaymentProviderError, WebhookSignatureError } from "../../app/services/payments/payments";
import { useFakeStripeApi } from "./fake-stripe-api";

const fake = useFakeStripeApi();
const adapter = () =>
  createStripeConnect({ secretKey: "sk_test_local", webhookSecret: "whsec_connect_local", host: "127.0.0.1", port: fake.port, protocol: "http" });

describe("the Stripe Connect adapter (the SDK against a local fake of Stripe's API)", () => {
  it("creates an Express-like account in the DM's country, asking for card payments and transfers, once per key", async () => {
    fake.seen.length = 0;
    fake.reply = () => ({ status: 200, body: { id: "acct_1Nv0FGQ9RKHgCVdK", object: "account", charges_enabled: false } });
    const made = await adapter().createAccount({ country: "MX", email: "ana@example.test", userId: "u-1", idempotencyKey: "payout-account-u-1" });
    expect(made).toEqual({ id: "acct_1Nv0FGQ9RKHgCVdK" });
    const [request] = fake.seen;
    expect(request).toMatchObject({ method: "POST", path: "/v1/accounts", idempotencyKey: "payout-account-u-1", auth: "Bearer sk_test_local" });
    const body = request!.body;
    expect(body.get("country")).toBe("MX");
    expect(body.get("email")).toBe("ana@example.test");
    expect(body.get("controller[fees][payer]")).toBe("application");
    expect(body.get("controller[losses][payments]")).toBe("application");
    expect(body.get("controller[requirement_collection]")).toBe("stripe");
    expect(body.get("controller[stripe_dashboard][type]")).toBe("express");
    expect(body.get("capabilities[card_payments][requested]")).toBe("true");
    expect(body.get("capabilities[transfers][requested]")).toBe("true");
    expect(body.get("metadata[userId]")).toBe("u-1");
    expect(body.get("type")).toBeNull();
  });

  it("makes an onboarding link with the page's return and refresh addresses", async () => {
    fake.seen.length = 0;
    fake.reply = () => ({ status: 200, body: { object: "account_link", url: "https://connect.stripe.com/setup/e/acct_1/abc", expires_at: 1 } });
    const link = await adapter().createAccountLink({
      accountId: "acct_1",
      refreshUrl: "https://mesa.example/es/settings/payouts?refresh=1",
      returnUrl: "https://mesa.example/es/settings/payouts?return=1",
    });
    expect(link).toEqual({ url: "https://connect.stripe.com/setup/e/acct_1/abc" });
    const body = fake.seen[0]!.body;
    expect(fake.seen[0]!.path).toBe("/v1/account_links");
    expect(body.get("account")).toBe("acct_1");
    expect(body.get("type")).toBe("account_onboarding");
    expect(body.get("refresh_url")).toBe("https://mesa.example/es/settings/payouts?refresh=1");
    expect(body.get("return_url")).toBe("https://mesa.example/es/settings/payouts?return=1");
  });

  it("turns a refusal from Stripe into a PaymentProviderError", async () => {
    fake.reply = () => ({ status: 400, body: { error: { type: "invalid_request_error", message: "Country XX is not supported" } } });
    await expect(adapter().createAccount({ country: "XX", email: "a@b.test", userId: "u", idempotencyKey: "k" })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("verifies a Connect event with the Connect endpoint's own secret and keeps its account", () => {
    const payload = JSON.stringify({ id: "evt_1", type: "account.updated", created: 1, account: "acct_1", data: { object: { id: "acct_1" } } });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_connect_local" });
    expect(adapter().parseWebhook(payload, good)).toMatchObject({
      id: "evt_1",
      type: "account.updated",
      account: "acct_1",
      data: { object: { id: "acct_1" } },
    });
    // Signed with the payments endpoint's secret: refused here.
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_local" });
    expect(() => adapter().parseWebhook(payload, other)).toThrow(WebhookSignatureError);
    expect(() => adapter().parseWebhook(payload, null)).toThrow(WebhookSignatureError);
  });
});
