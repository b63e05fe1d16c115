import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";

/**
 * A seat's page form that was refused (the free seat, a place in line, the card page, the OXXO
 * voucher): back to `back` with the reason in a toast. An unverified email is sent to verify it
 * first (spec section 5: paid items and a priced session's line need one); leaving after the
 * session closed has its own words.
 */
export function refusedSeat(lang: Locale, back: string, refusal: string, reason: string) {
  if (refusal === "emailNotVerified")
    return redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "sessions:booking.verifyRequired" });
  if (refusal === "leaveClosed") return redirectWithToast(back, { type: "error", key: "sessions:booking.errors.leaveClosed" });
  return redirectWithToast(back, { type: "error", key: "sessions:booking.errors.bookingFailed", params: { reason } });
}
