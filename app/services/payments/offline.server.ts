import type { Database } from "#db/client.server";
import {
  findOfflineCharge,
  findOfflineIntent,
  insertOfflineIntent,
  type OfflineIntent,
  setOfflineIntentMethod,
  setOfflineIntentStatus,
} from "./offline-repo.server";
import { boletoExpiry, boletoNumber, intentObject, nextAction, oxxoNumber, oxxoVoucherExpiry, rand } from "./offline-shapes.server";
import type { PaymentMetadata, Payments, Transfer, WebhookEvent } from "./payments";
import { postToOwnWebhook, sendSignedEvent, verifiedEvent } from "./signed-events.server";

/** A destination charge's columns on an offline record (none for a charge that stays with the platform). */
const transferColumns = (transfer: Transfer | null | undefined) =>
  transfer ? { transfer_destination: transfer.destination, application_fee_cents: transfer.applicationFeeCents } : {};

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

export type OfflinePayments = Payments & {
  /** The test page's view of a record (null when unknown). */
  find(id: string): Promise<OfflineIntent | null>;
  /**
   * Plays the provider: changes the record and delivers the events the provider would send, paid
   * with `method` (one the record offers; card when none is given). Returns where the payer goes next.
   */
  act(
    id: string,
    action: OfflineAction,
    method?: string | null,
  ): Promise<{ ok: true; redirectTo: string | null } | { ok: false; error: "notFound" | "notAllowed" }>;
};

/**
 * The offline adapter (default outside production when no Stripe keys are set). It keeps its
 * intents in the database, makes OXXO references and voucher PDFs, and reports every outcome as
 * a Stripe-shaped event signed with Stripe's scheme, posted to the same webhook route Stripe uses.
 */
