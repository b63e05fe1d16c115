import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { redirectWithToast, type Toast } from "#app/web/toast.server";

// Where a refused page form leads and what its toast says, for the commands whose forms answer by
// redirect (the seat, the subscription, the group): one table instead of one branch per route.
// Statuses for the same refusals are refusalStatus's (refusals.server.ts).

/** What the verify-email page says to someone sent there by a command that needs a verified email (spec section 5). */
const VERIFY_FIRST = {
  seat: "sessions:booking.verifyRequired",
  subscription: "subscriptions:errors.emailNotVerifiedSubscribe",
  group: "groups:errors.emailNotVerified",
} as const;
export type VerifyingCommand = keyof typeof VERIFY_FIRST;

/** Paid seats, a priced session's line, a subscription and a group need a verified email: verify it first. */
export const sendToVerify = (lang: Locale, command: VerifyingCommand) =>
  redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: VERIFY_FIRST[command] });

/** A refused form of `command`: an unverified email goes to verify it, anything else back to `back` with `toast`. */
export function redirectRefused(lang: Locale, command: VerifyingCommand, refusal: string, back: string, toast: Toast) {
  if (refusal === "emailNotVerified") return sendToVerify(lang, command);
  return redirectWithToast(back, toast);
}

/**
 * A seat's page form that was refused (the free seat, a place in line, the card page, the OXXO
 * voucher): back to `back` with the reason in a toast; leaving after the session closed has its own words.
 */
export function refusedSeat(lang: Locale, back: string, refusal: string, reason: string) {
  const key = refusal === "leaveClosed" ? "sessions:booking.errors.leaveClosed" : "sessions:booking.errors.bookingFailed";
  return redirectRefused(lang, "seat", refusal, back, { type: "error", key, ...(refusal === "leaveClosed" ? {} : { params: { reason } }) });
}
