import { inTransaction } from "#app/lib/transaction.server";
import type { WebhookEvent } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";
import type { WebhookAnswer } from "./event-meaning";
import * as repo from "./repo.server";

/** Stripe's dispute statuses, as the earnings desk keeps them: still open, or decided. */
export function disputeOutcome(status: unknown): "open" | "won" | "lost" | null {
  if (status === "won" || status === "warning_closed") return "won";
  if (status === "lost") return "lost";
  if (typeof status === "string" && /^(warning_)?(needs_response|under_review)$/.test(status)) return "open";
  return null;
}

/**
 * A chargeback (`charge.dispute.*`) recorded against the payment it disputes (decision record
 * 086): the seat's line on the earnings desk shows it. A decided dispute stays decided: an "open"
 * event that arrives after "won" or "lost" changes nothing, so events apply in any order. The
 * event's id is claimed in the same transaction, so a replay changes nothing either.
 */
export async function recordDispute(deps: { db: Database; now: Date }, event: WebhookEvent): Promise<WebhookAnswer> {
  const dispute = event.data.object as Record<string, unknown>;
  const intent = typeof dispute.payment_intent === "string" ? dispute.payment_intent : null;
  const outcome = disputeOutcome(dispute.status);
  const ref = typeof dispute.id === "string" && /^du?p_[A-Za-z0-9_]{1,64}$/.test(dispute.id) ? dispute.id : null;
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.claimEvent(trx, event.id, event.type, deps.now))) return { ok: true as const, outcome: "duplicate" };
    if (!intent || !outcome || !ref) return { ok: true as const, outcome: "ignored" };
    const marked = await repo.markDispute(trx, intent, { ref, outcome, now: deps.now });
    return { ok: true as const, outcome: marked ? "disputeRecorded" : "ignored" };
  });
}