export function createOfflinePayments(config: OfflineConfig): OfflinePayments {
  const now = () => config.now?.() ?? new Date();
  const post = config.post ?? postToOwnWebhook(config.appUrl, "/api/webhooks/stripe");

  function deliver(type: string, object: Record<string, unknown>) {
    const event: WebhookEvent = { id: `evt_offline_${rand()}`, type, created: Math.floor(now().getTime() / 1000), data: { object } };
    return sendSignedEvent(post, config.webhookSecret, event, "offline payments");
  }

  /** Records the method chosen; a delayed one asked to wait issues its voucher, slip or code (once: the same one is shown again). */
  async function choose(record: OfflineIntent, method: string, waiting: boolean): Promise<OfflineIntent> {
    const db = config.db();
    const issued = record.payment_method_type === method && record.voucher_reference !== null;
    if (!waiting || issued || !["oxxo", "boleto", "pix"].includes(method)) {
      await setOfflineIntentMethod(db, record.id, { payment_method_type: method });
    } else {
      const at = now();
      const [reference, expiresAt] =
        method === "oxxo"
          ? [oxxoNumber(), oxxoVoucherExpiry(at, record.voucher_days)]
          : method === "boleto"
            ? [boletoNumber(), boletoExpiry(at, record.voucher_days)]
            : [`00020126offline${rand()}`, new Date(at.getTime() + record.pix_seconds * 1000)];
      await setOfflineIntentMethod(db, record.id, { payment_method_type: method, voucher_reference: reference, expires_at: expiresAt });
    }
    return (await findOfflineIntent(db, record.id))!;
  }

  async function create(
    row: Pick<OfflineIntent, "id" | "kind" | "amount_cents" | "currency" | "metadata" | "idempotency_key"> & Partial<OfflineIntent> & { status: string },
  ) {
    return insertOfflineIntent(config.db(), {
      billing_name: null,
      billing_email: null,
      voucher_reference: null,
      expires_at: null,
      success_url: null,
      cancel_url: null,
      payment_intent_id: null,
      payment_method_types: ["card"],
      payment_method_type: null,
      voucher_days: 3,
      pix_seconds: 1560,
      transfer_destination: null,
      application_fee_cents: null,
      reverse_transfer: false,
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
        payment_method_types: [...input.paymentMethodTypes],
        voucher_days: input.voucherDays,
        pix_seconds: input.pixSeconds,
        ...transferColumns(input.transfer),
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
        payment_method_types: [...input.paymentMethodTypes],
        voucher_days: input.voucherDays,
        pix_seconds: input.pixSeconds,
        ...transferColumns(input.transfer),
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
        ...transferColumns(input.transfer),
      });
      return {
        id: intent.id,
        reference: intent.voucher_reference!,
        hostedVoucherUrl: `/api/payments/offline/${intent.id}/voucher`,
        expiresAt: new Date(intent.expires_at!),
      };
    },
    async refund(input) {
      const paid = await findOfflineCharge(config.db(), input.paymentIntentId);
      const refund = await create({
        id: `re_offline_${rand()}`,
        kind: "refund",
        amount_cents: paid?.amount_cents ?? 1,
        currency: paid?.currency ?? "MXN",
        status: "succeeded",
        metadata: { ...input.metadata, reason: input.reason },
        payment_intent_id: input.paymentIntentId,
        idempotency_key: input.idempotencyKey,
        reverse_transfer: input.reverseTransfer === true && paid?.transfer_destination != null,
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
        ...(paid?.transfer_destination
          ? { transfer_data: { destination: paid.transfer_destination }, application_fee_amount: paid.application_fee_cents }
          : {}),
        refunds: { object: "list", data: [{ id: refund.id, object: "refund", amount: refund.amount_cents, reverse_transfer: refund.reverse_transfer }] },
      });
      return { id: refund.id };
    },
    parseWebhook: (payload, signature) => verifiedEvent<WebhookEvent>(payload, signature, config.webhookSecret),
    async find(id) {
      return (await findOfflineIntent(config.db(), id)) ?? null;
    },
    async act(id, action, method) {
      const db = config.db();
      const found = await findOfflineIntent(db, id);
      if (!found || found.kind === "refund") return { ok: false, error: "notFound" };
      if (found.status === "succeeded" || found.status === "canceled" || found.status === "expired" || found.status === "complete")
        return { ok: false, error: "notAllowed" };
      const chosen = method ?? found.payment_method_type ?? "card";
      if (found.kind !== "oxxo" && !found.payment_method_types.includes(chosen)) return { ok: false, error: "notAllowed" };
      const record = found.kind === "oxxo" ? found : await choose(found, chosen, action === "requireAction");
      const delayed = ["oxxo", "boleto"].includes(record.payment_method_type ?? "") && record.voucher_reference !== null;
      if (record.kind === "checkout") {
        const piId = record.payment_intent_id ?? `pi_offline_${rand()}`;
        const session = (status: string, paymentStatus: string) => ({
          id,
          object: "checkout.session",
          status,
          payment_status: paymentStatus,
          payment_intent: piId,
          amount_total: record.amount_cents,
          currency: record.currency.toLowerCase(),
          payment_method_types: record.payment_method_types,
          metadata: record.metadata,
        });
        // A voucher or slip issued on the hosted page: Checkout is complete but unpaid until the money arrives.
        const awaiting = record.status === "awaiting_payment";
        if (action === "cancel") return { ok: true, redirectTo: awaiting ? null : record.cancel_url };
        if (action === "expire" && !awaiting) {
          await setOfflineIntentStatus(db, id, "expired", now());
          await deliver("checkout.session.expired", { id, object: "checkout.session", status: "expired", payment_status: "unpaid", metadata: record.metadata });
          return { ok: true, redirectTo: record.cancel_url };
        }
        if (action === "succeed") {
          await setOfflineIntentStatus(db, id, "complete", now(), piId);
          await deliver("payment_intent.succeeded", intentObject(record, piId, "succeeded"));
          await deliver(awaiting ? "checkout.session.async_payment_succeeded" : "checkout.session.completed", session("complete", "paid"));
          return { ok: true, redirectTo: awaiting ? null : record.success_url };
        }
        if (action === "requireAction" && delayed) {
          await setOfflineIntentStatus(db, id, "awaiting_payment", now(), piId);
          await deliver("payment_intent.requires_action", intentObject(record, piId, "requires_action", { next_action: nextAction(record) }));
          if (!awaiting) await deliver("checkout.session.completed", session("complete", "unpaid"));
          return { ok: true, redirectTo: awaiting ? null : record.success_url };
        }
        if (awaiting) {
          // The voucher lapses unpaid (fail or expire): Stripe fails the intent and the checkout's async payment.
          await setOfflineIntentStatus(db, id, "expired", now());
          await deliver("payment_intent.payment_failed", intentObject(record, piId, "requires_payment_method"));
          await deliver("checkout.session.async_payment_failed", session("complete", "unpaid"));
          return { ok: true, redirectTo: null };
        }
        await setOfflineIntentStatus(db, id, "open", now(), piId);
        await deliver(
          action === "fail" ? "payment_intent.payment_failed" : "payment_intent.requires_action",
          intentObject(record, piId, action === "fail" ? "requires_payment_method" : "requires_action", { next_action: nextAction(record) }),
        );
        return { ok: true, redirectTo: null };
      }
      // A PaymentIntent (card through the dialog, with the method chosen here, or an OXXO voucher).
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
      await setOfflineIntentStatus(db, id, finalStatus, now());
      await deliver(type, intentObject(record, id, status, action === "requireAction" && record.kind === "card" ? { next_action: nextAction(record) } : {}));
      return { ok: true, redirectTo: null };
    },
  };
}

export type { OfflineIntent, PaymentMetadata };
