import { randomBytes, randomInt } from "node:crypto";
import Stripe from "stripe";
import type { Database } from "#db/client.server";
import { findOfflineIntent, insertOfflineIntent, type OfflineIntent, setOfflineIntentStatus } from "./offline-repo.server";
import { type PaymentMetadata, type Payments, type WebhookEvent, WebhookSignatureError } from "./payments";

/** What a person on the local test-payment page can make happen (the provider's part). */
export const OFFLINE_ACTIONS = ["succeed", "fail", "requireAction", "expire", "cancel"] as const;
export type OfflineAction = (typeof OFFLINE_ACTIONS)[number];

export type OfflineConfig = {
  db: () => Database;
  webhookSecret: string;
  /** Absolute base of this app, where events are posted (APP_URL). */
  appUrl: string;
  /** Posts a signed event; by default to the app's own webhook route over HTTP. Tests call the route in-process. */
  post?: (payload: string, signature: string) => Promise<number>;
  now?: () => Date;
};

const MEXICO_CITY_OFFSET_MS = -6 * 3_600_000; // no daylight saving time since 2022

/** Stripe's OXXO vouchers lapse at 23:59 Mexico City time, `days` calendar days after they are made. */
export function oxxoVoucherExpiry(createdAt: Date, days: number): Date {
  const local = new Date(createdAt.getTime() + MEXICO_CITY_OFFSET_MS);
  const endLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 0);
  return new Date(endLocal - MEXICO_CITY_OFFSET_MS);
}

