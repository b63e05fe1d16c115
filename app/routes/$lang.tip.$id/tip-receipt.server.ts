import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { countdown } from "#app/modules/payments/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { TIP_VOUCHER_DAYS, tipState } from "#app/modules/tips/rules";
import type { ownTip } from "#app/modules/tips/tips.server";
import { displayNameOf } from "#app/modules/users/rules";
import { referenceBarcodeSvg } from "#app/services/payments/voucher-barcode.server";
import type { voucherPageData } from "../$lang.booking.$id.voucher/voucher-page.server";

type Found = NonNullable<Awaited<ReturnType<typeof ownTip>>>;

/**
 * A tip's page for the player who sent it: the thank-you once paid, the OXXO voucher (the seat
 * voucher's own view) while it waits to be paid, or that it is being confirmed or was not paid.
 */
export function tipReceiptData(d: Pick<Deps, "now">, { lang, user, found }: { lang: Locale; user: Requester; found: Found }) {
  const { tip, session } = found;
  const t = translator(lang, "tips");
  const tp = translator(lang, "payments");
  const zone = user.timeZone;
  const state = tipState(tip.status);
  const amount = `${formatPrice(tip.amount_cents, tip.currency, lang)} ${tip.currency}`;
  const dm = displayNameOf({ displayName: session.dm_display_name, email: session.dm_email });
  const expiresAt = tip.voucher_expires_at ? new Date(tip.voucher_expires_at) : null;
  const left = expiresAt ? countdown(expiresAt, d.now) : null;
  const paidAt = tip.paid_at ? new Date(tip.paid_at) : null;
  const until = expiresAt ? formatDateTime(expiresAt, lang, zone) : "";
  const sessionHref = localePath(lang, `/session/${session.id}`);
  // The seat voucher's view, fed with the tip's voucher (decision record 087 reuses it as it is).
  const voucher: ReturnType<typeof voucherPageData> | null =
    tip.method === "OXXO" && (state === "waiting" || state === "paid")
      ? {
          metaTitle: t("metaTitle"),
          state: state === "paid" ? "paid" : "waiting",
          reference: tip.voucher_reference,
          barcode: state === "waiting" && tip.voucher_reference ? referenceBarcodeSvg(tip.voucher_reference) : null,
          receipt:
            state === "paid" && paidAt
              ? { paidAt: `${formatDateTime(paidAt, lang, zone)} (${zoneName(zone, lang, paidAt)})`, amount, reference: tip.voucher_reference }
              : null,
          voucherUrl: state === "waiting" ? tip.voucher_url : null,
          amount,
          until: state === "waiting" ? until : null,
          expiresAtIso: state === "waiting" ? (expiresAt?.toISOString() ?? null) : null,
          countdown: left ? tp("voucher.countdown", left) : tp("voucher.expired"),
          countdownTemplate: tp("voucher.countdown", { days: "{d}", hours: "{h}", minutes: "{m}" }),
          reservedDays: TIP_VOUCHER_DAYS,
          share: null,
          session: { href: sessionHref, title: session.title, when: formatDateTime(new Date(session.starts_at), lang, zone), location: null },
        }
      : null;
  return {
    metaTitle: t("metaTitle"),
    state,
    heading: t(`receipt.${state}Heading`),
    body: t(`receipt.${state}Body`, { amount, dm, title: session.title }),
    voucher,
    sessionHref,
    tipAgainHref: state === "over" ? localePath(lang, `/session/${session.id}/tip`) : null,
  };
}
