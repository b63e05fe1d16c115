import { z } from "zod";
import { optionalText } from "#app/lib/zod";
import { profileActions, REPORT_DETAILS_MAX, reportKinds, reportReasons, reviewActions } from "./rules";

/** The report form and POST /api/reports: the same schema (docs/decisions/063-admin-desk.md). */
export const reportSchema = z.object({
  kind: z.enum(reportKinds, { errorMap: () => ({ message: "admin:errors.targetInvalid" }) }),
  targetId: z.string({ required_error: "admin:errors.targetInvalid" }).uuid("admin:errors.targetInvalid"),
  reason: z.enum(reportReasons, { errorMap: () => ({ message: "admin:errors.reasonChoose" }) }),
  details: optionalText({ max: REPORT_DETAILS_MAX, tooLong: "admin:errors.detailsTooLong" }),
});
export type ReportInput = z.infer<typeof reportSchema>;

/**
 * The moderation queue's forms, one per item: `target` says which kind of item, `action` what to do
 * with it (a banned user's only action is unban). The reason is read as typed; the use case checks
 * it against the action (required for what takes something away, at most 1000 characters).
 */
const queueItem = { id: z.string().default(""), reason: z.string().default("") };
export const moderationSchema = z.discriminatedUnion("target", [
  z.object({ target: z.literal("review"), action: z.enum(reviewActions), ...queueItem }),
  z.object({ target: z.literal("profile"), action: z.enum(profileActions), ...queueItem }),
  z.object({ target: z.literal("dispute"), action: z.enum(["uphold", "reject"]), ...queueItem }),
  z.object({ target: z.literal("user"), ...queueItem }),
]);
