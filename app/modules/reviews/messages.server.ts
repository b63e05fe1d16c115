import type { z } from "zod";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";

/** A review refusal in the reader's language (reviews namespace, `errors.*`). */
export const reviewRefusalText = (refusal: string, lang: Locale) => translator(lang, "reviews")(`errors.${refusal}`);

/** The first problem zod found, in the reader's language (validation namespace). */
export const reviewInputText = (error: z.ZodError, lang: Locale) => translator(lang, "validation")(error.issues[0]?.message ?? "required");
