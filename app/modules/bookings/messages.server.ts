import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import type { BookingRefusal } from "./rules";

/** A refusal as the API's `error` text, in the requester's language. */
export const refusalText = (refusal: BookingRefusal, preferredLanguage: string) =>
  translator(recipientLang(preferredLanguage), "sessions")(`booking.errors.${refusal}`);
