import { z } from "zod";
import { email, intentsOf, optionalId, password, text } from "#app/lib/zod";
import { locales } from "#app/modules/i18n/config";
import { safeRedirect } from "./rules";

function isKnownTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const signupSchema = z.object({
  email,
  password: password({ min: 8, max: 128, tooShort: "passwordTooShort", tooLong: "passwordTooLong" }),
  firstName: text({ max: 50, required: "firstNameRequired", tooLong: "firstNameTooLong" }),
  lastName: text({ max: 50, required: "lastNameRequired", tooLong: "lastNameTooLong" }),
  displayName: text({ min: 2, max: 50, required: "displayNameRequired", tooShort: "displayNameTooShort", tooLong: "displayNameTooLong" }),
  role: z.enum(["user", "dm"], { errorMap: () => ({ message: "roleInvalid" }) }).default("user"),
  preferredLanguage: z.enum(locales, { errorMap: () => ({ message: "languageInvalid" }) }).default("es"),
  // Filled in by the browser when JavaScript runs; an unknown zone is dropped, not an error.
  timeZone: z
    .string()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((zone) => (zone && isKnownTimeZone(zone) ? zone : undefined)),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  // Length is not checked beyond the signup limit so that an old, shorter rule never locks anyone out.
  password: password({ min: 1, max: 128, tooShort: "passwordRequired", tooLong: "passwordTooLong" }),
  // A mangled return path must not block signing in: it falls back to the home page.
  redirectTo: z.string().max(2000).optional().catch(undefined),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ required_error: "tokenInvalid" }).max(200, "tokenInvalid"),
    password: password({ min: 8, max: 128, tooShort: "passwordTooShort", tooLong: "passwordTooLong" }),
    confirmPassword: z.string({ required_error: "confirmPasswordRequired" }).max(128, "passwordsDontMatch"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "passwordsDontMatch" });

export const changePasswordSchema = z
  .object({
    currentPassword: password({ min: 1, max: 128, tooShort: "passwordRequired", tooLong: "passwordTooLong" }),
    newPassword: password({ min: 8, max: 100, tooShort: "passwordTooShort", tooLong: "newPasswordTooLong" }),
    confirmPassword: z.string({ required_error: "confirmPasswordRequired" }).max(128, "passwordsDontMatch"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "passwordsDontMatch" });

export const resendVerificationSchema = z.object({ email: email.optional() });

export const verifyEmailSchema = z.object({ token: z.string({ required_error: "tokenInvalid" }).max(200, "tokenInvalid") });

export const tokenRequestSchema = z.object({
  email,
  password: password({ min: 1, max: 128, tooShort: "passwordRequired", tooLong: "passwordTooLong" }),
});

export const refreshRequestSchema = z.object({
  refresh_token: z.string({ required_error: "tokenInvalid" }).min(10, "tokenInvalid").max(200, "tokenInvalid"),
});

export const authMetricSchema = z.object({
  eventType: z.enum(["oauth_attempt", "oauth_failure"]),
  provider: z.string().trim().min(1).max(50),
  mode: z.string().trim().max(50).optional().default(""),
  errorMessage: z.string().max(1000).optional().nullable(),
});

/** The sign-ins page: end one sign-in, every other one, or one API client's tokens. */
export const signInsSchema = intentsOf(
  "revoke",
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("revoke"), sessionId: optionalId }),
    z.object({ intent: z.literal("revoke-others") }),
    z.object({ intent: z.literal("revoke-token"), tokenId: optionalId }),
  ]),
);

/** The verification page: confirm the emailed link's token, or ask for a new link. */
export const verifyEmailFormSchema = intentsOf(
  "verify",
  z.discriminatedUnion("intent", [verifyEmailSchema.extend({ intent: z.literal("verify") }), z.object({ intent: z.literal("resend") })]),
);

/**
 * A form's hidden way back (a page on this site to return to): what safeRedirect lets through, else
 * `fallback`. Never a refusal: a stranger's address, an array or junk simply leads to the fallback.
 */
export const wayBack = (fallback: string) => z.unknown().transform((target) => safeRedirect(target, fallback));

/** Signing in with Google: where to land afterwards (the login page's `next`). */
export const googleStartSchema = (fallback: string) => z.object({ next: wayBack(fallback) });
