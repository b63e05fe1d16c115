import { z } from "zod";
import { optionalText, text } from "#app/lib/zod";
import { locales } from "#app/modules/i18n/config";
import { toCents } from "#app/modules/pricing/rules";
import { currencies, experienceLevels, games, isTimeZone, LIMITS, spokenLanguages, weekDays } from "./rules";

const supportedZones: readonly string[] = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
export const timeZones = supportedZones;

/** A checkbox group arrives as a string (one ticked), an array, or nothing. */
const list = <T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values, { errorMap: () => ({ message: invalid }) })));

export const profileSchema = z.object({
  username: z.string({ required_error: "usernameRequired" }).trim().max(200, "usernameTooLong").optional(),
  firstName: text({ max: 50, required: "firstNameRequired", tooLong: "firstNameTooLong" }),
  lastName: text({ max: 50, required: "lastNameRequired", tooLong: "lastNameTooLong" }),
  displayName: text({ min: 2, max: 50, required: "displayNameRequired", tooShort: "displayNameTooShort", tooLong: "displayNameTooLong" }),
  bio: optionalText({ max: LIMITS.bio, tooLong: "bioTooLong" }),
  description: optionalText({ max: LIMITS.description, tooLong: "descriptionTooLong" }),
  location: optionalText({ max: LIMITS.location, tooLong: "locationTooLong" }),
  avatarUrl: z
    .string()
    .trim()
    .max(500, "avatarUrlInvalid")
    .url("avatarUrlInvalid")
    .refine((v) => v.startsWith("https://"), "avatarUrlInvalid")
    .optional(),
  timeZone: z.string({ required_error: "timeZoneInvalid" }).refine((v) => supportedZones.length === 0 || isTimeZone(v, supportedZones), "timeZoneInvalid"),
  preferredLanguage: z.enum(locales, { errorMap: () => ({ message: "languageInvalid" }) }),
  experienceLevel: z.enum(experienceLevels, { errorMap: () => ({ message: "experienceInvalid" }) }).optional(),
  preferredGameSystems: list(games, "gameInvalid"),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const hostingSchema = z.object({
  languages: list(spokenLanguages, "languagesRequired").pipe(z.array(z.string()).min(1, "languagesRequired")),
  availableDays: list(weekDays, "dayInvalid").pipe(z.array(z.string()).min(1, "availableDaysRequired")),
  acceptsDirectBookings: z.boolean().optional().default(false),
  directBookingRate: z
    .string({ required_error: "rateInvalid" })
    .trim()
    .optional()
    .default("0")
    .transform((v, ctx) => {
      if (v.startsWith("-")) {
        ctx.addIssue({ code: "custom", message: "rateTooLow" });
        return z.NEVER;
      }
      const cents = toCents(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "rateInvalid" });
        return z.NEVER;
      }
      if (cents > LIMITS.rateMax * 100) {
        ctx.addIssue({ code: "custom", message: "rateTooHigh" });
        return z.NEVER;
      }
      return cents;
    }),
  directBookingCurrency: z.enum(currencies, { errorMap: () => ({ message: "currencyInvalid" }) }).default("MXN"),
  directBookingInstructions: optionalText({ max: LIMITS.instructions, tooLong: "instructionsTooLong" }),
});
export type HostingInput = z.infer<typeof hostingSchema>;

export const usernameCheckSchema = z.object({ username: z.string().max(200) });
