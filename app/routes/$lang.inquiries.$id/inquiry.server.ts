import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { inquiryFor } from "#app/modules/inquiries/inquiries.server";
import { acceptDefaults as acceptFormStart, isPending } from "#app/modules/inquiries/rules";
import { centsToFormPrice } from "#app/modules/pricing/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { displayNameOf } from "#app/modules/users/rules";

/** One inquiry as its page shows it to its DM or its player, in the viewer's language and zone; null for anyone else. */
export async function inquiryPage(d: Deps, user: Requester, lang: Locale, id: string) {
  const found = await inquiryFor(d, user, id);
  if (!found) return null;
  const { row: r, role } = found;
  const other =
    role === "dm" ? displayNameOf({ displayName: r.player_name, email: r.player_email }) : displayNameOf({ displayName: r.dm_name, email: r.dm_email });
  const t = translator(lang, "inquiries");
  const start = acceptFormStart(d.now, user.timeZone, r);
  return {
    title: t(role === "dm" ? "detail.fromTitle" : "detail.toTitle", { name: other }),
    role,
    inquiry: {
      id: r.id,
      otherId: role === "dm" ? r.player_id : r.dm_id,
      players: r.player_count,
      hours: r.hours,
      sessionType: r.session_type,
      availability: r.availability,
      details: r.details,
      status: r.status,
      pending: isPending(r.status),
      rate: `${formatPrice(r.rate_cents, r.currency, lang)} ${r.currency}`,
      estimate: `${formatPrice(r.estimate_cents, r.currency, lang)} ${r.currency}`,
      sent: formatDateTime(new Date(r.created_at), lang, user.timeZone),
      chatId: r.chat_id,
      sessionId: r.session_id,
      code: r.invite_code,
      declineMessage: r.decline_message,
    },
    acceptDefaults: { date: start.date ?? "", time: start.time, price: centsToFormPrice(start.priceCents) },
    currency: r.currency,
  };
}

export type InquiryPage = NonNullable<Awaited<ReturnType<typeof inquiryPage>>>;
