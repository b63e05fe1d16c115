import { z } from "zod";
import { optionalText, text } from "#app/lib/zod";
import { formExperienceLevels, games, genres } from "#app/modules/catalog/options";
import { isTodayOrLater } from "#app/modules/dates/day";
import { MAX_PRICE_CENTS } from "#app/modules/pricing/rules";
import { checkPricing, formPricing, pricingFormShape } from "#app/modules/pricing/schema";
import { safetyToolsSchema } from "#app/modules/safety/schema";
import { preSessionCheckHours, seatCount } from "./fields";
import { DURATION, durationProblem } from "./rules";

export const SESSION_LIMITS = {
  title: 200,
  description: 1000,
  instructions: 1000,
  tags: 10,
  tagLength: 50,
  maxPrice: MAX_PRICE_CENTS / 100,
  location: 200,
} as const;
export const DURATION_PRESETS = [60, 120, 180, 240] as const;

const list = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);
const int = (message: string) => z.coerce.number({ invalid_type_error: message }).int(message);

/**
 * The free tags typed as comma-separated text (tagsOther) join the checked ones (tags), as both
 * the session and the series form send them; the form's values are changed in place.
 */
export function joinTypedTags(v: Record<string, unknown>) {
  if (typeof v.tagsOther !== "string" || !v.tagsOther.trim()) return;
  const typed = v.tagsOther
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  v.tags = [...list(v.tags), ...typed];
}

/**
 * The session create/edit form (spec section 5). `now` and the host's zone decide what "today"
 * is, so the browser and the server judge the date the same way.
 */
export function sessionFormSchema(context: { now: Date; timeZone: string }) {
  // The form offers duration presets (1–4 h) or "custom" with its own minutes field, and free
  // tags typed as comma-separated text beside the predefined checkboxes.
  const fromForm = (value: unknown) => {
    if (!value || typeof value !== "object") return value;
    const v = { ...(value as Record<string, unknown>) };
    if (v.duration === "custom") v.duration = v.durationCustom;
    joinTypedTags(v);
    return v;
  };
  return z.preprocess(
    fromForm,
    z
      .object({
        title: text({ max: SESSION_LIMITS.title, required: "sessionTitleRequired", tooLong: "sessionTitleTooLong" }),
        description: optionalText({ max: SESSION_LIMITS.description, tooLong: "sessionDescriptionTooLong" }),
        sessionInstructions: optionalText({ max: SESSION_LIMITS.instructions, tooLong: "instructionsTooLong" }),
        game: z.enum(games, { errorMap: () => ({ message: "gameRequired" }) }),
        genre: z.enum(genres, { errorMap: () => ({ message: "genreInvalid" }) }).optional(),
        experienceLevel: z.enum(formExperienceLevels, { errorMap: () => ({ message: "experienceInvalid" }) }).optional(),
        date: z
          .string({ required_error: "dateRequired" })
          .regex(/^\d{4}-\d{2}-\d{2}$/, "dateRequired")
          .refine((d) => isTodayOrLater(d, context.timeZone, context.now), "datePast"),
        time: z.string({ required_error: "timeRequired" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeRequired"),
        duration: durationField(),
        maxParticipants: seatCount("form", "maxParticipantsInvalid"),
        minParticipants: seatCount("form", "minParticipantsInvalid"),
        preSessionCheckHours: preSessionCheckHours("form"),
        tags: z.preprocess(list, z.array(z.string().trim().min(1).max(SESSION_LIMITS.tagLength, "tagTooLong")).max(SESSION_LIMITS.tags, "tooManyTags")),
        safetyTools: safetyToolsSchema,
        ...pricingFormShape,
        location: optionalText({ max: SESSION_LIMITS.location, tooLong: "sessionLocationTooLong" }),
        isPrivate: z.boolean().optional().default(false),
        // A same-origin path such as /uploads/…; settleFormImage has checked it is one of our images.
        imageUrl: z.string().max(1000, "imageUrlInvalid").optional(),
      })
      .superRefine((v, ctx) => {
        if (v.minParticipants > v.maxParticipants) ctx.addIssue({ code: "custom", path: ["minParticipants"], message: "minAboveMax" });
        checkPricing({ priceCents: v.price, free: v.isFree, currency: v.currency, methods: v.paymentMethods }, ctx, "form");
      })
      .transform(formPricing),
  );
}

/** Minutes, 15 to 480 in steps of 15, in the session and series forms (the API applies the same rule). */
export function durationField() {
  // min and max stay visible to conform, which copies them onto the input.
  return int("durationInvalid")
    .min(DURATION.min, "durationInvalid")
    .max(DURATION.max, "durationTooLong")
    .refine((m) => durationProblem(m) === null, "durationInvalid");
}

export type SessionFormInput = z.infer<ReturnType<typeof sessionFormSchema>>;
