import { z } from "zod";

/**
 * The jobs desk's two forms (docs/decisions/065-jobs-desk.md): "run now" names a job, "email test"
 * a recipient. The fields are read as typed; the desk's use cases judge them (an unknown job, an
 * empty or malformed address), so each refusal keeps its own words on the page.
 */
export const jobsDeskSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("run"), job: z.string().default("") }),
  z.object({ intent: z.literal("email"), to: z.string().default("") }),
]);
export type JobsDeskInput = z.infer<typeof jobsDeskSchema>;
