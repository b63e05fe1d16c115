import { z } from "zod";
import { optionalText } from "#app/lib/zod";
import { parseMessageId } from "#app/modules/chat/rules";
import { messageActions, profileActions, REPORT_DETAILS_MAX, reportKinds, reportReasons, reviewActions } from "./rules";

const uuid = z.string().uuid();

/**
 * The report form and POST /api/reports: the same schema (docs/decisions/063-admin-desk.md). A
 * review or a profile is named by its uuid, a chat message by its whole-number id (a string, or a
 * number in JSON), kept as its digits.
 */
export const reportSchema = z
  .object({
    kind: z.enum(reportKinds, { errorMap: () => ({ message: "admin:errors.targetInvalid" }) }),
    targetId: z.union([z.string(), z.number()], { errorMap: () => ({ message: "admin:errors.targetInvalid" }) }),
    reason: z.enum(reportReasons, { errorMap: () => ({ message: "admin:errors.reasonChoose" }) }),
    details: optionalText({ max: REPORT_DETAILS_MAX, tooLong: "admin:errors.detailsTooLong" }),
  })
  .transform((input, ctx) => {
    const id = input.kind === "message" ? parseMessageId(input.targetId) : uuid.safeParse(input.targetId).success ? String(input.targetId) : null;
    if (id === null) {
      ctx.addIssue({ code: "custom", path: ["targetId"], message: "admin:errors.targetInvalid" });
      return z.NEVER;
    }
    return { ...input, targetId: String(id) };
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
  z.object({ target: z.literal("message"), action: z.enum(messageActions), ...queueItem }),
  z.object({ target: z.literal("dispute"), action: z.enum(["uphold", "reject"]), ...queueItem }),
  z.object({ target: z.literal("user"), ...queueItem }),
]);
