import { describe, expect, it } from "vitest";
import {
  auditActionOf,
  canBeBanned,
  checkReason,
  holdsReview,
  messageActions,
  parsePage,
  reasonRequired,
  REPORTER_MIN_ACCOUNT_DAYS,
  reporterCounts,
  reportKinds,
  REPORTS_TO_HOLD_REVIEW,
} from "./rules";

describe("moderation rules", () => {
  it("requires a reason to hide, delete, ban, dismiss and reject, not to approve, unban or uphold", () => {
    for (const a of ["hide_review", "delete_review", "remove_message", "ban_user", "dismiss_reports", "reject_dispute"] as const)
      expect(reasonRequired(a)).toBe(true);
    for (const a of ["approve_review", "unban_user", "uphold_dispute", "run_job", "send_test_email"] as const) expect(reasonRequired(a)).toBe(false);
  });

  it("trims reasons, refuses an empty required one and one over 1000 characters", () => {
    expect(checkReason("ban_user", "  spam  ")).toEqual({ ok: true, reason: "spam" });
    expect(checkReason("ban_user", "   ")).toEqual({ ok: false, error: "reasonRequired" });
    expect(checkReason("ban_user", undefined)).toEqual({ ok: false, error: "reasonRequired" });
    expect(checkReason("approve_review", "")).toEqual({ ok: true, reason: "" });
    expect(checkReason("hide_review", "x".repeat(1000)).ok).toBe(true);
    expect(checkReason("hide_review", "x".repeat(1001))).toEqual({ ok: false, error: "reasonTooLong" });
  });

  it("maps queue actions to audit actions", () => {
    expect(auditActionOf("dismiss")).toBe("dismiss_reports");
    expect(auditActionOf("approve")).toBe("approve_review");
    expect(auditActionOf("ban_user")).toBe("ban_user");
    expect(auditActionOf("remove_message")).toBe("remove_message");
  });

  it("offers dismiss, remove and ban on a reported chat message, and messages can be reported", () => {
    expect(messageActions).toEqual(["dismiss", "remove_message", "ban_user"]);
    expect(reportKinds).toContain("message");
  });

  it("never bans an admin", () => {
    expect(canBeBanned({ roles: ["user", "admin"] })).toBe(false);
    expect(canBeBanned({ roles: ["dm"] })).toBe(true);
  });

  it("reads the audit page number defensively", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("3")).toBe(3);
  });
});

describe("holding a reported review back", () => {
  it("holds a published review at three open reports, not before; never one an admin already hid or rejected", () => {
    expect(REPORTS_TO_HOLD_REVIEW).toBe(3);
    expect(holdsReview({ status: "APPROVED", hidden: false }, 2)).toBe(false);
    expect(holdsReview({ status: "APPROVED", hidden: false }, 3)).toBe(true);
    expect(holdsReview({ status: "APPROVED", hidden: true }, 5)).toBe(false);
    expect(holdsReview({ status: "REJECTED", hidden: false }, 5)).toBe(false);
    expect(holdsReview({ status: "PENDING", hidden: false }, 5)).toBe(false);
  });

  it("counts a report of a review only from someone other than the reviewed person, verified, with an account at least 14 days old", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const old = new Date(now.getTime() - REPORTER_MIN_ACCOUNT_DAYS * 86_400_000);
    const review = { targetId: "ana" };
    expect(reporterCounts({ id: "lucia", emailVerified: true, createdAt: old }, review, now)).toBe(true);
    // The reviewed person may report their own review, but never counts.
    expect(reporterCounts({ id: "ana", emailVerified: true, createdAt: old }, review, now)).toBe(false);
    expect(reporterCounts({ id: "lucia", emailVerified: false, createdAt: old }, review, now)).toBe(false);
    expect(reporterCounts({ id: "lucia", emailVerified: true, createdAt: new Date(old.getTime() + 1000) }, review, now)).toBe(false);
  });
});
