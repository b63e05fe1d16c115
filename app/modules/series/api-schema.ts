import { z } from "zod";
import { formExperienceLevels, seriesFrequencies } from "#app/modules/catalog/options";
import { MAX_PRICE_CENTS } from "#app/modules/pricing/rules";
import { checkPricing, pricingApiShape } from "#app/modules/pricing/schema";
import { SAFETY_TOOLS } from "#app/modules/safety/rules";
import { apiDuration } from "#app/modules/sessions/api-schema";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** An IANA zone the runtime knows ("America/Mexico_City"). */
function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const dateTime = z.string().datetime({ offset: true });
const dateOrDateTime = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be an ISO date or date-time` })
    .refine((v) => isoDate.test(v) || dateTime.safeParse(v).success, `${name} must be an ISO date or date-time`);

const hours = (name: string) =>
  z
    .number({ invalid_type_error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and 168`)
    .max(168, `${name} must be between 1 and 168`);

/**
 * POST /api/session-series and PATCH /api/session-series/{id} (spec sections 5 and 7): the series
 * form's fields, prices in cents, tags as labels; an ongoing series' end date is ignored.
 * `startDate` is a date or an ISO date-time; with a date-time and no `timeOfDay`, its local time in
 * the series' zone is the time of day. Errors are plain English, as the API answers `{ error }`.
 */
export const apiSeriesSchema = z
  .object({
    title: z.string().trim().min(1, "title is required").max(200, "title must be at most 200 characters"),
    description: z.string().max(2000, "description must be at most 2000 characters").default(""),
    sessionInstructions: z
      .string({ required_error: "Instructions must be at least 10 characters" })
      .trim()
      .min(10, "Instructions must be at least 10 characters")
      .max(1000, "Instructions cannot exceed 1000 characters"),
    game: z.string().trim().min(1, "game is required").max(100, "game must be at most 100 characters"),
    genre: z.string().max(100, "genre must be at most 100 characters").nullish(),
    experienceLevel: z.enum(formExperienceLevels).nullish(),
    frequency: z.enum(seriesFrequencies, { errorMap: () => ({ message: "frequency must be WEEKLY, BIWEEKLY, MONTHLY or IRREGULAR" }) }),
    timezone: z.string().refine(isTimeZone, "timezone must be an IANA time zone").optional(),
    startDate: dateOrDateTime("startDate"),
    endDate: dateOrDateTime("endDate").nullish(),
    isOngoing: z.boolean().default(false),
    timeOfDay: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeOfDay must be HH:MM (24-hour)")
      .optional(),
    dayOfWeek: z.number().int().min(0, "dayOfWeek must be between 0 and 6").max(6, "dayOfWeek must be between 0 and 6").nullish(),
    dayOfMonth: z.number().int().min(1, "dayOfMonth must be between 1 and 31").max(31, "dayOfMonth must be between 1 and 31").nullish(),
    duration: apiDuration(240),
    maxParticipants: z.number().int().min(1, "maxParticipants must be between 1 and 20").max(20, "maxParticipants must be between 1 and 20").default(5),
    minParticipants: z.number().int().min(1, "minParticipants must be between 1 and 20").max(20, "minParticipants must be between 1 and 20").default(2),
    ...pricingApiShape,
    pricePerSession: z
      .number()
      .int("pricePerSession must be a whole number of cents")
      .min(0, "pricePerSession cannot be negative")
      .max(MAX_PRICE_CENTS)
      .optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(10, "at most 10 tags").default([]),
    // Left out, a new one has none and an update keeps the stored ones (decision record 061).
    safetyTools: z.array(z.enum(SAFETY_TOOLS, { errorMap: () => ({ message: `safetyTools must be among ${SAFETY_TOOLS.join(", ")}` }) })).optional(),
    autoGenerateAhead: z.number().int().min(1, "autoGenerateAhead must be between 1 and 10").max(10, "autoGenerateAhead must be between 1 and 10").default(2),
    bookingLockHours: hours("bookingLockHours").default(24),
    preSessionCheckHours: hours("preSessionCheckHours").default(24),
    imageUrl: z.string().max(1000, "imageUrl must be an image uploaded to Mesa").nullish(), // checked against our storage by checkApiImageUrl
    location: z.string().max(200, "location must be at most 200 characters").nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.minParticipants > v.maxParticipants) ctx.addIssue({ code: "custom", message: "minParticipants cannot exceed maxParticipants" });
    const priceCents = v.pricePerSession ?? v.price;
    checkPricing({ priceCents, free: priceCents === 0, currency: v.currency, methods: v.allowedPaymentMethods }, ctx, "api");
  })
  // Ongoing series send no end date (spec section 7).
  .transform((v) => ({ ...v, endDate: v.isOngoing ? null : (v.endDate ?? null), priceCents: v.pricePerSession ?? v.price }));

export type ApiSeriesInput = z.infer<typeof apiSeriesSchema>;

/**
 * PATCH /api/session-series/{id} with `status` alone: the status the host wants. COMPLETED is not
 * asked for; a series becomes COMPLETED when its dates are over.
 */
export const apiSeriesStatusSchema = z
  .object({
    status: z.enum(["PAUSED", "ACTIVE", "CANCELLED"], {
      errorMap: () => ({ message: "status must be one of PAUSED, ACTIVE, CANCELLED" }),
    }),
  })
  .strict("status is changed on its own, without other fields");

export const changeForStatus = { PAUSED: "pause", ACTIVE: "resume", CANCELLED: "cancel" } as const;
