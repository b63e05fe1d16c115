/**
 * Reports and the admin desk's rules (docs/decisions/063-admin-desk.md): pure, unit-tested here.
 */

/** Report reasons (spec section 5, reviews). */
export const reportReasons = ["SPAM", "INAPPROPRIATE", "FAKE", "HARASSMENT", "OTHER"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportKinds = ["review", "profile", "message"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;
export const AUDIT_PAGE_SIZE = 25;

/**
 * A review that this many different people who count (reporterCounts) have reported, with no
 * admin decision yet, is held back (status PENDING: unpublished, out of the averages) until an
 * admin approves it, dismisses the reports, hides or deletes it. One report can be a grudge;
 * three distinct ones rarely are.
 */
export const REPORTS_TO_HOLD_REVIEW = 3;

/** How old (in days) an account must be before its reports of a review count toward holding it (decision record 069). */
export const REPORTER_MIN_ACCOUNT_DAYS = 14;

/**
 * Whether a report of a review counts toward holding it back (decision record 069): never the
 * reviewed person's own (they may still report, and the admin sees it), and only from an account
 * with a verified email that existed REPORTER_MIN_ACCOUNT_DAYS days before the report. Throwaway
 * accounts made to take a review down count for nothing; an account cannot be aged after the fact.
 */
export function reporterCounts(reporter: { id: string; emailVerified: boolean; createdAt: Date }, review: { targetId: string }, now: Date): boolean {
  if (reporter.id === review.targetId) return false;
  if (!reporter.emailVerified) return false;
  return now.getTime() - reporter.createdAt.getTime() >= REPORTER_MIN_ACCOUNT_DAYS * 86_400_000;
}

/** Whether a review is held back now: published (APPROVED, not hidden) and reported by enough people who count. */
export const holdsReview = (review: { status: string; hidden: boolean }, countedReporters: number) =>
  review.status === "APPROVED" && !review.hidden && countedReporters >= REPORTS_TO_HOLD_REVIEW;

/**
 * The spec's moderation actions (section 4). On a review: dismiss (the reports close, nothing else),
 * approve (status APPROVED, shown again if hidden), hide_review, delete_review, ban_user (its author).
 * On a profile: dismiss or ban_user. On a chat message: dismiss, remove_message (shown as removed
 * to everyone in its chat) or ban_user (its author). Disputes of a no-show: uphold or reject.
 */
export const reviewActions = ["dismiss", "approve", "hide_review", "delete_review", "ban_user"] as const;
export const profileActions = ["dismiss", "ban_user"] as const;
export const messageActions = ["dismiss", "remove_message", "ban_user"] as const;
export type ReviewAction = (typeof reviewActions)[number];
export type ProfileAction = (typeof profileActions)[number];
export type MessageAction = (typeof messageActions)[number];
export type DisputeDecision = "uphold" | "reject";

/** Audit actions: every admin action writes one row with one of these. */
export type AuditAction =
  | "dismiss_reports"
  | "approve_review"
  | "hide_review"
  | "delete_review"
  | "remove_message"
  | "ban_user"
  | "unban_user"
  | "uphold_dispute"
  | "reject_dispute"
  // The refunds section (decision record 064); the "why" is the refund's reason and the admin's note.
  | "retry_refund"
  | "manual_refund"
  | "run_job"
  | "send_test_email";

/** Which actions must say why (the audit row's reason): everything that takes something away or refuses a player. */
export function reasonRequired(action: AuditAction): boolean {
  return !(["approve_review", "unban_user", "uphold_dispute", "run_job", "send_test_email"] as AuditAction[]).includes(action);
}

/** A reason as the audit keeps it: trimmed; a required one may not be empty; at most 1000 characters. */
export function checkReason(action: AuditAction, raw: unknown): { ok: true; reason: string } | { ok: false; error: "reasonRequired" | "reasonTooLong" } {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (reason.length > MODERATION_REASON_MAX) return { ok: false, error: "reasonTooLong" };
  if (reasonRequired(action) && reason.length === 0) return { ok: false, error: "reasonRequired" };
  return { ok: true, reason };
}

export const auditActionOf = (action: ReviewAction | ProfileAction | MessageAction): AuditAction =>
  action === "dismiss" ? "dismiss_reports" : action === "approve" ? "approve_review" : action;

/** A user may not be banned when they are an admin (their access is changed by hand, not from the desk). */
export const canBeBanned = (user: { roles: string[] }) => !user.roles.includes("admin");

/** Audit page number from the query: 1 by default, whole numbers only, capped to keep offsets sane. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, 10_000);
}
