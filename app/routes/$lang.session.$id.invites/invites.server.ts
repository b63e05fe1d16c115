import type { Requester } from "#app/modules/auth/session.server";
import { todayIn } from "#app/modules/dates/day";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { sessionInvites } from "#app/modules/invites/invites.server";
import { inviteProblem } from "#app/modules/invites/rules";
import { throwPageRefusal } from "#app/web/refusals.server";

/** The invites page's data: the session, and each invite with what stops it and the link a host shares. */
export async function invitesPageData(d: Deps, page: { user: Requester; lang: Locale; sessionId: string; origin: string }) {
  const { user, lang, origin } = page;
  const found = await sessionInvites(d, user, page.sessionId);
  if (!found.ok) return throwPageRefusal(found.refusal, localePath(lang, `/session/${page.sessionId}`));
  return {
    title: found.session.title,
    sessionId: found.session.id,
    isPrivate: found.session.is_private,
    minDate: todayIn(user.timeZone, d.now),
    invites: found.invites.map((invite) => ({
      id: invite.id,
      code: invite.code,
      type: invite.type,
      uses: invite.uses,
      maxUses: invite.max_uses,
      discountPercent: invite.discount_percent,
      expires: invite.expires_at ? formatDateTime(new Date(invite.expires_at), lang, user.timeZone) : null,
      problem: inviteProblem(invite, d.now),
      link: `${origin}${localePath(lang, `/session/${found.session.id}/confirm`)}?invite=${encodeURIComponent(invite.code)}`,
    })),
  };
}

export type InvitesPage = Awaited<ReturnType<typeof invitesPageData>>;
