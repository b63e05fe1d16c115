import { describe, expect, it } from "vitest";
import { canEditReview, reviewDecision, type ReviewFacts } from "./rules";
import { newReviewSchema, replySchema, reviewSchema } from "./schema";

const start = new Date("2026-11-20T01:00:00Z");
const end = new Date("2026-11-20T04:00:00Z");
const facts = (over: Partial<ReviewFacts> = {}): ReviewFacts => ({
  session: { status: "COMPLETED", startsAt: start, durationMinutes: 180, dmId: "dm" },
  authorId: "player",
  targetId: "dm",
  authorHadSeat: true,
  targetHadSeat: false,
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
    expect(replySchema.safeParse({ reply: "  " }).error?.issues[0]?.message).toBe("replyRequired");
  });
});
