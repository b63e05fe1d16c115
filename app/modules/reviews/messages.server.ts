import type { z } from "zod";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";

/** A review refusal in the reader's language (reviews namespace, `errors.*`). */
export const reviewRefusalText = (refusal: string, lang: Locale) => translator(lang, "reviews")(`errors.${refusal}`);

/** The first problem zod found, in the reader's language (validation namespace). */
export const reviewInputText = (error: z.ZodError, lang: Locale) => translator(lang, "validation")(error.issues[0]?.message ?? "required");

/**
 * The JSON API's refusal of bad input: the first problem as `error`, and each field's problem in
 * `fields` ({path, message}, as the group booking answers), in the reader's language.
 */
export function reviewInputRefusal(error: z.ZodError, lang: Locale) {
  const t = translator(lang, "validation");
  return {
    success: false as const,
    error: reviewInputText(error, lang),
    fields: error.issues.map((issue) => ({ path: issue.path.join(".") || "body", message: t(issue.message) })),
  };
}
