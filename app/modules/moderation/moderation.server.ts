import { inTransaction } from "#app/lib/transaction.server";
import { canModerate, canReport } from "#app/modules/access/rules";
import { revokeEverySignIn } from "#app/modules/auth/index.server";
import type { Requester } from "#app/modules/auth/session.server";
import { reportableMessage } from "#app/modules/chat/index.server";
import type { Deps } from "#app/modules/deps.server";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { cancelSessionWithRefunds } from "#app/modules/payments/leave.server";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { consumeLimit, refundHit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as repo from "./repo.server";
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  auditActionOf,
  canBeBanned,
  checkReason,
  type DisputeDecision,
  holdsReview,
  type ProfileAction,
  reporterCounts,
  type ReviewAction,
} from "./rules";
import type { ReportInput } from "./schema";

type Db = Pick<Deps, "db" | "now">;
export type Refused<R extends string> = { ok: false; refusal: R };
export const refuse = <R extends string>(refusal: R): Refused<R> => ({ ok: false, refusal });

export type ReportResult =
  | { ok: true; id: string }
  | Refused<"notFound" | "self" | "ownMessage" | "removed" | "alreadyReported">
  | { ok: false; refusal: "rateLimited"; retryAfterSeconds: number };

/**
 * Who a report is about, or why it cannot be filed. A chat message is reported only by a current
 * member of its chat (anyone else hears notFound), never by its author, and not once removed.
 */
async function reportedUser(deps: Db, reporter: Requester, input: ReportInput): Promise<string | Refused<"notFound" | "self" | "ownMessage" | "removed">> {
  if (input.kind === "message") {
    const message = await reportableMessage(deps, reporter, Number(input.targetId));
    if (message.status === "ok") return message.message.senderId;
    return refuse(message.status === "self" ? "ownMessage" : message.status);
  }
  const targetUserId = await repo.reportTargetUser(deps.db, input.kind, input.targetId);
  if (!targetUserId) return refuse("notFound");
  return canReport(reporter, targetUserId) ? targetUserId : refuse("self");
}

/**
 * Anyone signed in reports a review or a profile, once per revision of it (a chat message: once,
 * and only from its chat, see reportedUser); never themself or their own review or message, and at
 * most limits.reportsPerAccount an hour (decision record 069: the hit is taken under the account's
 * bucket lock before anything is written, and given back when nothing was filed). The unique
 * index decides "once" (two submits at the same moment file one report). Under the review's row
 * lock, the report is judged (does its reporter count?) and the people who count are counted: the
 * report that brings a review to REPORTS_TO_HOLD_REVIEW of them holds it back until an admin
 * decides.
 */
export async function fileReport(deps: Db, reporter: Requester, input: ReportInput): Promise<ReportResult> {
  const targetUserId = await reportedUser(deps, reporter, input);
  if (typeof targetUserId !== "string") return targetUserId;
  const hit = await consumeLimit(deps.db, `reports:${reporter.id}`, limits.reportsPerAccount, deps.now);
  if (hit.limited) return { ok: false, refusal: "rateLimited", retryAfterSeconds: hit.retryAfterSeconds };
  const outcome = await inTransaction(deps.db, async (trx) => {
    // The review's row lock makes reports of it count one after the other, so the one that reaches
    // the threshold sees the others, however many arrive at once.
    const review = input.kind === "review" ? await repo.lockReportedReview(trx, input.targetId) : null;
    if (input.kind === "review" && !review) return "notFound" as const;
    const standing = review ? await repo.reporterStanding(trx, reporter.id) : null;
    const counts = Boolean(
      review &&
      standing &&
      reporterCounts(
        { id: standing.id, emailVerified: standing.email_verified_at !== null, createdAt: new Date(standing.created_at) },
        { targetId: review.target_id },
        deps.now,
      ),
    );
    const filed = await repo.insertReport(trx, {
      reporterId: reporter.id,
      ...input,
      targetUserId,
      targetRevision: review?.revision ?? 1,
      counts,
      now: deps.now,
    });
    if (
      filed &&
      counts &&
      review &&
      holdsReview({ status: review.status, hidden: review.hidden_at !== null }, await repo.countCountedReporters(trx, review.id))
    )
      await repo.holdReview(trx, review.id, deps.now);
    return filed ?? ("alreadyReported" as const);
  });
  if (outcome === "notFound" || outcome === "alreadyReported") {
    await refundHit(deps.db, hit.hitId);
    return refuse(outcome);
  }
  return { ok: true, id: outcome };
}

