// The confirmation screen composes a booking's view with the payment panel and dialogs, so it sits in
// payments, above bookings (decision record 045).
import { trackCountry } from "#app/modules/analytics/analytics.server";
import type { Requester } from "#app/modules/auth/session.server";
import { confirmationView, waitingView } from "#app/modules/bookings/confirmation.server";
import type { Deps } from "#app/modules/deps.server";
import { guestTimeZone, intlLocale, type Locale } from "#app/modules/i18n/config";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { discountedPrice, waivesPrice } from "#app/modules/invites/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { avatarInitials, displayNameOf } from "#app/modules/users/rules";
import { getServices } from "#app/services/index.server";
import type { CardDialogProps, OxxoDialogProps } from "./dialogs";
import { paymentDialogs } from "./dialogs.server";
import { oxxoSessionDate } from "./rules";
import { paymentPanel } from "./seat-views.server";

/**
 * Everything the booking confirmation screen shows, formatted for the viewer's language and time
 * zone: the facts, the side panel's state, the payment choices. Null for an unknown session.
 */
export async function confirmationPage(d: Deps, input: { lang: Locale; viewer: Requester | null; sessionId: string; url: URL; address: string }) {
  const { lang, viewer, sessionId, url } = input;
  const typedCode = url.searchParams.get("invite")?.trim().slice(0, 20) ?? "";
  const view = await confirmationView(d, sessionId, viewer, typedCode, input.address);
  if (!view) return null;
  const { row, invite } = view;
  if (viewer && !view.isHost) await trackCountry(d, viewer, lang);
  const zone = viewer?.timeZone ?? guestTimeZone;
  const startsAt = new Date(row.starts_at);
  const host = displayNameOf({ displayName: row.dm_display_name, email: row.dm_email });
  const pay = await paymentPanel(d, row.id, view.booking);
  const canPay =
    viewer !== null && viewer.emailVerified && !view.free && !view.booking && !view.closed && !view.isHost && !view.needsInvite && !(invite && !invite.ok);
  // A discount invite lowers what is paid; the hold takes the same percentage when the code's use is taken.
  const toPay = discountedPrice(row.price_cents, invite?.ok ? invite.discountPercent : null);
  return {
    heading: translator(lang, "sessions")("booking.title"),
    signedIn: viewer !== null,
    emailVerified: viewer?.emailVerified ?? false,
    loginHref: `${localePath(lang, "/login")}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
    closed: view.closed,
    isHost: view.isHost,
    booked: view.booking !== null && !pay.pending,
    payment: {
      oxxo: pay.oxxo,
      minAdvanceHours: pay.minAdvanceHours,
      pending: pay.pending && {
        method: pay.pending.method,
        state: pay.pending.state,
        payAgain: pay.pending.payAgain,
        until: pay.pending.holdUntil && formatDateTime(pay.pending.holdUntil, lang, zone),
      },
      // Paid seats are confirmed when the payment is received (by the webhook), never at once.
      promise: view.free ? ("booking.security" as const) : ("booking.securityPaid" as const),
      voucherHref: view.booking ? localePath(lang, `/booking/${view.booking.id}/voucher`) : null,
    },
    waiting: waitingView(view.waiting, lang, zone),
    inviteCode: invite?.ok ? invite.code : typedCode,
    invite: invite
      ? invite.ok
        ? { ok: true as const, waivesPrice: waivesPrice(invite.type), discountPercent: invite.discountPercent }
        : { ok: false as const, problem: invite.problem }
      : null,
    needsInvite: view.needsInvite,
    // The card (and OXXO) dialogs for a viewer who can pay now; without script (or an island) 'Pay by card' stays a form post.
    paymentDialogs: canPay
      ? paymentDialogs(lang, {
          card: {
            sessionId: row.id,
            sessionTitle: row.title,
            total: `${formatPrice(toPay, row.currency, "en")} ${row.currency}`,
            publishableKey: getServices().payments.publishableKey,
            lang,
            ...(invite?.ok ? { inviteCode: invite.code } : {}),
          } satisfies CardDialogProps,
          ...(pay.oxxo === "available"
            ? {
                oxxo: {
                  sessionId: row.id,
                  sessionTitle: row.title,
                  lang,
                  total: `${formatPrice(toPay, row.currency, lang)} ${row.currency}`,
                  date: oxxoSessionDate(startsAt),
                  location: row.location,
                  voucherDays: pay.voucherDays,
                  names: { firstName: viewer?.firstName ?? "", lastName: viewer?.lastName ?? "" },
                  ...(invite?.ok ? { inviteCode: invite.code } : {}),
                } satisfies OxxoDialogProps,
              }
            : {}),
        })
      : null,
    session: {
      id: row.id,
      title: row.title,
      description: row.description,
      date: new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: "full", timeZone: zone }).format(startsAt),
      time: new Intl.DateTimeFormat(intlLocale[lang], { timeStyle: "short", timeZone: zone }).format(startsAt),
      zone: zoneName(zone, lang, d.now),
      spotsLeft: view.spotsLeft,
      max: row.max_participants,
      location: row.location,
      free: view.free,
      price: row.price_cents === 0 ? null : `${formatPrice(toPay, row.currency, lang)} ${row.currency}`,
      fullPrice: toPay !== row.price_cents ? `${formatPrice(row.price_cents, row.currency, lang)} ${row.currency}` : null,
      host: {
        name: host,
        initials: avatarInitials(host),
        avatarUrl: publicImage(row.dm_avatar_url)?.src ?? null,
        description: row.dm_description,
        bio: row.dm_bio,
      },
    },
  };
}
