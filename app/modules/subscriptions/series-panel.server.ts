// What the series page shows about subscriptions (decision record 051): the active subscribers'
// count and the way to subscribe for everyone; for the host, each subscriber's seat and payment
// state in the next sessions.
import { canManageSeries } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { displayNameOf } from "#app/modules/users/rules";
import * as repo from "./repo.server";
import { subscriptionStanding } from "./rules";

/** The host's table covers this many sessions ahead: what a phone can show side by side. */
export const HOST_TABLE_SESSIONS = 4;

export type SeatState = "paid" | "confirmed" | "due" | "waiting" | "none";

export async function seriesSubscriptionPanel(
  d: Pick<Deps, "db" | "now">,
  series: { id: string; dm_id: string; price_cents: number },
  viewer: Requester | null,
  lang: Locale,
  zone: string,
  justSubscribed: boolean,
) {
  const [subscribers, current] = await Promise.all([
    repo.countSubscribers(d.db, series.id),
    viewer ? repo.findSubscription(d.db, series.id, viewer.id) : undefined,
  ]);
  // Everyone but the host is offered the way in (a guest is asked to log in on the confirmation screen).
  const standing = viewer?.id === series.dm_id ? null : subscriptionStanding(current?.status ?? null, Boolean(current?.cancelled_at));
  return {
    subscribers,
    standing,
    // The banner after subscribing (?subscribed=true), for a subscriber only.
    welcome: justSubscribed && standing === "subscribed",
    confirmHref: localePath(lang, `/series/${series.id}/confirm`),
    host: canManageSeries(viewer, series) ? await hostTable(d, series, lang, zone) : null,
  };
}

async function hostTable(d: Pick<Deps, "db" | "now">, series: { id: string; price_cents: number }, lang: Locale, zone: string) {
  const { sessions, subscribers, seats, waiting } = await repo.subscriberSeats(d.db, series.id, d.now, HOST_TABLE_SESSIONS);
  const seatOf = new Map(seats.map((s) => [`${s.session_id} ${s.user_id}`, s.status]));
  const waits = new Set(waiting.map((w) => `${w.session_id} ${w.user_id}`));
  const free = series.price_cents === 0;
  const stateOf = (sessionId: string, userId: string): SeatState => {
    const key = `${sessionId} ${userId}`;
    const status = seatOf.get(key);
    if (status === "CONFIRMED") return free ? "confirmed" : "paid";
    if (status === "PENDING_PAYMENT") return "due";
    return waits.has(key) ? "waiting" : "none";
  };
  return {
    sessions: sessions.map((s) => ({ id: s.id, when: formatDateTime(new Date(s.starts_at), lang, zone) })),
    rows: subscribers.map((u) => ({
      name: displayNameOf({ displayName: u.display_name, email: u.email }),
      states: sessions.map((s) => stateOf(s.id, u.user_id)),
    })),
  };
}

export type SeriesSubscriptionPanel = Awaited<ReturnType<typeof seriesSubscriptionPanel>>;
