import { z } from "zod";
import { intentsOf } from "#app/lib/zod";

/** The calendar settings form: make (or replace) the feed's address, or turn the feed off. */
export const feedSettingsSchema = intentsOf(
  "make",
  z.discriminatedUnion("intent", [z.object({ intent: z.literal("make") }), z.object({ intent: z.literal("off") })]),
);
