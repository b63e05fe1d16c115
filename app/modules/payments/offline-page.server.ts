import { z } from "zod";
import { getEnv } from "#app/env.server";
import { requestDeps } from "#app/modules/deps.server";
import { localToolsOpenTo } from "#app/modules/mailbox/local-tools.server";
import type { Refused } from "#app/modules/refusals";
import { formatPrice } from "#app/modules/sessions/rules";
import { getServices } from "#app/services/index.server";
import { OFFLINE_ACTIONS, type OfflineAction } from "#app/services/payments/offline.server";
import { voucherPdf } from "#app/services/payments/voucher-pdf.server";
import { getDb } from "#db/client.server";
import { findSessionTitle } from "./repo.server";
import { oxxoDateTime, pathWithinApp } from "./rules";

const OFFLINE_ID = /^(pi|cs)_offline_[0-9a-f]{24}$/;

/**
 * The local test-payment page, where a person plays the provider's part: only outside
 * production, only while the offline adapter is in use, and (like the local mailbox) only from
 * this machine or to an admin. To anyone else it does not exist (the route's 404).
 */
async function offlineAdapter(request: Request) {
  const offline = getServices().offlinePayments;
  return offline && (await localToolsOpenTo(request)) ? offline : null;
}

/**
 * The local test-payment page's buttons (the offline provider's page): what the person playing the
 * provider does, and the method they chose among the payment's (absent for an OXXO voucher).
 */
const offlineActSchema = z.object({
  action: z.enum(OFFLINE_ACTIONS),
  method: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .nullable(),
});

const absent: Refused<"notFound"> = { ok: false, refusal: "notFound" };
const invalid: Refused<"invalid"> = { ok: false, refusal: "invalid" };

export async function offlinePaymentView(request: Request, id: string, lang: "es" | "en" | "pt") {
  const offline = await offlineAdapter(request);
  if (!offline || !OFFLINE_ID.test(id)) return absent;
  const record = await offline.find(id);
  if (!record || record.kind === "refund") return absent;
  const title = record.metadata.sessionId ? await findSessionTitle(requestDeps(request).db, record.metadata.sessionId) : null;
  return {
    ok: true as const,
    id: record.id,
    kind: record.kind,
    status: record.status,
    // Still payable: a declined try leaves it so, and the page offers another (as Stripe's hosted page does).
    open: !["succeeded", "canceled", "expired", "complete"].includes(record.status),
    title,
    amount: `${formatPrice(record.amount_cents, record.currency, lang)} ${record.currency}`,
    reference: record.voucher_reference,
    // The methods this payment offers (card first), and the one chosen so far.
    methods: record.kind === "oxxo" ? [] : record.payment_method_types,
    method: record.payment_method_type ?? "card",
    actions: (record.kind === "checkout"
      ? ["succeed", "fail", "requireAction", "expire", "cancel"]
      : record.kind === "oxxo"
        ? ["succeed", "expire"]
        : ["succeed", "fail", "requireAction"]) as OfflineAction[],
  };
}

export async function offlinePaymentAct(request: Request, id: string, form: FormData, lang: string) {
  const offline = await offlineAdapter(request);
  if (!offline) return absent;
  // Checked only once the page exists for this person: to anyone else it is a 404, whatever they sent.
  const fields = offlineActSchema.safeParse({ action: form.get("action"), method: form.get("method") });
  if (!OFFLINE_ID.test(id) || !fields.success) return invalid;
  const { action, method } = fields.data;
  // A method the payment does not offer is refused by the adapter (notAllowed), as Stripe would.
  const result = await offline.act(id, action, method);
  // A card paid through the dialog returns where Stripe's confirmPayment would send it.
  if (result.ok && !result.redirectTo && action === "succeed") {
    const record = await offline.find(id);
    if (record?.kind === "card" && record.metadata.sessionId)
      return { ok: true as const, redirectTo: `/${lang}/session/${record.metadata.sessionId}?payment=success` };
  }
  // The provider's return addresses are absolute (APP_URL's); the player may have reached this page
  // under another name (127.0.0.1, a phone on the network), where the page's `form-action 'self'`
  // would block a redirect to APP_URL's host. Within the app, a path is enough and works under any name.
  return result.ok && result.redirectTo ? { ...result, redirectTo: pathWithinApp(result.redirectTo, getEnv().APP_URL) } : result;
}

/** The offline adapter's voucher PDF for an OXXO intent; null when there is none (or Stripe is in use). */
export async function offlineVoucher(id: string) {
  const offline = getServices().offlinePayments;
  if (!offline || !OFFLINE_ID.test(id)) return null;
  const record = await offline.find(id);
  const oxxo = record?.kind === "oxxo" || record?.payment_method_type === "oxxo";
  if (!record || !oxxo || !record.voucher_reference || !record.expires_at) return null;
  const title = record.metadata.sessionId ? await findSessionTitle(getDb(), record.metadata.sessionId) : null;
  return voucherPdf({
    reference: record.voucher_reference,
    amount: `${formatPrice(record.amount_cents, record.currency, "es")} ${record.currency}`,
    expiresAt: oxxoDateTime(new Date(record.expires_at)),
    name: record.billing_name,
    title: title ?? "Mesa",
  });
}
