import { z } from "zod";
import { optionalText, text } from "#app/lib/zod";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from "./rules";

/** A whole number of stars, 1 to 5; "4.5", 0, 6, a string and anything else are refused with one message. */
const stars = z
  .number({ required_error: "ratingInvalid", invalid_type_error: "ratingInvalid" })
  .int("ratingInvalid")
  .min(RATING_MIN, "ratingInvalid")
  .max(RATING_MAX, "ratingInvalid");

/** The form's rating: a form sends every value as text, so "4" is read as 4. */
const typedRating = z.preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), stars);

const comment = optionalText({ max: REVIEW_COMMENT_MAX, tooLong: "commentTooLong" });

/** The review form: the same schema in the browser and on the server. */
export const reviewSchema = z.object({ rating: typedRating, comment });
export type ReviewInput = z.infer<typeof reviewSchema>;

/** PATCH /api/reviews/{id}: the JSON API takes a number of stars only, never "5" (house rule: no strings for numbers). */
export const apiReviewSchema = z.object({ rating: stars, comment });

const uuid = z.string({ required_error: "required", invalid_type_error: "required" }).uuid("required");

/** POST /api/reviews: which session and whom, with the review (a number of stars, as PATCH). */
export const newReviewSchema = apiReviewSchema.extend({ sessionId: uuid, targetId: uuid });
export type NewReviewInput = z.infer<typeof newReviewSchema>;

/** The answer of the reviewed person, once. */
export const replySchema = z.object({ reply: text({ max: REVIEW_COMMENT_MAX, required: "replyRequired", tooLong: "commentTooLong" }) });
