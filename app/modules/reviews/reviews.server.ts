// Reviews both ways (docs/decisions/055-reviews.md): the use cases behind the review page, its
// form action and the JSON API. Each checks the one rule in rules.ts. Their refusals are the
// review's own words (translated in the reviews namespace), as the subscriptions' are.
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { ratingAverage } from "#app/modules/ratings/rules";
import { seatedPlayers } from "#app/modules/sessions/people-repo.server";
import { displayNameOf } from "#app/modules/users/rules";
import { isUuid } from "#app/utils/uuid";
import * as repo from "./repo.server";
import { canEditReview, EDIT_WINDOW_DAYS, REVIEW_WINDOW_DAYS, reviewDecision, type ReviewRefusal, type ReviewRole, sessionEnd } from "./rules";
import type { NewReviewInput, ReviewInput } from "./schema";

type Reader = Pick<Deps, "db" | "now">;

export type SubmitRefusal = ReviewRefusal | "alreadyReviewed" | "reviewRemoved";
export type SubmitResult = { ok: true; id: string; targetRole: ReviewRole } | { ok: false; refusal: SubmitRefusal };

async function decide(deps: Reader, authorId: string, sessionId: string, targetId: string) {
  if (!isUuid(sessionId) || !isUuid(targetId)) return { ok: false as const, refusal: "notFound" as const };
  const row = await repo.reviewFacts(deps.db, sessionId, authorId, targetId);
  const session = row && { status: row.status, startsAt: new Date(row.starts_at), durationMinutes: row.duration_minutes, dmId: row.dm_id };
  return reviewDecision(
    {
      session,
      authorId,
      targetId,
      authorHadSeat: Boolean(row?.author_had_seat),
      targetHadSeat: Boolean(row?.target_had_seat),
      authorVerified: Boolean(row?.author_verified),
    },
    deps.now,
  );
}

/**
 * Writes a review: the rule first, then the row. A second (or a parallel) submission for the same
 * session and target is answered 'already reviewed'; one after an admin deleted the author's
 * review of that person for that session, 'review removed' (decision record 069).
 */
export async function submitReview(deps: Reader, author: Requester, input: NewReviewInput): Promise<SubmitResult> {
  const decision = await decide(deps, author.id, input.sessionId, input.targetId);
  if (!decision.ok) return decision;
  const written = await repo.insertReview(deps.db, { ...input, authorId: author.id, targetRole: decision.targetRole, now: deps.now });
  return "id" in written ? { ok: true, id: written.id, targetRole: decision.targetRole } : { ok: false, refusal: written.refused };
}

export type EditResult = { ok: true } | { ok: false; refusal: "notFound" | "editClosed" };

/** The author changes their review within EDIT_WINDOW_DAYS of writing it; anyone else's is 'not found'. */
export async function editReview(deps: Reader, author: Requester, id: string, input: ReviewInput): Promise<EditResult> {
  if (!isUuid(id)) return { ok: false, refusal: "notFound" };
  const review = await repo.findReview(deps.db, id);
  if (!review || review.author_id !== author.id) return { ok: false, refusal: "notFound" };
  if (!canEditReview(new Date(review.created_at), deps.now)) return { ok: false, refusal: "editClosed" };
  const editableSince = new Date(deps.now.getTime() - EDIT_WINDOW_DAYS * 86_400_000);
  const done = await repo.updateReview(deps.db, { id, authorId: author.id, ...input, editableSince, now: deps.now });
  return done ? { ok: true } : { ok: false, refusal: "editClosed" };
}

export type ReplyResult = { ok: true } | { ok: false; refusal: "notFound" | "alreadyReplied" };

