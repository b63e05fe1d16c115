import { z } from "zod";

/**
 * The notifications page's forms: "mark all read" (`intent=read-all`) and, on each unread notice,
 * "mark read" with its id and no intent. An id that names no notice of the reader's is refused by
 * the use case, as one that is not a number.
 */
export const notificationsPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.undefined(), id: z.string().default("") }),
]);
