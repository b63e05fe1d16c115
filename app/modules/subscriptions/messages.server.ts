import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { payRefusalText } from "#app/modules/payments/messages.server";
import type { PayRefusal } from "#app/modules/payments/payments.server";

const own = new Set(["seriesPaused", "seriesCancelled", "seriesCompleted", "ownSeries", "alreadySubscribed", "noAvailableSession", "tooManySubscriptions"]);

/** A subscribe refusal as text: the subscription's own in its namespace, the seat's and the payment's where those say them. */
export const subscribeRefusalText = (refusal: string, lang: string) =>
  own.has(refusal) ? translator(recipientLang(lang), "subscriptions")(`errors.${refusal}`) : payRefusalText(refusal as PayRefusal, lang);
