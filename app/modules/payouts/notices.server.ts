import { mailInTheirLanguage } from "#app/modules/auth/mail-in-their-language.server";
import type { Deps } from "#app/modules/deps.server";
import { formatPrice } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { findUserById } from "#app/modules/users/index.server";
import { requirementKey } from "./rules";

const PAYOUTS_PAGE = "/settings/payouts";

/** Stripe's requirement ids in the DM's words where the payouts namespace has them, else as Stripe names them. */
function detailsInWords(lang: string, requirements: string[]) {
  const t = translator(recipientLang(lang), "payouts");
  return requirements.map((id) => t(requirementKey(id), { defaultValue: id })).join(", ");
}

/**
 * Tells a DM, in the bell and by email, that the provider restricted their payout account and
 * what it needs (its own list, as the account's last event gave it). Sent after the event's
 * transaction commits, once per change into the restricted state.
 */
export async function tellAccountRestricted(deps: Pick<Deps, "db" | "now" | "mailer" | "appUrl">, userId: string, requirements: string[]) {
  const user = await findUserById(deps.db, userId);
  if (!user || user.banned_at) return;
  const details = detailsInWords(user.preferred_language ?? "", requirements);
  await recordNotification(deps, { userId, type: "payout_account_restricted", params: { details }, actionUrl: PAYOUTS_PAGE });
  await mailInTheirLanguage(deps, user, { kind: "payoutAccountRestricted", path: PAYOUTS_PAGE, vars: { details } });
}

/** Tells a DM in the bell that a payout to their bank failed and that the money stays in their balance. */
export async function tellPayoutFailed(deps: Pick<Deps, "db" | "now">, userId: string, payout: { amountCents: number; currency: string }) {
  const user = await findUserById(deps.db, userId);
  if (!user || user.banned_at) return;
  const amount = formatPrice(payout.amountCents, payout.currency, recipientLang(user.preferred_language ?? ""));
  await recordNotification(deps, { userId, type: "payout_failed", params: { amount }, actionUrl: "/earnings" });
}
