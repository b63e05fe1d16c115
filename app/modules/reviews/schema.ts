import { z } from "zod";
import { optionalText, text } from "#app/utils/zod";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from "./rules";

/**
 * A rating as typed: a whole number of stars, 1 to 5. The form sends a string, the API a number;
 * "4.5", 0, 6 and anything else are refused with one message.
 */
const rating = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ required_error: "ratingInvalid", invalid_type_error: "ratingInvalid" })
    .int("ratingInvalid")
    .min(RATING_MIN, "ratingInvalid")
    .max(RATING_MAX, "ratingInvalid"),
);

const comment = optionalText({ max: REVIEW_COMMENT_MAX, tooLong: "commentTooLong" });

/** The review form and PATCH /api/reviews/{id}: the same schema in the browser and on the server. */
export const reviewSchema = z.object({ rating, comment });
export type ReviewInput = z.infer<typeof reviewSchema>;

const uuid = z.string({ required_error: "required", invalid_type_error: "required" }).uuid("required");

/** POST /api/reviews: which session and whom, with the review. */
export const newReviewSchema = reviewSchema.extend({ sessionId: uuid, targetId: uuid });
export type NewReviewInput = z.infer<typeof newReviewSchema>;

/** The answer of the reviewed person, once. */
export const replySchema = z.object({ reply: text({ max: REVIEW_COMMENT_MAX, required: "replyRequired", tooLong: "commentTooLong" }) });
