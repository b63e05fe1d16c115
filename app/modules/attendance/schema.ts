import { z } from "zod";
import { parseMark, reasonError } from "./rules";

// The attendance forms' schemas: the host's sheet and a player's dispute, each read with parseForm.

/** The sheet's radio buttons are named `mark:<userId>`, one per confirmed player. */
export const MARK_FIELD_PREFIX = "mark:";
const INVALID_MARKS = "attendance:errors.invalidMarks";

/**
 * The host's sheet: every `mark:<userId>` field, as one mark per player. A field sent twice (an
 * array), a value other than the two marks or no mark at all makes the whole form invalid rather
 * than half-saved. Other fields are ignored, and so is an id that is not on the sheet (the use case
 * marks only the session's confirmed players).
 */
export const attendanceSheetSchema = z.record(z.string(), z.unknown()).transform((fields, ctx) => {
  const marks: { userId: string; present: boolean }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(MARK_FIELD_PREFIX)) continue;
    const userId = name.slice(MARK_FIELD_PREFIX.length);
    const mark = parseMark(value);
    if (mark === null) {
      ctx.addIssue({ code: "custom", message: INVALID_MARKS });
      return z.NEVER;
    }
    marks.push({ userId, present: mark === "PRESENT" });
  }
  if (marks.length === 0) {
    ctx.addIssue({ code: "custom", message: INVALID_MARKS });
    return z.NEVER;
  }
  return marks;
});

/** A player's dispute of a no-show: the reason, checked by the attendance rule (an emptied field is an empty reason). */
export const disputeSchema = z.object({
  reason: z
    .unknown()
    .transform((value) => value ?? "")
    .superRefine((value, ctx) => {
      const error = reasonError(value);
      if (error) ctx.addIssue({ code: "custom", message: `attendance:errors.${error}` });
    })
    .transform((value) => String(value)),
});
