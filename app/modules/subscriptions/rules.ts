// Series subscriptions: who may subscribe, to which session the first seat goes, and what the
// confirmation screen says (decision record 051). Pure: plain data and an explicit `now` in.
import { type BookingRefusal, closedReason } from "#app/modules/bookings/rules";

/**
 * ACTIVE and CANCELLED are the spec's. A card subscription is PENDING_PAYMENT while its first
 * payment runs and becomes ACTIVE only when the provider confirms it; a try that ends unpaid leaves
 * it DECLINED, which is no subscription at all (decision record 070).
 */
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "CANCELLED", "PENDING_PAYMENT", "DECLINED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The statuses the cap counts: a subscription, or a card try that will be one if its payment succeeds. */
export const CAPPED_SUBSCRIPTION_STATUSES = ["ACTIVE", "PENDING_PAYMENT"] as const;

/**
 * Active subscriptions one account may have at once. Each holds a seat in every upcoming session
 * of its series (unpaid ones until the payment deadline), so an account could otherwise keep
 * seats from other players across any number of series.
 */
export const MAX_ACTIVE_SUBSCRIPTIONS = 10;

export type SubscribeRefusal =
  BookingRefusal | "seriesPaused" | "seriesCancelled" | "seriesCompleted" | "ownSeries" | "alreadySubscribed" | "noAvailableSession" | "tooManySubscriptions";

type SeriesLook = { status: string; dm_id: string; booking_lock_hours: number };
type SessionLook = { id: string; starts_at: Date; status: string };

/** Why a series takes no new subscribers at all (its status), or null. */
export function seriesClosedReason(series: Pick<SeriesLook, "status">): SubscribeRefusal | null {
  if (series.status === "PAUSED") return "seriesPaused";
  if (series.status === "CANCELLED") return "seriesCancelled";
  if (series.status === "COMPLETED") return "seriesCompleted";
  return null;
}

/**
 * The series' next session that still takes bookings at `now`: the first subscribed seat goes
 * there. Null when none does (the spec's 'no available session').
 */
export function nextOpenSession<S extends SessionLook>(sessions: readonly S[], lockHours: number, now: Date): S | null {
  const open = sessions
    .filter((s) => closedReason({ status: s.status, starts_at: s.starts_at, booking_lock_hours: lockHours }, now) === null)
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
  return open[0] ?? null;
}

/**
 * The subscribe decision before any seat is looked at: the series' status, its host, the
 * viewer's standing and their other subscriptions, and whether there is a session to start with.
 * The seat itself (full, private, verified email for a paid seat, its price) is the booking
 * rule's (bookings/rules.ts seatRefusal), asked when the first seat is taken.
 */
export function subscribeRefusal(input: {
  series: SeriesLook;
  viewerId: string;
  current: SubscriptionStatus | null;
  activeElsewhere: number;
  next: SessionLook | null;
}): SubscribeRefusal | null {
  const { series, viewerId, current } = input;
  if (series.dm_id === viewerId) return "ownSeries";
  const closed = seriesClosedReason(series);
  if (closed) return closed;
  if (current === "ACTIVE") return "alreadySubscribed";
  if (input.activeElsewhere >= MAX_ACTIVE_SUBSCRIPTIONS) return "tooManySubscriptions";
  if (!input.next) return "noAvailableSession";
  return null;
}

/** A payment provider's reference as the client may send one (an intent id): anything else is refused unread. */
export const isProviderRef = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{1,200}$/.test(value);

/**
 * The confirmation screen's standing of the viewer: subscribed, rejoining (welcome back) or new.
 * A card try that is running or was declined is no subscription: the player is still new, or
 * rejoining when they had cancelled before it (`cancelledBefore`).
 */
export function subscriptionStanding(current: SubscriptionStatus | null, cancelledBefore = false): "subscribed" | "rejoining" | "new" {
  if (current === "ACTIVE") return "subscribed";
  if (current === "CANCELLED") return "rejoining";
  if (current !== null && cancelledBefore) return "rejoining";
  return "new";
}

/** What the confirmation screen says of the viewer's last card try: still running, declined, or nothing. */
export function cardTryState(current: SubscriptionStatus | null): "pending" | "declined" | null {
  if (current === "PENDING_PAYMENT") return "pending";
  if (current === "DECLINED") return "declined";
  return null;
}
