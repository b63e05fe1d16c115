import { inTransaction } from "#app/lib/transaction.server";
import type { WebhookEvent } from "#app/services/payments/payments";
import { chosenMethod, type Meaning, paidAmount, type WebhookAnswer } from "./event-meaning";
import type { PayDeps } from "./payments.server";
import * as repo from "./repo.server";
import { isFinalPayment } from "./rules";

/**
 * A provider event about a tip (decision record 086). A tip holds no seat, so its events only
 * settle the payment: paid, failed or lapsed, waiting on a voucher, refunded. The event's id is
 * claimed in the same transaction, under the payment's lock, so a replay changes nothing.
 */
export async function settleTip(deps: Pick<PayDeps, "db" | "now">, event: WebhookEvent, what: Meaning, paymentId: string): Promise<WebhookAnswer> {
  return inTransaction(deps.db, async (trx) => {
    const p = (await repo.lockPayment(trx, paymentId))!;
    if (!(await repo.claimEvent(trx, event.id, event.type, deps.now))) return { ok: true as const, outcome: "duplicate" };
    const pi = what.paymentIntent ?? p.payment_intent_ref;
    const chosen = chosenMethod(event);
    const method = chosen ? { payment_method_type: chosen.type } : {};
    if (what.kind === "refunded") {
      if (p.status === "refunded") return { ok: true as const, outcome: "alreadyRefunded" };
      await repo.updatePayment(trx, p.id, { status: "refunded" }, deps.now);
      return { ok: true as const, outcome: "refunded" };
    }
    if (isFinalPayment(p.status)) return { ok: true as const, outcome: "alreadySettled" };
    if (what.kind === "paid") {
      const { amount, currency } = paidAmount(event);
      if (amount !== p.amount_cents || currency !== p.currency) return { ok: true as const, outcome: "amountMismatch" };
      await repo.updatePayment(trx, p.id, { status: "succeeded", ...(pi ? { payment_intent_ref: pi } : {}), ...method }, deps.now);
      return { ok: true as const, outcome: "tipPaid" };
    }
    if (what.kind === "actionNeeded" || what.kind === "processing") {
      const voucher =
        chosen?.reference && chosen.expiresAt ? { voucher_reference: chosen.reference, voucher_url: chosen.url, voucher_expires_at: chosen.expiresAt } : {};
      const status = what.kind === "actionNeeded" ? "requires_action" : "processing";
      await repo.updatePayment(trx, p.id, { status, ...(pi ? { payment_intent_ref: pi } : {}), ...method, ...voucher }, deps.now);
      return { ok: true as const, outcome: what.kind };
    }
    await repo.updatePayment(trx, p.id, { status: what.kind === "lapsed" ? "canceled" : "failed" }, deps.now);
    return { ok: true as const, outcome: "tipFailed" };
  });
}
