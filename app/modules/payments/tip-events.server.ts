import { inTransaction } from "#app/lib/transaction.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { findUserById } from "#app/modules/users/index.server";
import { displayNameOf } from "#app/modules/users/rules";
import type { WebhookEvent } from "#app/services/payments/payments";
import { chosenMethod, type Meaning, paidAmount, type WebhookAnswer } from "./event-meaning";
import type { PayDeps } from "./payments.server";
import * as repo from "./repo.server";
import { isFinalPayment } from "./rules";

/**
 * A provider event about a tip (decision records 086 and 087). A tip holds no seat, so its events
 * only settle the payment: paid, failed or lapsed, waiting on a voucher, refunded. The event's id
 * is claimed in the same transaction, under the payment's lock, so a replay changes nothing. Once
 * a tip is paid (and that has committed), its DM is told, once: a replay finds it settled.
 */
export async function settleTip(deps: Pick<PayDeps, "db" | "now">, event: WebhookEvent, what: Meaning, paymentId: string): Promise<WebhookAnswer> {
  const answer = await applyTipEvent(deps, event, what, paymentId);
  if (answer.ok && answer.outcome === "tipPaid") await tellTheDm(deps, paymentId);
  return answer;
}

/** The bell's tip_received for the tip's DM: who tipped, how much, for which session. */
async function tellTheDm(deps: Pick<PayDeps, "db" | "now">, paymentId: string) {
  const tip = await repo.tipOfSession(deps.db, paymentId);
  if (!tip) return;
  const [player, dm] = await Promise.all([findUserById(deps.db, tip.user_id), findUserById(deps.db, tip.dm_id)]);
  await recordNotification(deps, {
    userId: tip.dm_id,
    type: "tip_received",
    params: {
      title: tip.title,
      player: displayNameOf({ displayName: player?.display_name ?? "", email: player?.email ?? "" }),
      // Written in the DM's language, as the rest of their bell reads.
      amount: `${formatPrice(tip.amount_cents, tip.currency, recipientLang(dm?.preferred_language ?? ""))} ${tip.currency}`,
    },
    actionUrl: `/session/${tip.session_id}`,
  });
}

function applyTipEvent(deps: Pick<PayDeps, "db" | "now">, event: WebhookEvent, what: Meaning, paymentId: string): Promise<WebhookAnswer> {
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