/** What the report page shows about its target (null: nothing to report there). */
export async function reportTarget(deps: Db, kind: "review" | "profile", targetId: string) {
  const userId = await repo.reportTargetUser(deps.db, kind, targetId);
  if (!userId) return null;
  const user = await deps.db.selectFrom("users").select(["id", "display_name"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return { userId, name: user.display_name };
}

const QUEUE_LIMIT = 50;

/** The moderation queue: open reports grouped by target, open no-show disputes, banned accounts. */
export async function moderationQueue(deps: Db) {
  const [reports, disputes, banned] = await Promise.all([
    repo.openReportGroups(deps.db, QUEUE_LIMIT),
    repo.openDisputes(deps.db, QUEUE_LIMIT),
    repo.bannedUsers(deps.db, QUEUE_LIMIT),
  ]);
  return { reports, disputes, banned };
}

export type ModerationRefusal =
  "forbidden" | "notFound" | "reasonRequired" | "reasonTooLong" | "adminNotBannable" | "alreadyBanned" | "notBanned" | "alreadyRemoved";
export type ModerationResult = { ok: true } | Refused<ModerationRefusal>;

export function checked(admin: Requester, action: AuditAction, rawReason: unknown): Refused<ModerationRefusal> | { ok: true; reason: string } {
  if (!canModerate(admin)) return refuse("forbidden");
  const reason = checkReason(action, rawReason);
  return reason.ok ? reason : refuse(reason.error);
}

/** The spec's actions on a reported review; its reports close with it (ban_user bans its author). */
export async function moderateReview(deps: PayDeps, admin: Requester, reviewId: string, action: ReviewAction, rawReason: unknown): Promise<ModerationResult> {
  const check = checked(admin, auditActionOf(action), rawReason);
  if (!check.ok) return check;
  const review = await repo.findReviewForModeration(deps.db, reviewId);
  if (!review || review.deleted_at) return refuse("notFound");
  if (action === "ban_user") {
    const banned = await banUser(deps, admin, review.author_id, check.reason);
    if (!banned.ok) return banned;
    // The review goes with its author's access: hidden, as a ban is reversible.
    await repo.setReviewModeration(deps.db, review.id, { status: "REJECTED", hidden: true, now: deps.now });
    return banned;
  }
  await inTransaction(deps.db, async (trx) => {
    // Dismissing the reports of a review they held back publishes it again, as approving does.
    if (action === "approve" || (action === "dismiss" && review.status === "PENDING"))
      await repo.setReviewModeration(trx, review.id, { status: "APPROVED", hidden: false, now: deps.now });
    if (action === "hide_review") await repo.setReviewModeration(trx, review.id, { status: "REJECTED", hidden: true, now: deps.now });
    if (action === "delete_review") await repo.setReviewModeration(trx, review.id, { status: "REJECTED", hidden: true, deleted: true, now: deps.now });
    const status = action === "dismiss" || action === "approve" ? "DISMISSED" : "ACTIONED";
    await repo.closeReports(trx, { kind: "review", targetId: review.id, status, by: admin.id, now: deps.now });
    await repo.insertAudit(trx, { actorId: admin.id, action: auditActionOf(action), kind: "review", targetId: review.id, reason: check.reason, now: deps.now });
  });
  return { ok: true };
}

/** A reported profile: dismiss its reports, or ban its owner. */
export async function moderateProfile(deps: PayDeps, admin: Requester, userId: string, action: ProfileAction, rawReason: unknown): Promise<ModerationResult> {
  const check = checked(admin, auditActionOf(action), rawReason);
  if (!check.ok) return check;
  if (action === "ban_user") return banUser(deps, admin, userId, check.reason);
  const closed = await inTransaction(deps.db, async (trx) => {
    const n = await repo.closeReports(trx, { kind: "profile", targetId: userId, status: "DISMISSED", by: admin.id, now: deps.now });
    if (n > 0)
      await repo.insertAudit(trx, { actorId: admin.id, action: "dismiss_reports", kind: "profile", targetId: userId, reason: check.reason, now: deps.now });
    return n;
  });
  return closed > 0 ? { ok: true } : refuse("notFound");
}

/**
 * Bans an account (never an admin's): it can no longer sign in, and every sign-in it holds ends at
 * once (login sessions, API tokens, the live streams they opened and the calendar address), as a
 * password reset does.
 * Every request's sign-in check already refuses a banned account, so booking, reviewing, chatting
 * and inquiring stop with it. Their upcoming hosted sessions are cancelled by the admin with full
 * refunds, which takes them out of search, and their active series pause (no new sessions are
 * generated). Reports about them close.
 */
export async function banUser(deps: PayDeps, admin: Requester, userId: string, rawReason: unknown): Promise<ModerationResult> {
  const check = checked(admin, "ban_user", rawReason);
  if (!check.ok) return check;
  const outcome = await inTransaction(deps.db, async (trx) => {
    const user = await repo.lockUser(trx, userId);
    if (!user) return refuse("notFound");
    if (!canBeBanned(user)) return refuse("adminNotBannable");
    if (user.banned_at) return refuse("alreadyBanned");
    await repo.setBanned(trx, userId, deps.now, deps.now);
    await revokeEverySignIn(trx, userId, null, deps.now);
    await repo.closeReportsAbout(trx, userId, admin.id, deps.now);
    await repo.pauseHostedSeries(trx, userId, deps.now);
    await repo.insertAudit(trx, { actorId: admin.id, action: "ban_user", kind: "user", targetId: userId, reason: check.reason, now: deps.now });
    return { ok: true as const };
  });
  if (!outcome.ok) return outcome;
  // After the ban commits: each cancellation takes its session's lock and tells its players.
  for (const sessionId of await repo.upcomingHostedSessionIds(deps.db, userId, deps.now)) {
    await cancelSessionWithRefunds(deps, admin, sessionId);
  }
  return { ok: true };
}

/** Lifts a ban: the account may sign in again. Sessions cancelled by the ban stay cancelled. */
export async function unbanUser(deps: Db, admin: Requester, userId: string, rawReason: unknown): Promise<ModerationResult> {
  const check = checked(admin, "unban_user", rawReason);
  if (!check.ok) return check;
  return inTransaction(deps.db, async (trx) => {
    const user = await repo.lockUser(trx, userId);
    if (!user) return refuse("notFound");
    if (!user.banned_at) return refuse("notBanned");
    await repo.setBanned(trx, userId, null, deps.now);
    await repo.insertAudit(trx, { actorId: admin.id, action: "unban_user", kind: "user", targetId: userId, reason: check.reason, now: deps.now });
    return { ok: true as const };
  });
}

/**
 * Decides a player's dispute of a no-show (decision record 057). Upheld, the no-show no longer
 * counts (the reliability facts read `status = 'UPHELD'`); either way the player is told.
 */
export async function decideNoShowDispute(
  deps: Db,
  admin: Requester,
  disputeId: string,
  decision: DisputeDecision,
  rawReason: unknown,
): Promise<ModerationResult> {
  const action: AuditAction = decision === "uphold" ? "uphold_dispute" : "reject_dispute";
  const check = checked(admin, action, rawReason);
  if (!check.ok) return check;
  const decided = await inTransaction(deps.db, async (trx) => {
    const row = await repo.decideDispute(trx, { id: disputeId, status: decision === "uphold" ? "UPHELD" : "REJECTED", by: admin.id, now: deps.now });
    if (row) await repo.insertAudit(trx, { actorId: admin.id, action, kind: "dispute", targetId: disputeId, reason: check.reason, now: deps.now });
    return row;
  });
  if (!decided) return refuse("notFound");
  await recordNotification(deps, {
    userId: decided.user_id,
    type: decision === "uphold" ? "dispute_upheld" : "dispute_rejected",
    params: { title: decided.title, reason: check.reason },
    actionUrl: `/session/${decided.session_id}`,
  });
  return { ok: true };
}

/** A page of the audit log, newest first. */
export async function auditLog(deps: Db, page: number) {
  const rows = await repo.auditPage(deps.db, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), page, hasNext: rows.length > AUDIT_PAGE_SIZE };
}
