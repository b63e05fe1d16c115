// A subscription once it exists: ending it, where its first payment stands, and the profile's list
// of them (decision records 051 and 070).
import { isUuid } from "#app/lib/ids";
import type { Requester } from "#app/modules/auth/session.server";
import { leaveList, type Writer } from "#app/modules/bookings/bookings.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { refundCancelledBookings } from "#app/modules/payments/refunds.server";
import * as repo from "./repo.server";
import { isProviderRef } from "./rules";
import type { SubscribeRefused } from "./subscriptions.server";

/**
 * Ends the player's subscription. Its seats in sessions that have not started are given up as a
 * player leaving would give them up: the seat goes to the next in line, and a paid one is
 * refunded under the same policy (decision record 036). Seats the player booked on their own stay.
 */
export async function cancelSubscription(deps: PayDeps, player: Requester, seriesId: string): Promise<{ ok: true; released: number } | SubscribeRefused> {
  if (!isUuid(seriesId)) return { ok: false, refusal: "notFound" };
  const subscriptionId = await repo.cancelSubscriptionRow(deps.db, { seriesId, userId: player.id, now: deps.now });
  if (!subscriptionId) return { ok: false, refusal: "notFound" };
  let released = 0;
  for (const seat of await repo.upcomingSeats(deps.db, subscriptionId, deps.now)) {
    const left = await leaveList(deps, player, { sessionId: seat.session_id, userId: player.id, list: "bookings" });
    if (!left.ok) continue;
    released += 1;
    if (seat.status === "CONFIRMED") await refundCancelledBookings(deps, seat.session_id, player.id, "customer_request");
  }
  return { ok: true, released };
}

/**
 * Where the viewer's subscription payment stands, for the processing page and the API: paid (the
 * webhook confirmed the seat and the subscription is active), waiting, failed (a seat of an active
 * subscription whose try failed: it stays due until its deadline) or declined (the card try of a
 * subscription that never began: no subscription, no seat). Only the provider's word, through the
 * webhook, confirms a seat; never the client.
 */
export async function subscriptionPayment(deps: Pick<Writer, "db">, player: Requester, seriesId: string, providerRef: string | null) {
  if (!isUuid(seriesId)) return null;
  const subscription = await repo.findSubscription(deps.db, seriesId, player.id);
  if (!subscription || subscription.status === "CANCELLED") return null;
  const ref = isProviderRef(providerRef) ? providerRef : null;
  const payment = await repo.latestSeatPayment(deps.db, subscription.id, ref);
  const failed = payment !== undefined && (["failed", "canceled"].includes(payment.status) || payment.declined_at !== null);
  // No payment of this subscription by that reference (a forged or foreign one): nothing to wait for.
  const state: "paid" | "failed" | "declined" | "waiting" | "unknown" = !payment
    ? "unknown"
    : subscription.status === "DECLINED"
      ? "declined"
      : payment.seat_status === "CONFIRMED" && subscription.status === "ACTIVE"
        ? "paid"
        : failed && subscription.status === "ACTIVE"
          ? "failed"
          : "waiting";
  return { subscriptionId: subscription.id, state, sessionId: payment?.session_id ?? null };
}

/** The player's subscriptions as their profile lists them, in their language and time zone. */
export async function subscriptionsForProfile(deps: Pick<Writer, "db" | "now">, player: { id: string }, lang: Locale, zone: string) {
  const rows = await repo.activeSubscriptionsOf(deps.db, player.id, deps.now);
  return rows.map((r) => ({
    seriesHref: localePath(lang, `/series/${r.series_id}`),
    title: r.title,
    next: r.next_starts_at ? formatDateTime(new Date(r.next_starts_at), lang, zone) : null,
    due:
      r.due_by && r.due_session_id
        ? { by: formatDateTime(new Date(r.due_by), lang, zone), payHref: localePath(lang, `/session/${r.due_session_id}/confirm`) }
        : null,
  }));
}
