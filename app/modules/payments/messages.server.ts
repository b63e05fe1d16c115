import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import type { PayRefusal } from "./payments.server";

const own = new Set(["isFree", "oxxoNotOffered", "oxxoTooClose", "paymentPending", "providerError", "notFound"]);

/** A refusal as text in a language: the payment's own in the payments namespace, booking ones in sessions. */
export const payRefusalText = (refusal: PayRefusal, lang: string) =>
  own.has(refusal)
    ? translator(recipientLang(lang), "payments")(`errors.${refusal}`)
    : translator(recipientLang(lang), "sessions")(`booking.errors.${refusal}`);
