import { redirect } from "@remix-run/node";
import type { Requester } from "#app/modules/auth/session.server";
import { confirmationView } from "#app/modules/bookings/confirmation.server";
import type { Deps } from "#app/modules/deps.server";
import { intlLocale, type Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { discountedPrice } from "#app/modules/invites/rules";
import { oxxoSessionDate } from "#app/modules/payments/rules";
import { paymentPanel } from "#app/modules/payments/seat-views.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { notFound } from "#app/web/http";
import { sendToVerify } from "#app/web/refused-forms.server";
import { redirectWithToast } from "#app/web/toast.server";

/**
 * The OXXO name page for this player, or the redirect that says why it is not theirs to fill in: an
 * unverified email, a voucher already made, a seat already held, a code that does not open the
 * session, a session that takes no OXXO.
 */
export async function oxxoPageData(
  d: Deps,
  { lang, user, sessionId, typedCode, address }: { lang: Locale; user: Requester; sessionId: string; typedCode: string; address: string },
) {
  const view = await confirmationView(d, sessionId, user, typedCode, address);
  if (!view) notFound();
  // Paid seats need a verified email (spec section 5); the hold refuses it too, this only sends the player to verify first.
  if (!user.emailVerified) throw await sendToVerify(lang, "seat");
  const panel = await paymentPanel(d, view.row.id, view.booking);
  const confirmHref = `${localePath(lang, `/session/${view.row.id}/confirm`)}${typedCode ? `?invite=${encodeURIComponent(typedCode)}` : ""}`;
  // A voucher already made for this seat is shown instead of a second form.
  if (panel.pending?.method === "OXXO" && panel.pending.state === "voucherPending" && view.booking)
    throw await redirectWithToast(localePath(lang, `/booking/${view.booking.id}/voucher`), { type: "info", key: "payments:voucher.pending" });
  // After a declined card the held seat may be paid with a voucher instead (payments/rules.ts payAgainChoices).
  const payAgain = panel.pending?.payAgain.oxxo === "available";
  if (view.booking && !payAgain)
    throw await redirectWithToast(confirmHref, {
      type: "info",
      key: view.booking.status === "PENDING_PAYMENT" ? "payments:errors.paymentPending" : "sessions:booking.alreadyBooked",
    });
  // A code that does not open the session (or none for a private one): the confirmation page says why.
  if (view.needsInvite || (view.invite && !view.invite.ok)) throw redirect(confirmHref);
  if (panel.oxxo !== "available" || view.closed || view.isHost || view.free)
    throw await redirectWithToast(confirmHref, { type: "error", key: `payments:errors.${panel.oxxo === "tooClose" ? "oxxoTooClose" : "oxxoNotOffered"}` });
  const { row } = view;
  // What the voucher will ask for: a discount code lowers it, as on the confirmation page and in the hold.
  const toPay = discountedPrice(row.price_cents, view.invite?.ok ? view.invite.discountPercent : null);
  return {
    heading: translator(lang, "payments")("oxxo.title"),
    confirmHref,
    inviteCode: view.invite?.ok ? view.invite.code : "",
    voucherDays: panel.voucherDays,
    session: {
      title: row.title,
      date: oxxoSessionDate(new Date(row.starts_at)),
      location: row.location,
      price: `${formatPrice(toPay, row.currency, lang)} ${row.currency}`,
      fullPrice: toPay !== row.price_cents ? `${formatPrice(row.price_cents, row.currency, lang)} ${row.currency}` : null,
    },
    defaults: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
    locale: intlLocale[lang],
  };
}
