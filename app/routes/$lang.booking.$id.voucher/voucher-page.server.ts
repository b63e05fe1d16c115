import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { countdown, voucherState } from "#app/modules/payments/rules";
import type { voucherFor } from "#app/modules/payments/seat-views.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { referenceBarcodeSvg } from "#app/services/payments/voucher-barcode.server";

type Voucher = NonNullable<Awaited<ReturnType<typeof voucherFor>>>;

/** The voucher page's words and figures for its holder, in their language and time zone. */
export function voucherPageData(d: Pick<Deps, "now">, { lang, user, found }: { lang: Locale; user: Requester; found: Voucher }) {
  const { booking, payment } = found;
  const t = translator(lang, "payments");
  const zone = user.timeZone;
  const expiresAt = payment.voucher_expires_at ? new Date(payment.voucher_expires_at) : null;
  const amount = `${formatPrice(payment.amount_cents, payment.currency, lang)} ${payment.currency}`;
  const until = expiresAt ? formatDateTime(expiresAt, lang, zone) : "";
  const left = expiresAt ? countdown(expiresAt, d.now) : null;
  const state = voucherState(booking, payment);
  // Paid, the page is a receipt: when (in the viewer's zone, named), how much and the reference; nothing left to pay.
  const paidAt = state === "paid" ? new Date(payment.updated_at) : null;
  // What only a voucher still to pay shows: its expiry, the countdown, the PDF and the share link.
  const toPay = state !== "paid";
  return {
    metaTitle: t("voucher.metaTitle"),
    state,
    reference: payment.voucher_reference,
    // The scanner's barcode beside the digits, while there is something to pay.
    barcode: toPay && payment.voucher_reference ? referenceBarcodeSvg(payment.voucher_reference) : null,
    receipt: paidAt && { paidAt: `${formatDateTime(paidAt, lang, zone)} (${zoneName(zone, lang, paidAt)})`, amount, reference: payment.voucher_reference },
    voucherUrl: toPay ? payment.voucher_url : null,
    amount,
    until: toPay ? until : null,
    expiresAtIso: toPay ? (expiresAt?.toISOString() ?? null) : null,
    countdown: left ? t("voucher.countdown", left) : t("voucher.expired"),
    countdownTemplate: t("voucher.countdown", { days: "{d}", hours: "{h}", minutes: "{m}" }),
    // The session's voucher window, the same number the name form and the dialog state (one source).
    reservedDays: booking.voucher_payment_days,
    share:
      toPay && payment.voucher_reference
        ? `https://wa.me/?text=${encodeURIComponent(t("voucher.shareText", { title: booking.title, reference: payment.voucher_reference, amount, until }))}`
        : null,
    session: {
      href: localePath(lang, `/session/${booking.session_id}`),
      title: booking.title,
      when: formatDateTime(new Date(booking.starts_at), lang, zone),
      location: booking.location,
    },
  };
}
