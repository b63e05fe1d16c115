import { describe, expect, it } from "vitest";
import { auditReason, canRetryNow, checkNote, isRefundReason, manualRefundRefusal, REFUND_NOTE_MAX } from "./refund-desk";

const now = new Date("2026-11-27T12:00:00Z");
const base = { payment_intent_ref: "pi_1", refund_ref: null, refund_error: null, refund_next_try_at: null };

describe("canRetryNow", () => {
  it("offers a retry for a refund that gave up or whose last request failed", () => {
    expect(canRetryNow({ ...base, status: "refund_failed", refund_error: "boom" }, now)).toBe(true);
    expect(canRetryNow({ ...base, status: "refund_pending", refund_error: "boom", refund_next_try_at: new Date("2026-11-27T12:05:00Z") }, now)).toBe(true);
  });
  it("offers it for a pending refund that is due and not being asked", () => {
    expect(canRetryNow({ ...base, status: "refund_pending", refund_next_try_at: "2026-11-27T11:59:00Z" }, now)).toBe(true);
  });
  it("not while a request is under way, once the provider accepted, nor without a charge", () => {
    expect(canRetryNow({ ...base, status: "refund_pending", refund_next_try_at: new Date("2026-11-27T12:01:00Z") }, now)).toBe(false);
    expect(canRetryNow({ ...base, status: "refund_pending", refund_ref: "re_1" }, now)).toBe(false);
    expect(canRetryNow({ ...base, status: "refund_failed", payment_intent_ref: null }, now)).toBe(false);
    expect(canRetryNow({ ...base, status: "succeeded" }, now)).toBe(false);
  });
});

describe("manualRefundRefusal", () => {
  it("refunds only a paid payment with a charge", () => {
    expect(manualRefundRefusal({ status: "succeeded", payment_intent_ref: "pi_1" })).toBeNull();
    expect(manualRefundRefusal(undefined)).toBe("notFound");
    expect(manualRefundRefusal({ status: "pending", payment_intent_ref: "pi_1" })).toBe("notPaid");
    expect(manualRefundRefusal({ status: "succeeded", payment_intent_ref: null })).toBe("notPaid");
    expect(manualRefundRefusal({ status: "refunded", payment_intent_ref: "pi_1" })).toBe("alreadyRefunded");
    expect(manualRefundRefusal({ status: "refund_pending", payment_intent_ref: "pi_1" })).toBe("refundUnderWay");
    expect(manualRefundRefusal({ status: "refund_failed", payment_intent_ref: "pi_1" })).toBe("refundFailed");
  });
});

describe("reasons and notes", () => {
  it("accepts the spec's refund reasons only", () => {
    expect(isRefundReason("duplicate_payment")).toBe(true);
    expect(isRefundReason("because")).toBe(false);
    expect(isRefundReason(undefined)).toBe(false);
  });
  it("keeps a trimmed note up to the limit", () => {
    expect(checkNote("  dos cobros  ")).toEqual({ ok: true, note: "dos cobros" });
    expect(checkNote(undefined)).toEqual({ ok: true, note: "" });
    expect(checkNote("x".repeat(REFUND_NOTE_MAX + 1))).toEqual({ ok: false });
    expect(auditReason("other", "")).toBe("other");
    expect(auditReason("other", "pidió por chat")).toBe("other: pidió por chat");
  });
});
