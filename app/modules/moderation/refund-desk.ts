/**
 * The admin desk's refunds (docs/decisions/064-refund-desk.md): pure rules, unit-tested beside.
 */
import { REFUND_REASONS, type RefundReason } from "#app/services/payments/payments";

export const REFUND_NOTE_MAX = 1000;

/** A payment as the desk judges it: its status, whether the provider knows its charge, and its refund so far. */
export type RefundState = {
  status: string;
  payment_intent_ref: string | null;
  refund_ref: string | null;
  refund_error: string | null;
  refund_next_try_at: Date | string | null;
};

/**
 * Whether "retry now" applies: a refund that gave up, or one waiting for its next try after a
 * failed request (or due and not yet asked). Not one the provider accepted (its event is on the
 * way) nor one being asked right now (claimed: no error yet, next try ahead). The claiming
 * statement (refund-desk.repo.server.ts) decides with the same conditions; this only draws the button.
 */
export function canRetryNow(p: RefundState, now: Date): boolean {
  if (!p.payment_intent_ref || p.refund_ref) return false;
  if (p.status === "refund_failed") return true;
  if (p.status !== "refund_pending") return false;
  return p.refund_error !== null || (p.refund_next_try_at !== null && new Date(p.refund_next_try_at) <= now);
}

export type ManualRefusal = "notFound" | "notPaid" | "alreadyRefunded" | "refundUnderWay" | "refundFailed";

/** Why a payment cannot be refunded by hand, or null when it can (paid, with a charge to refund). */
export function manualRefundRefusal(p: Pick<RefundState, "status" | "payment_intent_ref"> | undefined): ManualRefusal | null {
  if (!p) return "notFound";
  if (p.status === "refunded") return "alreadyRefunded";
  if (p.status === "refund_pending") return "refundUnderWay";
  if (p.status === "refund_failed") return "refundFailed";
  if (p.status !== "succeeded" || !p.payment_intent_ref) return "notPaid";
  return null;
}

export const isRefundReason = (raw: unknown): raw is RefundReason => typeof raw === "string" && (REFUND_REASONS as readonly string[]).includes(raw);

/** The manual refund's note: optional, trimmed, at most REFUND_NOTE_MAX characters. */
export function checkNote(raw: unknown): { ok: true; note: string } | { ok: false } {
  const note = typeof raw === "string" ? raw.trim() : "";
  return note.length > REFUND_NOTE_MAX ? { ok: false } : { ok: true, note };
}

/** What the audit keeps as the "why" of a refund action: the reason code, then the admin's note. */
export const auditReason = (reason: string, note: string) => (note ? `${reason}: ${note}` : reason);
