import { createEvents, type EventAttributes } from "ics";
import { hashSecret, newSecret } from "#app/lib/secrets.server";
import * as feedAddresses from "#app/modules/auth/index.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { isLocale, localePath } from "#app/modules/i18n/rules";
import * as repo from "./repo.server";
import { FEED_WINDOW, feedUrls, feedWindow } from "./rules";

/** Whether the user has a live feed, and since when (its address is shown only when made). */
export async function feedStatus(deps: Pick<Deps, "db">, userId: string) {
  const feed = await feedAddresses.findLiveFeed(deps.db, userId);
  return feed ? { createdAt: new Date(feed.created_at), lastReadAt: feed.last_read_at ? new Date(feed.last_read_at) : null } : null;
}

/**
 * Makes a new secret address (revoking any earlier one) and returns it; only its hash is kept.
 * `loginSessionId` is the sign-in that asked: signing out of it ends the address (decision record
 * 067). `origin` is where the user reached us from (their device can reach it; APP_URL may be a
 * name only the server knows, such as localhost), else APP_URL.
 */
export async function makeFeed(deps: Pick<Deps, "db" | "now" | "appUrl">, userId: string, loginSessionId: string | null, origin = deps.appUrl) {
  const token = newSecret();
  await feedAddresses.replaceFeed(deps.db, userId, hashSecret(token), loginSessionId, deps.now);
  return feedUrls(origin, token);
}

export const turnFeedOff = (deps: Pick<Deps, "db" | "now">, userId: string) => feedAddresses.revokeFeed(deps.db, userId, deps.now);

/**
 * The iCalendar text for a token, or null when it opens no live feed; links point at `origin`. Events keep the uid the
 * booking emails' attachments use, so a calendar app that has both shows one event; a cancelled
 * session the user hosts stays as a cancelled event, so subscribed phones strike it out.
 */
export async function feedCalendar(deps: Pick<Deps, "db" | "now" | "appUrl">, token: string, origin = deps.appUrl): Promise<string | null> {
  const owner = await feedAddresses.ownerOfToken(deps.db, hashSecret(token), deps.now);
  if (!owner) return null;
  const lang: Locale = isLocale(owner.language) ? owner.language : "es";
  const t = translator(lang, "sessions");
  const { from, to } = feedWindow(deps.now);
  const rows = await repo.feedSessions(deps.db, owner.userId, from, to, FEED_WINDOW.maxEvents);
  const base = origin.replace(/\/$/, "");
  const events: EventAttributes[] = rows.map((row) => {
    const url = `${base}${localePath(lang, row.series_id ? `/series/${row.series_id}` : `/session/${row.id}`)}`;
    return {
      uid: `session-${row.id}@mesa`,
      title: row.hosting ? t("feed.hosting", { title: row.title }) : row.title,
      description: `${row.game}\n\n${row.description}\n\n${url}`.trim(),
      start: new Date(row.starts_at).getTime(),
      startInputType: "utc",
      startOutputType: "utc",
      duration: { minutes: row.duration_minutes },
      location: row.location ?? t("feed.online"),
      url,
      status: row.status === "CANCELLED" ? "CANCELLED" : "CONFIRMED",
      lastModified: new Date(row.updated_at).getTime(),
    } satisfies EventAttributes;
  });
  // A feed with no events is still a valid calendar a phone can subscribe to.
  const { error, value } = createEvents(events, { productId: "mesa/calendar", calName: t("feed.name") });
  if (error || !value) throw error ?? new Error("the calendar could not be written");
  return value;
}
