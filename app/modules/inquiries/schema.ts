import { z } from "zod";
import { hasForbiddenCharacters, optionalText } from "#app/lib/zod";
import { MAX_PRICE_CENTS, toCents } from "#app/modules/pricing/rules";
import { INQUIRY_DEFAULTS, INQUIRY_LIMITS, sessionTypes } from "./rules";

/**
 * The inquiry form, checked by the same schema in the browser and on the server. Messages are
 * keys in the inquiries namespace (the field's error list reads them from there).
 */
const whole = (min: number, max: number, message: string, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : v),
    z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message),
  );

export const inquirySchema = z.object({
  playerCount: whole(INQUIRY_LIMITS.playersMin, INQUIRY_LIMITS.playersMax, "inquiries:validation.playersRange", INQUIRY_DEFAULTS.playerCount),
  hours: whole(INQUIRY_LIMITS.hoursMin, INQUIRY_LIMITS.hoursMax, "inquiries:validation.hoursRange", INQUIRY_DEFAULTS.hours),
  sessionType: z.enum(sessionTypes, { errorMap: () => ({ message: "inquiries:validation.sessionType" }) }).default(INQUIRY_DEFAULTS.sessionType),
  // Empty gets the spec's own message ('Please specify when you're available'), not "too short".
  availability: z
    .string({ required_error: "inquiries:validation.availabilityRequired", invalid_type_error: "inquiries:validation.availabilityRequired" })
    .trim()
    .min(1, "inquiries:validation.availabilityRequired")
    .pipe(
      z
        .string()
        .min(INQUIRY_LIMITS.availabilityMin, "inquiries:validation.availabilityTooShort")
        .max(INQUIRY_LIMITS.availabilityMax, "inquiries:validation.availabilityTooLong")
        .refine((s) => !hasForbiddenCharacters(s), "invalidCharacters"),
    ),
  details: optionalText({ max: INQUIRY_LIMITS.detailsMax, tooLong: "inquiries:validation.detailsTooLong" }),
});
export type InquiryInput = z.infer<typeof inquirySchema>;

/**
 * The DM's accept form: the day and time of the private session (read in the DM's time zone) and
 * the price of a seat, prefilled with the inquiry's hours at the DM's rate; the DM may change it
 * (a first game free, say). Whole units or two decimals; left out, the prefilled price is used.
 */
export const acceptSchema = z.object({
  price: z
    .string({ invalid_type_error: "inquiries:validation.priceInvalid" })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const cents = toCents(v);
      if (cents === null || cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: "custom", message: "inquiries:validation.priceInvalid" });
        return z.NEVER;
      }
      return cents;
    }),
  date: z.string({ required_error: "inquiries:validation.dateRequired" }).regex(/^\d{4}-\d{2}-\d{2}$/, "inquiries:validation.dateRequired"),
  time: z.string({ required_error: "inquiries:validation.timeRequired" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "inquiries:validation.timeRequired"),
});
export type AcceptInput = z.infer<typeof acceptSchema>;

/** The DM's optional words to the player when declining. */
export const declineSchema = z.object({
  message: optionalText({ max: INQUIRY_LIMITS.declineMessageMax, tooLong: "inquiries:validation.messageTooLong" }),
});

/**
 * The DM's three forms on an inquiry, one schema: answer (opens the direct chat), accept (the day,
 * time and price above) or decline (the optional words above).
 */
export const inquiryDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer") }),
  acceptSchema.extend({ intent: z.literal("accept") }),
  declineSchema.extend({ intent: z.literal("decline") }),
]);
