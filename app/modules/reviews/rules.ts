// Reviews both ways (docs/decisions/055-reviews.md): who may review whom, when, and the edit and reply rules.

export const REVIEW_COMMENT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;
/** Reviews are written from the session's end until this many days after it. */
export const REVIEW_WINDOW_DAYS = 30;
/** An author may change their review for this many days after writing it. */
export const EDIT_WINDOW_DAYS = 7;

const DAY = 86_400_000;

export type ReviewRole = "DM" | "PLAYER";

/** What the review rule reads about one session, its author and its target. */
export type ReviewFacts = {
  session: { status: string; startsAt: Date; durationMinutes: number; dmId: string } | null;
  authorId: string;
  targetId: string;
  /** The author held a confirmed seat in the session (a player reviewing its host). */
  authorHadSeat: boolean;
  /** The target held a confirmed seat in the session (the host reviewing a player). */
  targetHadSeat: boolean;
  /**
   * The author's email address is verified (decision record 069): a review is public and moves a
   * rating, so each one costs its author a real mailbox, as a paid seat does.
   */
  authorVerified: boolean;
};

export type ReviewRefusal = "notFound" | "self" | "cancelled" | "notEnded" | "closed" | "notParticipant" | "targetNotThere" | "emailNotVerified";

/** When a session ended: its start plus its length. */
export const sessionEnd = (s: { startsAt: Date; durationMinutes: number }) => new Date(s.startsAt.getTime() + s.durationMinutes * 60_000);

/**
 * Whether `authorId` may review `targetId` for this session at `now`, and as whom: a player who
 * held a confirmed seat reviews the host (target DM); the host reviews a player who held one
 * (target PLAYER). Only after the session ended and within REVIEW_WINDOW_DAYS of its end; never a
 * cancelled session, never oneself; and only from an author whose email address is verified (asked
 * last, so a participant who may review once verified is told that, and anyone else why not).
 * One rule for the page, the form action and the API.
 */
export function reviewDecision(facts: ReviewFacts, now: Date): { ok: true; targetRole: ReviewRole } | { ok: false; refusal: ReviewRefusal } {
  const decision = whomAndAs(facts, now);
  if (decision.ok && !facts.authorVerified) return { ok: false, refusal: "emailNotVerified" };
  return decision;
}

function whomAndAs(facts: ReviewFacts, now: Date): { ok: true; targetRole: ReviewRole } | { ok: false; refusal: ReviewRefusal } {
  const s = facts.session;
  if (!s) return { ok: false, refusal: "notFound" };
  if (facts.authorId === facts.targetId) return { ok: false, refusal: "self" };
  if (s.status === "CANCELLED") return { ok: false, refusal: "cancelled" };
  const end = sessionEnd(s);
  if (now.getTime() < end.getTime()) return { ok: false, refusal: "notEnded" };
  if (now.getTime() > end.getTime() + REVIEW_WINDOW_DAYS * DAY) return { ok: false, refusal: "closed" };
  if (facts.authorId === s.dmId) return facts.targetHadSeat ? { ok: true, targetRole: "PLAYER" } : { ok: false, refusal: "targetNotThere" };
  if (!facts.authorHadSeat) return { ok: false, refusal: "notParticipant" };
  return facts.targetId === s.dmId ? { ok: true, targetRole: "DM" } : { ok: false, refusal: "targetNotThere" };
}

/** Whether the author may still change a review written at `createdAt`. */
export const canEditReview = (createdAt: Date, now: Date) => now.getTime() <= createdAt.getTime() + EDIT_WINDOW_DAYS * DAY;