/** The reviewed person answers once, publicly; a review about someone else is 'not found'. */
export async function replyToReview(deps: Reader, user: Requester, id: string, reply: string): Promise<ReplyResult> {
  if (!isUuid(id)) return { ok: false, refusal: "notFound" };
  const review = await repo.findReview(deps.db, id);
  if (!review || review.target_id !== user.id) return { ok: false, refusal: "notFound" };
  return (await repo.writeReply(deps.db, { id, targetId: user.id, reply, now: deps.now })) ? { ok: true } : { ok: false, refusal: "alreadyReplied" };
}

/**
 * Where the viewer stands with one person of the session: 'open' to review, 'reviewed' (their
 * review can be changed from its page), 'removed' (an admin deleted their review: no other), or
 * 'verifyEmail' (they may review once their email address is verified).
 */
export type ReviewState = "open" | "reviewed" | "removed" | "verifyEmail";
export type ReviewTarget = { id: string; name: string; role: ReviewRole; reviewId: string | null; state: ReviewState };

const stateOf = (review: { deleted_at: unknown } | undefined, verified: boolean): ReviewState =>
  review ? (review.deleted_at ? "removed" : "reviewed") : verified ? "open" : "verifyEmail";

/**
 * Whom the viewer may review for this session now, each with their review if written: the host
 * for a player who held a seat, every seated player for the host. Empty before the end, after the
 * window, for a cancelled session and for anyone who was not there. A viewer whose email is not
 * verified sees the same people, each in the 'verifyEmail' state, so the page can say why.
 */
export async function reviewTargets(
  deps: Reader,
  viewer: Requester | null,
  session: { id: string; dm_id: string; dm_display_name: string; dm_email: string; starts_at: Date | string; duration_minutes: number },
) {
  // Most page views are of sessions still to come: nothing to ask the database then.
  if (!viewer || deps.now.getTime() < sessionEnd({ startsAt: new Date(session.starts_at), durationMinutes: session.duration_minutes }).getTime()) return [];
  const written = new Map((await repo.reviewsBy(deps.db, session.id, viewer.id)).map((r) => [r.target_id, r]));
  const shown = (open: Awaited<ReturnType<typeof decide>> | null) => open?.ok || open?.refusal === "emailNotVerified";
  if (viewer.id === session.dm_id) {
    // Whom the host may review: the confirmed seats only (a seat still awaiting payment was never taken).
    const players = await seatedPlayers(deps.db, session.id, { statuses: ["CONFIRMED"], orderBy: "name" });
    const open = players.length ? await decide(deps, viewer.id, session.id, players[0]!.user_id) : null;
    if (!shown(open)) return [];
    return players.map((p): ReviewTarget => {
      const review = written.get(p.user_id);
      return {
        id: p.user_id,
        name: displayNameOf({ displayName: p.display_name, email: p.email }),
        role: "PLAYER",
        reviewId: review?.id ?? null,
        state: stateOf(review, open!.ok),
      };
    });
  }
  const open = await decide(deps, viewer.id, session.id, session.dm_id);
  if (!shown(open)) return [];
  const review = written.get(session.dm_id);
  return [
    {
      id: session.dm_id,
      name: displayNameOf({ displayName: session.dm_display_name, email: session.dm_email }),
      role: "DM",
      reviewId: review?.id ?? null,
      state: stateOf(review, open.ok),
    } satisfies ReviewTarget,
  ];
}

/** The rating link's numbers for each of these people in a role: the average to one decimal and the count. */
export async function ratingsFor(deps: Pick<Deps, "db">, userIds: string[], role: ReviewRole) {
  const rows = await repo.ratingsOf(deps.db, [...new Set(userIds)]);
  const byUser = new Map<string, { average: number | null; count: number }>();
  for (const r of rows) if (r.role === role) byUser.set(r.user_id, { average: ratingAverage(r.rating_sum, r.rating_count), count: r.rating_count });
  return (userId: string) => byUser.get(userId) ?? { average: null, count: 0 };
}

export type ReviewFormRefusal = ReviewRefusal | "reviewRemoved";
export type ReviewForm =
  | {
      ok: true;
      targetRole: ReviewRole;
      target: { id: string; name: string };
      review: { id: string; rating: number; comment: string; editable: boolean } | null;
    }
  | { ok: false; refusal: ReviewFormRefusal };

