import { z } from "zod";
import { formExperienceLevels } from "#app/modules/catalog/options";
import { checkPricing, pricingApiShape } from "#app/modules/pricing/schema";
import { SAFETY_TOOLS } from "#app/modules/safety/rules";
import { preSessionCheckHours, seatCount } from "./fields";
import { durationApiMessage, durationProblem } from "./rules";

/** The rule of the forms (15–480 minutes in steps of 15), for the API's sessions and series. */
export const apiDuration = (fallback: number) =>
  z
    .number({ invalid_type_error: durationApiMessage })
    .refine((m) => durationProblem(m) === null, durationApiMessage)
    .default(fallback);

/**
 * The JSON API's session payload (spec sections 5 and 7): `date` is an ISO date-time, `price`
 * is in cents, tags are sent as labels. Errors are plain English, as the API answers `{ error }`.
 */
export const apiSessionSchema = z
  .object({
    title: z.string().trim().min(1, "title is required").max(200, "title must be at most 200 characters"),
    description: z.string().max(1000, "description must be at most 1000 characters").default(""),
    sessionInstructions: z.string().max(1000, "sessionInstructions must be at most 1000 characters").default(""),
    game: z.string().trim().min(1, "game is required").max(100, "game must be at most 100 characters"),
    genre: z.string().max(100, "genre must be at most 100 characters").nullish(),
    experienceLevel: z.enum(formExperienceLevels).nullish(),
    date: z.string().datetime({ offset: true, message: "date must be an ISO date-time" }),
    duration: apiDuration(120),
    maxParticipants: seatCount("api").default(5),
    minParticipants: seatCount("api").optional(),
    minPlayers: seatCount("api").optional(),
    preSessionCheckHours: preSessionCheckHours("api"),
    tags: z.array(z.string().trim().min(1).max(50)).max(10, "at most 10 tags").default([]),
    // Left out, a new one has none and an update keeps the stored ones (decision record 061).
    safetyTools: z.array(z.enum(SAFETY_TOOLS, { errorMap: () => ({ message: `safetyTools must be among ${SAFETY_TOOLS.join(", ")}` }) })).optional(),
    ...pricingApiShape,
    imageUrl: z.string().max(1000, "imageUrl must be an image uploaded to Mesa").nullish(), // checked against our storage by checkApiImageUrl
    location: z.string().max(200).nullish(),
    is_private: z.boolean().optional(),
    isPrivate: z.boolean().optional(),
  })
  .transform((v) => ({ ...v, minParticipants: v.minParticipants ?? v.minPlayers ?? 3, isPrivate: v.is_private ?? v.isPrivate ?? false }))
  .superRefine((v, ctx) => {
    if (v.minParticipants > v.maxParticipants) ctx.addIssue({ code: "custom", message: "minParticipants cannot exceed maxParticipants" });
    checkPricing({ priceCents: v.price, free: v.price === 0, currency: v.currency, methods: v.allowedPaymentMethods }, ctx, "api");
  });

export type ApiSessionInput = z.infer<typeof apiSessionSchema>;

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.path.length && !issue.message.includes(String(issue.path[0])) ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}
