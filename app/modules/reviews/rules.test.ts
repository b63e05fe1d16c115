import { describe, expect, it } from "vitest";
import { canEditReview, reviewDecision, type ReviewFacts } from "./rules";
import { apiReviewSchema, newReviewSchema, replySchema, reviewSchema } from "./schema";

const start = new Date("2026-11-20T01:00:00Z");
const end = new Date("2026-11-20T04:00:00Z");
const facts = (over: Partial<ReviewFacts> = {}): ReviewFacts => ({
  session: { status: "COMPLETED", startsAt: start, durationMinutes: 180, dmId: "dm" },
  authorId: "player",
  targetId: "dm",
  authorHadSeat: true,
  targetHadSeat: false,
  authorVerified: true,
  ...over,
});
const DAY = 86_400_000;

describe("who may review whom, and when (reviewDecision)", () => {
  it("a player with a confirmed seat reviews the host; the host reviews a player who had one", () => {
    expect(reviewDecision(facts(), end)).toEqual({ ok: true, targetRole: "DM" });
    expect(reviewDecision(facts({ authorId: "dm", targetId: "player", authorHadSeat: false, targetHadSeat: true }), end)).toEqual({
      ok: true,
      targetRole: "PLAYER",
    });
  });

  it("from the end of the session until 30 days after it", () => {
    expect(reviewDecision(facts(), new Date(end.getTime() - 1000))).toEqual({ ok: false, refusal: "notEnded" });
    expect(reviewDecision(facts(), new Date(end.getTime() + 30 * DAY))).toMatchObject({ ok: true });
    expect(reviewDecision(facts(), new Date(end.getTime() + 30 * DAY + 1000))).toEqual({ ok: false, refusal: "closed" });
  });

  it("refuses oneself, a cancelled or unknown session, someone who was not there, and a target who was not", () => {
    expect(reviewDecision(facts({ targetId: "player" }), end)).toEqual({ ok: false, refusal: "self" });
    expect(reviewDecision(facts({ session: { status: "CANCELLED", startsAt: start, durationMinutes: 180, dmId: "dm" } }), end)).toEqual({
      ok: false,
      refusal: "cancelled",
    });
    expect(reviewDecision(facts({ session: null }), end)).toEqual({ ok: false, refusal: "notFound" });
    expect(reviewDecision(facts({ authorHadSeat: false }), end)).toEqual({ ok: false, refusal: "notParticipant" });
    // A player reviews the host only, not another player.
    expect(reviewDecision(facts({ targetId: "other" }), end)).toEqual({ ok: false, refusal: "targetNotThere" });
    expect(reviewDecision(facts({ authorId: "dm", targetId: "stranger", targetHadSeat: false }), end)).toEqual({ ok: false, refusal: "targetNotThere" });
  });

  it("asks a participant whose email is not verified to verify it; anyone else hears why they may not review at all", () => {
    expect(reviewDecision(facts({ authorVerified: false }), end)).toEqual({ ok: false, refusal: "emailNotVerified" });
    expect(reviewDecision(facts({ authorId: "dm", targetId: "player", authorHadSeat: false, targetHadSeat: true, authorVerified: false }), end)).toEqual({
      ok: false,
      refusal: "emailNotVerified",
    });
    expect(reviewDecision(facts({ authorVerified: false, authorHadSeat: false }), end)).toEqual({ ok: false, refusal: "notParticipant" });
    expect(reviewDecision(facts({ authorVerified: false }), new Date(end.getTime() - 1000))).toEqual({ ok: false, refusal: "notEnded" });
  });
});

describe("editing and the schemas", () => {
  it("an author edits for 7 days", () => {
    expect(canEditReview(end, new Date(end.getTime() + 7 * DAY))).toBe(true);
    expect(canEditReview(end, new Date(end.getTime() + 7 * DAY + 1))).toBe(false);
  });

  it("a rating is a whole number of stars from 1 to 5, from a form or the API", () => {
    expect(reviewSchema.parse({ rating: "4", comment: " Gran partida " })).toEqual({ rating: 4, comment: "Gran partida" });
    expect(reviewSchema.parse({ rating: 5 })).toEqual({ rating: 5, comment: "" });
    for (const bad of [0, 6, 4.5, "4.5", "", "cinco", null, ["4"]]) {
      expect(reviewSchema.safeParse({ rating: bad, comment: "" }).error?.issues[0]?.message).toBe("ratingInvalid");
    }
  });

  it("a comment holds 1000 characters, no control characters; ids are uuids; a reply is needed to answer", () => {
    expect(reviewSchema.safeParse({ rating: 5, comment: "a".repeat(1000) }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 5, comment: "a".repeat(1001) }).error?.issues[0]?.message).toBe("commentTooLong");
    expect(reviewSchema.safeParse({ rating: 5, comment: "hola\u0000" }).error?.issues[0]?.message).toBe("invalidCharacters");
    expect(reviewSchema.safeParse({ rating: 5, comment: ["a"] }).success).toBe(false);
    expect(newReviewSchema.safeParse({ rating: 5, sessionId: "x", targetId: "y" }).success).toBe(false);
  });

  it("the JSON API takes a number of stars, never a string; the form reads its text", () => {
    const ids = { sessionId: "6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f", targetId: "7f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f" };
    expect(newReviewSchema.safeParse({ ...ids, rating: 5 }).success).toBe(true);
    const refused = newReviewSchema.safeParse({ ...ids, rating: "5" });
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["rating", "ratingInvalid"]]);
    expect(apiReviewSchema.safeParse({ rating: "4" }).success).toBe(false);
    expect(reviewSchema.parse({ rating: "4" })).toEqual({ rating: 4, comment: "" });
    expect(replySchema.safeParse({ reply: "  " }).error?.issues[0]?.message).toBe("replyRequired");
  });
});
