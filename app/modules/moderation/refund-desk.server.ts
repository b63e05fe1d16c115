import { canModerate } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { inTransaction } from "#app/modules/live/repo.server";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { CLAIM_MINUTES, requestRefund } from "#app/modules/payments/refunds.server";
import * as repo from "#app/modules/payments/repo.server";
import { REFUND_MAX_TRIES } from "#app/modules/payments/rules";
import { isUuid } from "#app/utils/uuid";
import { auditReason, canRetryNow, checkNote, isRefundReason, manualRefundRefusal, type ManualRefusal } from "./refund-desk";
import * as deskRepo from "./refund-desk.repo.server";
import { insertAudit } from "./repo.server";

/**
 * The admin desk's refunds (docs/decisions/064-refund-desk.md): the refunds that failed or are on
 * their way, "retry now", and a manual refund with one of the spec's reasons. Both actions go
 * through the same claim and request as the automatic refunds, and write their audit row in the
 * transaction that decides them.
 */

const LIST_LIMIT = 100;
const RECENT_LIMIT = 10;

type Refused<R extends string> = { ok: false; refusal: R };
const refuse = <R extends string>(refusal: R): Refused<R> => ({ ok: false, refusal });

/** What the refunds page lists; `retryable` says whether "retry now" applies to the row. */
export async function refundDesk(deps: Pick<PayDeps, "db" | "now">) {
  const [watch, recent] = await Promise.all([deskRepo.refundsToWatch(deps.db, LIST_LIMIT), deskRepo.recentlyRefunded(deps.db, RECENT_LIMIT)]);
  return { refunds: watch.map((r) => ({ ...r, retryable: canRetryNow(r, deps.now) })), recent };
}

export type RetryResult = { ok: true; accepted: boolean } | Refused<"forbidden" | "notFound" | "notRetryable" | "noteTooLong">;

/**
 * "Retry now": asks the provider again for a refund that failed or waits for its next try. The
 * claim decides (one statement), so two presses at the same moment make one request; the audit
 * row is written with the claim. `accepted`: whether the provider took the request (if not, the
 * refund waits for the job's next try, with the error shown).
 */
export async function retryRefundNow(deps: PayDeps, admin: Requester, paymentId: unknown, rawNote: unknown): Promise<RetryResult> {
  if (!canModerate(admin)) return refuse("forbidden");
  if (!isUuid(paymentId)) return refuse("notFound");
  const note = checkNote(rawNote);
  if (!note.ok) return refuse("noteTooLong");
  const claimed = await inTransaction(deps.db, async (trx) => {
    const row = await deskRepo.claimRefundNow(trx, { paymentId, now: deps.now, claimMinutes: CLAIM_MINUTES });
    if (row)
      await insertAudit(trx, {
        actorId: admin.id,
        action: "retry_refund",
        kind: "payment",
        targetId: row.id,
        reason: auditReason(row.refund_reason, note.note),
        now: deps.now,
      });
    return row;
  });
  if (!claimed) return refuse((await repo.findPayment(deps.db, paymentId)) ? "notRetryable" : "notFound");
  return { ok: true, accepted: await requestRefund(deps, claimed) };
}

export type ManualRefundRefusal = ManualRefusal | "forbidden" | "reasonInvalid" | "noteTooLong";
export type ManualRefundResult = { ok: true; paymentId: string } | Refused<ManualRefundRefusal>;

/**
 * A refund by hand of a paid payment, named by its id or its booking's, with one of the spec's
 * reasons and an optional note. Marking the payment refund_pending is the conditional write that
 * decides (only a `succeeded` payment moves), so it is refunded once however many ask; then the
 * first request goes out as after any cancel. The booking becomes REFUNDED (its seat freed) when
 * the provider's refund event arrives, as for every refund.
 */
export async function refundByHand(deps: PayDeps, admin: Requester, input: { payment: unknown; reason: unknown; note: unknown }): Promise<ManualRefundResult> {
  if (!canModerate(admin)) return refuse("forbidden");
  const note = checkNote(input.note);
  const id = typeof input.payment === "string" ? input.payment.trim() : "";
  const payment = isUuid(id) ? await deskRepo.paymentForRefund(deps.db, id) : undefined;
  const refusal = manualRefundRefusal(payment);
  if (refusal) return refuse(refusal);
  if (!isRefundReason(input.reason)) return refuse("reasonInvalid");
  if (!note.ok) return refuse("noteTooLong");
  const reason = input.reason;
  const paymentId = payment!.id;
  const claimed = await inTransaction(deps.db, async (trx) => {
    if (!(await repo.markRefundPending(trx, paymentId, reason, deps.now))) return null;
    // Claimed in the deciding transaction, under its own row lock: a parallel request that is
    // still re-reading the row cannot make the claim skip it, so the first request goes out now.
    const [claim] = await repo.claimDueRefunds(trx, { now: deps.now, claimMinutes: CLAIM_MINUTES, maxTries: REFUND_MAX_TRIES, limit: 1, paymentId });
    await insertAudit(trx, {
      actorId: admin.id,
      action: "manual_refund",
      kind: "payment",
      targetId: paymentId,
      reason: auditReason(reason, note.note),
      now: deps.now,
    });
    return claim ?? null;
  });
  // Someone else decided first: say what became of the payment.
  if (!claimed) return refuse(manualRefundRefusal(await repo.findPayment(deps.db, paymentId)) ?? "refundUnderWay");
  await requestRefund(deps, claimed);
  return { ok: true, paymentId };
}