/** The review page: whom the viewer reviews for this session, and their review if written (editable for 7 days). */
export async function reviewForm(deps: Reader, viewer: Requester, sessionId: string, targetId: string): Promise<ReviewForm> {
  const decision = await decide(deps, viewer.id, sessionId, targetId);
  if (!decision.ok) return decision;
  const [person, mine] = await Promise.all([repo.personName(deps.db, targetId), repo.reviewsBy(deps.db, sessionId, viewer.id)]);
  if (!person) return { ok: false, refusal: "notFound" };
  const review = mine.find((r) => r.target_id === targetId) ?? null;
  // An admin deleted this review: the page says so, and offers no form for another.
  if (review?.deleted_at) return { ok: false, refusal: "reviewRemoved" };
  return {
    ok: true,
    targetRole: decision.targetRole,
    target: { id: person.id, name: displayNameOf({ displayName: person.display_name, email: person.email }) },
    review: review && { id: review.id, rating: review.rating, comment: review.comment, editable: canEditReview(new Date(review.created_at), deps.now) },
  };
}

export const PROFILE_REVIEWS_PAGE_SIZE = 10;

/**
 * The profile's reviews tab: the person's published reviews, newest first, with the answers, a
 * page at a time; the person themself may answer those still without one.
 */
export async function profileReviews(deps: Reader, viewer: Requester | null, userId: string, pageParam: string | null) {
  const total = await repo.countPublishedReviewsOf(deps.db, userId);
  const pages = Math.max(1, Math.ceil(total / PROFILE_REVIEWS_PAGE_SIZE));
  const asked = Number(pageParam);
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const rows = total
    ? await repo.publishedReviewsOf(deps.db, userId, { limit: PROFILE_REVIEWS_PAGE_SIZE, offset: (page - 1) * PROFILE_REVIEWS_PAGE_SIZE })
    : [];
  return {
    total,
    page,
    pages,
    pageSize: PROFILE_REVIEWS_PAGE_SIZE,
    rows: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      reply: r.reply,
      createdAt: new Date(r.created_at),
      targetRole: r.target_role as ReviewRole,
      author: { id: r.author_id, name: displayNameOf({ displayName: r.author_name, email: r.author_email }) },
      session: { id: r.session_id, title: r.session_title },
      canReply: viewer?.id === userId && r.reply === null,
    })),
  };
}

/** A review as its reply page shows it: only to the person it is about, while it has no answer. */
export async function reviewToAnswer(deps: Reader, viewer: Requester, id: string) {
  if (!isUuid(id)) return null;
  const review = await repo.findReview(deps.db, id);
  if (!review || review.target_id !== viewer.id) return null;
  const author = await repo.personName(deps.db, review.author_id);
  return {
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    reply: review.reply,
    authorName: author ? displayNameOf({ displayName: author.display_name, email: author.email }) : "",
  };
}

/**
 * The past sessions list's review action (spec section 2): for each session the viewer played or
 * hosted that is still open to reviews, 'open' or, once they wrote one there, 'done'.
 */
export async function pastReviewStates(deps: Reader, viewerId: string, sessions: { id: string; starts_at: Date | string; duration_minutes: number }[]) {
  const open = sessions.filter((s) => {
    const end = sessionEnd({ startsAt: new Date(s.starts_at), durationMinutes: s.duration_minutes }).getTime();
    return end <= deps.now.getTime() && deps.now.getTime() <= end + REVIEW_WINDOW_DAYS * 86_400_000;
  });
  const done = await repo.reviewedSessionIds(
    deps.db,
    viewerId,
    open.map((s) => s.id),
  );
  return Object.fromEntries(open.map((s) => [s.id, done.has(s.id) ? ("done" as const) : ("open" as const)]));
}
