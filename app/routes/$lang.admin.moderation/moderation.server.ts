import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { moderationQueue } from "#app/modules/moderation/moderation.server";

/** The moderation queue as the page shows it, dates in the admin's language and time zone. */
export async function moderationPage(deps: Deps, admin: Pick<Requester, "timeZone">, lang: Locale) {
  const queue = await moderationQueue(deps);
  const when = (d: Date | string) => formatDateTime(new Date(d), lang, admin.timeZone);
  return {
    reports: queue.reports.map((r) => ({ ...r, first: when(r.first_at), messageWhen: r.message_at ? when(r.message_at) : null })),
    disputes: queue.disputes.map((d) => ({ ...d, when: when(d.starts_at) })),
    banned: queue.banned.map((b) => ({ id: b.id, name: b.display_name, email: b.email, since: when(b.banned_at!) })),
  };
}

export type QueueReport = Awaited<ReturnType<typeof moderationPage>>["reports"][number];