const rand = () => randomBytes(12).toString("hex");
/** An 18-digit number like the one printed on an OXXO voucher. */
const oxxoNumber = () => Array.from({ length: 18 }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join("");

export type OfflinePayments = Payments & {
  /** The test page's view of a record (null when unknown). */
  find(id: string): Promise<OfflineIntent | null>;
  /** Plays the provider: changes the record and delivers the events the provider would send. Returns where the payer goes next. */
  act(id: string, action: OfflineAction): Promise<{ ok: true; redirectTo: string | null } | { ok: false; error: "notFound" | "notAllowed" }>;
};

/**
 * The offline adapter (default outside production when no Stripe keys are set). It keeps its
 * intents in the database, makes OXXO references and voucher PDFs, and reports every outcome as
 * a Stripe-shaped event signed with Stripe's scheme, posted to the same webhook route Stripe uses.
 */
export function createOfflinePayments(config: OfflineConfig): OfflinePayments {
  const now = () => config.now?.() ?? new Date();
  const post =
    config.post ??
    (async (payload: string, signature: string) => {
      const response = await fetch(new URL("/api/webhooks/stripe", config.appUrl), {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status;
    });

  async function deliver(type: string, object: Record<string, unknown>) {
    const event: WebhookEvent = { id: `evt_offline_${rand()}`, type, created: Math.floor(now().getTime() / 1000), data: { object } };
    const payload = JSON.stringify({ ...event, object: "event", livemode: false, api_version: "offline" });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret });
    const status = await post(payload, signature);
    if (status >= 300) throw new Error(`offline payments: the webhook answered ${status} to ${type}`);
  }

  const intentObject = (i: OfflineIntent, id = i.id, status = i.status) => ({
    id,
    object: "payment_intent",
    amount: i.amount_cents,
    currency: i.currency.toLowerCase(),
    status,
    metadata: i.metadata,
    payment_method_types: [i.kind === "oxxo" ? "oxxo" : "card"],
  });

  async function create(
    row: Omit<
      OfflineIntent,
      "created_at" | "status" | "payment_intent_id" | "voucher_reference" | "billing_name" | "billing_email" | "expires_at" | "success_url" | "cancel_url"
    > &
      Partial<OfflineIntent> & { status: string },
  ) {
    return insertOfflineIntent(config.db(), {
      billing_name: null,
      billing_email: null,
      voucher_reference: null,
      expires_at: null,
      success_url: null,
      cancel_url: null,
      payment_intent_id: null,
      ...row,
      created_at: now(),
    });
  }

  return {
    provider: "offline",
    publishableKey: null,
    async createCardIntent(input) {
      const intent = await create({
        id: `pi_offline_${rand()}`,
        kind: "card",
        amount_cents: input.amountCents,
        currency: input.currency,
        status: "requires_payment_method",
        metadata: input.metadata,
        billing_email: input.email,
        idempotency_key: input.idempotencyKey,
      });
      return { id: intent.id, clientSecret: `${intent.id}_secret_${rand()}` };
    },
    async createCheckout(input) {
      // Stripe's own limit, kept here so a page the real provider would refuse fails in tests too.
      if (input.expiresAt.getTime() < now().getTime() + 30 * 60_000)
        throw new Error("expires_at must be at least 30 minutes after the Checkout Session is made");
      const session = await create({
        id: `cs_offline_${rand()}`,
        kind: "checkout",
        amount_cents: input.amountCents,
        currency: input.currency,
        status: "open",
        metadata: input.metadata,
        billing_email: input.email,
        expires_at: input.expiresAt,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        idempotency_key: input.idempotencyKey,
      });
      return { id: session.id, url: `/${input.lang}/dev/payments/${session.id}` };
    },
    async createOxxo(input) {
      const created = input.now ?? now();
      const intent = await create({
        id: `pi_offline_${rand()}`,
        kind: "oxxo",
        amount_cents: input.amountCents,
        currency: input.currency,
        status: "requires_action",
        metadata: input.metadata,
        billing_name: input.name,
        billing_email: input.email,
        voucher_reference: oxxoNumber(),
        expires_at: oxxoVoucherExpiry(created, input.expiresAfterDays),
        idempotency_key: input.idempotencyKey,
      });
      return {
        id: intent.id,
        reference: intent.voucher_reference!,
        hostedVoucherUrl: `/api/payments/offline/${intent.id}/voucher`,
        expiresAt: new Date(intent.expires_at!),
      };
    },
    async refund(input) {
      const paid = await findOfflineIntent(config.db(), input.paymentIntentId);
      const refund = await create({
        id: `re_offline_${rand()}`,
        kind: "refund",
        amount_cents: paid?.amount_cents ?? 1,
        currency: paid?.currency ?? "MXN",
        status: "succeeded",
        metadata: { ...input.metadata, reason: input.reason },
        payment_intent_id: input.paymentIntentId,
        idempotency_key: input.idempotencyKey,
      });
      // The provider settles refunds on its own time; here at once, as its own event.
      await deliver("charge.refunded", {
        id: `ch_offline_${input.paymentIntentId.slice(-12)}`,
        object: "charge",
        payment_intent: input.paymentIntentId,
        refunded: true,
        amount_refunded: refund.amount_cents,
        currency: refund.currency.toLowerCase(),
        metadata: input.metadata,
      });
      return { id: refund.id };
    },
    parseWebhook(payload, signature) {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      try {
        return Stripe.webhooks.constructEvent(payload, signature, config.webhookSecret) as unknown as WebhookEvent;
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
    },
    async find(id) {
      return (await findOfflineIntent(config.db(), id)) ?? null;
    },
    async act(id, action) {
      const db = config.db();
      const record = await findOfflineIntent(db, id);
      if (!record || record.kind === "refund") return { ok: false, error: "notFound" };
      if (record.status === "succeeded" || record.status === "canceled" || record.status === "expired" || record.status === "complete")
        return { ok: false, error: "notAllowed" };
      if (record.kind === "checkout") {
        if (action === "cancel") return { ok: true, redirectTo: record.cancel_url };
        if (action === "expire") {
          await setOfflineIntentStatus(db, id, "expired");
          await deliver("checkout.session.expired", { id, object: "checkout.session", status: "expired", payment_status: "unpaid", metadata: record.metadata });
          return { ok: true, redirectTo: record.cancel_url };
        }
        const piId = record.payment_intent_id ?? `pi_offline_${rand()}`;
        if (action === "succeed") {
          await setOfflineIntentStatus(db, id, "complete", piId);
          await deliver("payment_intent.succeeded", intentObject(record, piId, "succeeded"));
          await deliver("checkout.session.completed", {
            id,
            object: "checkout.session",
            status: "complete",
            payment_status: "paid",
            payment_intent: piId,
            amount_total: record.amount_cents,
            currency: record.currency.toLowerCase(),
            metadata: record.metadata,
          });
          return { ok: true, redirectTo: record.success_url };
        }
        await setOfflineIntentStatus(db, id, "open", piId);
        await deliver(
          action === "fail" ? "payment_intent.payment_failed" : "payment_intent.requires_action",
          intentObject(record, piId, action === "fail" ? "requires_payment_method" : "requires_action"),
        );
        return { ok: true, redirectTo: null };
      }
      // A PaymentIntent (card through the dialog, or an OXXO voucher).
      const next: Record<OfflineAction, [string, string]> = {
        succeed: ["succeeded", "payment_intent.succeeded"],
        fail: ["requires_payment_method", "payment_intent.payment_failed"],
        requireAction: ["requires_action", "payment_intent.requires_action"],
        // An OXXO voucher that lapses unpaid fails; Stripe reports it as payment_failed.
        expire: ["requires_payment_method", "payment_intent.payment_failed"],
        cancel: ["canceled", "payment_intent.canceled"],
      };
      const [status, type] = next[action];
      const finalStatus = record.kind === "oxxo" && action === "expire" ? "expired" : status;
      await setOfflineIntentStatus(db, id, finalStatus);
      await deliver(type, intentObject(record, id, status));
      return { ok: true, redirectTo: null };
    },
  };
}

export type { OfflineIntent, PaymentMetadata };
