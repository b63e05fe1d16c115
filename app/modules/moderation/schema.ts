import { z } from "zod";
import { optionalText } from "#app/lib/zod";
import { REPORT_DETAILS_MAX, reportKinds, reportReasons } from "./rules";

/** The report form and POST /api/reports: the same schema (docs/decisions/063-admin-desk.md). */
export const reportSchema = z.object({
  kind: z.enum(reportKinds, { errorMap: () => ({ message: "admin:errors.targetInvalid" }) }),
  targetId: z.string({ required_error: "admin:errors.targetInvalid" }).uuid("admin:errors.targetInvalid"),
  reason: z.enum(reportReasons, { errorMap: () => ({ message: "admin:errors.reasonChoose" }) }),
  details: optionalText({ max: REPORT_DETAILS_MAX, tooLong: "admin:errors.detailsTooLong" }),
});
export type ReportInput = z.infer<typeof reportSchema>;
