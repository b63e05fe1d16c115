import { z } from "zod";
import { currencies, formExperienceLevels, formSeriesFrequencies, games, genres, paymentMethods } from "#app/modules/catalog/options";
import { formPriceToCents } from "#app/modules/sessions/rules";
import { optionalText, text } from "#app/utils/zod";
import { isTodayOrLater } from "./rules";

const list = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);
const int = (message: string) => z.coerce.number({ invalid_type_error: message }).int(message);

/** The series form (spec section 5, Series form). */
export function seriesFormSchema(context: { now: Date; timeZone: string }) {
  return z
    .object({
      title: text({ max: 200, required: "sessionTitleRequired", tooLong: "sessionTitleTooLong" }),
      description: optionalText({ max: 2000, tooLong: "seriesDescriptionTooLong" }),
      sessionInstructions: z
        .string({ required_error: "seriesInstructionsTooShort" })
        .trim()
        .min(10, "seriesInstructionsTooShort")
        .max(1000, "seriesInstructionsTooLong"),
      game: z.enum(games, { errorMap: () => ({ message: "gameRequired" }) }),
      genre: z.enum(genres, { errorMap: () => ({ message: "genreInvalid" }) }).optional(),
      experienceLevel: z.enum(formExperienceLevels, { errorMap: () => ({ message: "experienceInvalid" }) }).optional(),
      frequency: z.enum(formSeriesFrequencies, { errorMap: () => ({ message: "frequencyRequired" }) }),
      dayOfWeek: int("dayOfWeekInvalid").min(0, "dayOfWeekInvalid").max(6, "dayOfWeekInvalid").default(1),
      dayOfMonth: int("dayOfMonthInvalid").min(1, "dayOfMonthInvalid").max(31, "dayOfMonthInvalid").optional(),
      timeOfDay: z.string({ required_error: "timeRequired" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeRequired"),
      startDate: z.string({ required_error: "dateRequired" }).regex(/^\d{4}-\d{2}-\d{2}$/, "dateRequired").refine((d) => isTodayOrLater(d, context.timeZone, context.now), "datePast"),
      isOngoing: z.boolean().optional().default(false),
      endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dateRequired").optional(),
      duration: int("durationInvalid").min(15, "durationInvalid").max(480, "durationTooLong").default(180),
      maxParticipants: int("maxParticipantsInvalid").min(1, "maxParticipantsInvalid").max(20, "maxParticipantsInvalid").default(5),
      minParticipants: int("minParticipantsInvalid").min(1, "minParticipantsInvalid").max(20, "minParticipantsInvalid").default(3),
      autoGenerateAhead: int("autoGenerateInvalid").min(1, "autoGenerateInvalid").max(10, "autoGenerateInvalid").default(2),
      bookingLockHours: int("lockHoursInvalid").min(1, "lockHoursInvalid").max(168, "lockHoursInvalid").default(24),
      preSessionCheckHours: int("preSessionCheckInvalid").min(1, "preSessionCheckInvalid").max(168, "preSessionCheckInvalid").default(24),
      // The selector allows 5 tags (the schema allows 10).
      tags: z.preprocess(list, z.array(z.string().trim().min(1).max(50, "tagTooLong")).max(5, "tooManySeriesTags")),
      isFree: z.boolean().optional().default(false),
      price: z.unknown().transform(formPriceToCents).pipe(z.number().max(100_000_000, "priceTooHigh")),
      currency: z.enum(currencies, { errorMap: () => ({ message: "currencyInvalid" }) }).default("MXN"),
      paymentMethods: z.preprocess(list, z.array(z.enum(paymentMethods, { errorMap: () => ({ message: "paymentMethodInvalid" }) }))),
      location: optionalText({ max: 200, tooLong: "sessionLocationTooLong" }),
    })
    .superRefine((v, ctx) => {
      if (v.minParticipants > v.maxParticipants) ctx.addIssue({ code: "custom", path: ["minParticipants"], message: "minAboveMax" });
      if (!v.isOngoing && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "endBeforeStart" });
      if (v.paymentMethods.includes("OXXO") && v.currency !== "MXN") ctx.addIssue({ code: "custom", path: ["paymentMethods"], message: "oxxoNeedsMxn" });
    })
    .transform((v) => ({
      ...v,
      // Ongoing series send no end date (spec section 5).
      endDate: v.isOngoing ? undefined : v.endDate,
      price: v.isFree ? 0 : v.price,
      paymentMethods: v.isFree ? [] : Array.from(new Set(["CARD" as const, ...v.paymentMethods])),
    }));
}

export type SeriesFormInput = z.infer<ReturnType<typeof seriesFormSchema>>;
