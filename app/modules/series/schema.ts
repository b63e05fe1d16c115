import { z } from "zod";
import { optionalText, text } from "#app/lib/zod";
import { formExperienceLevels, formSeriesFrequencies, games, genres, seriesFrequencies } from "#app/modules/catalog/options";
import { checkPricing, formPricing, pricingFormShape } from "#app/modules/pricing/schema";
import { safetyToolsSchema } from "#app/modules/safety/schema";
import { preSessionCheckHours, seatCount } from "#app/modules/sessions/fields";
import { durationField, joinTypedTags } from "#app/modules/sessions/schema";
import { isTodayOrLater, SERIES_CHANGES } from "./rules";

const list = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);
const int = (message: string) => z.coerce.number({ invalid_type_error: message }).int(message);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The selector allows 5 tags (the stored series allows 10, which the API may send). */
export const SERIES_FORM_MAX_TAGS = 5;

export type SeriesFormContext = {
  now: Date;
  timeZone: string;
  /** When editing: the saved first date may lie in the past, and an IRREGULAR series may stay so. */
  existing?: { startDate: string; frequency: string };
};

/** The series form (spec section 5, Series form). */
export function seriesFormSchema(context: SeriesFormContext) {
  const frequencies = context.existing?.frequency === "IRREGULAR" ? seriesFrequencies : formSeriesFrequencies;
  // Free tags typed as comma-separated text join the checked ones; an ongoing series has no
  // end date, so whatever the hidden field still holds is dropped before it is checked.
  const fromForm = (value: unknown) => {
    if (!value || typeof value !== "object") return value;
    const v = { ...(value as Record<string, unknown>) };
    joinTypedTags(v);
    if (v.isOngoing === "on" || v.isOngoing === true) delete v.endDate;
    return v;
  };
  return z.preprocess(
    fromForm,
    z
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
        frequency: z.enum(frequencies as typeof seriesFrequencies, { errorMap: () => ({ message: "frequencyRequired" }) }),
        dayOfWeek: int("dayOfWeekInvalid").min(0, "dayOfWeekInvalid").max(6, "dayOfWeekInvalid").default(1),
        dayOfMonth: int("dayOfMonthInvalid").min(1, "dayOfMonthInvalid").max(31, "dayOfMonthInvalid").optional(),
        timeOfDay: z.string({ required_error: "timeRequired" }).regex(hhmm, "timeRequired"),
        startDate: z
          .string({ required_error: "dateRequired" })
          .regex(isoDate, "dateRequired")
          .refine((d) => d === context.existing?.startDate || isTodayOrLater(d, context.timeZone, context.now), "datePast"),
        isOngoing: z.boolean().optional().default(false),
        endDate: z.string().regex(isoDate, "dateRequired").optional(),
        duration: durationField().default(180),
        maxParticipants: seatCount("form", "maxParticipantsInvalid").default(5),
        minParticipants: seatCount("form", "minParticipantsInvalid").default(3),
        autoGenerateAhead: int("autoGenerateInvalid").min(1, "autoGenerateInvalid").max(10, "autoGenerateInvalid").default(2),
        bookingLockHours: int("lockHoursInvalid").min(1, "lockHoursInvalid").max(168, "lockHoursInvalid").default(24),
        preSessionCheckHours: preSessionCheckHours("form"),
        tags: z.preprocess(list, z.array(z.string().trim().min(1).max(50, "tagTooLong")).max(SERIES_FORM_MAX_TAGS, "tooManySeriesTags")),
        safetyTools: safetyToolsSchema,
        ...pricingFormShape,
        location: optionalText({ max: 200, tooLong: "sessionLocationTooLong" }),
        // A same-origin path such as /uploads/…; settleFormImage has checked it is one of our images.
        imageUrl: z.string().max(1000, "imageUrlInvalid").optional(),
      })
      .superRefine((v, ctx) => {
        if (v.minParticipants > v.maxParticipants) ctx.addIssue({ code: "custom", path: ["minParticipants"], message: "minAboveMax" });
        if (!v.isOngoing && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "endBeforeStart" });
        checkPricing({ priceCents: v.price, free: v.isFree, currency: v.currency, methods: v.paymentMethods }, ctx, "form");
      })
      // Ongoing series send no end date (spec section 5).
      .transform((v) => formPricing({ ...v, endDate: v.isOngoing ? undefined : v.endDate })),
  );
}

export type SeriesFormInput = z.infer<ReturnType<typeof seriesFormSchema>>;

/** 'Add a session' to an IRREGULAR series: a local date and time in the series' zone. */
export function addSessionSchema(context: { now: Date; timeZone: string }) {
  return z.object({
    date: z
      .string({ required_error: "dateRequired" })
      .regex(isoDate, "dateRequired")
      .refine((d) => isTodayOrLater(d, context.timeZone, context.now), "datePast"),
    time: z.string({ required_error: "timeRequired" }).regex(hhmm, "timeRequired"),
  });
}

/** 'Generate next sessions' (spec section 5, shared rulebook): count 1–10, daysBetween 1–30. */
export const generateSessionsSchema = z.object({
  count: int("generateCountInvalid").min(1, "generateCountInvalid").max(10, "generateCountInvalid"),
  daysBetween: int("daysBetweenInvalid").min(1, "daysBetweenInvalid").max(30, "daysBetweenInvalid"),
});

/**
 * The series page's host forms, told apart by `intent`: 'Add a session' and 'Generate next
 * sessions' (a series without a fixed schedule), and Pause, Resume and Cancel (its status).
 */
export function seriesPageSchema(context: { now: Date; timeZone: string }) {
  return z.discriminatedUnion("intent", [
    addSessionSchema(context).extend({ intent: z.literal("addSession") }),
    generateSessionsSchema.extend({ intent: z.literal("generate") }),
    z.object({ intent: z.literal("pause") }),
    z.object({ intent: z.literal("resume") }),
    z.object({ intent: z.literal("cancel") }),
  ]);
}

/** The intents the series page's forms send; anything else is not a form of this page. */
export const SERIES_PAGE_INTENTS: readonly unknown[] = ["addSession", "generate", ...SERIES_CHANGES];
