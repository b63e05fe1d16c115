// Series subscriptions (decision record 051): subscribe once, hold a seat in every session of the
// series. Above series, bookings and payments: the first seat is taken by the booking paths (the
// one seat rule), the later ones by enrol_subscribers in the database.
import type { Requester } from "#app/modules/auth/session.server";
import { decideFreeSeat, leaveList, seatNewSubscriber, tellBooked, type Writer } from "#app/modules/bookings/bookings.server";
import { seatPaymentDeadline } from "#app/modules/bookings/rules";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import type { TypedInvite } from "#app/modules/invites/invites.server";
import { type OxxoStarted, type PayDeps, type PayRefusal, startCardCheckout, startCardIntent, startOxxoPayment } from "#app/modules/payments/payments.server";
import { refundCancelledBookings } from "#app/modules/payments/refunds.server";
import * as seriesRepo from "#app/modules/series/repo.server";
import { isUuid } from "#app/utils/uuid";
import * as repo from "./repo.server";
import { isProviderRef, nextOpenSession, type SubscribeRefusal, subscribeRefusal } from "./rules";

export type SubscribeRefused = { ok: false; refusal: SubscribeRefusal | PayRefusal; retryAfterSeconds?: number };
export type Subscribed = { ok: true; subscriptionId: string; rejoined: boolean; nextSessionId: string };

/** What is decided before a seat is taken: the series, the viewer's standing, the next session. */
async function prepare(deps: Pick<Writer, "db" | "now">, player: Requester, seriesId: string) {
  if (!isUuid(seriesId)) return { ok: false as const, refusal: "notFound" as const };
  const series = await seriesRepo.findSeries(deps.db, seriesId);
  if (!series) return { ok: false as const, refusal: "notFound" as const };
  const [current, activeElsewhere, sessions] = await Promise.all([
    repo.findSubscription(deps.db, seriesId, player.id),
    repo.countActiveSubscriptions(deps.db, player.id, seriesId),
    repo.seriesSessionsAfter(deps.db, seriesId, deps.now),
  ]);
  const next = nextOpenSession(
    sessions.map((s) => ({ ...s, starts_at: new Date(s.starts_at) })),
    series.booking_lock_hours,
    deps.now,
  );
  const refusal = subscribeRefusal({ series, viewerId: player.id, current: current?.status ?? null, activeElsewhere, next });
  if (refusal) return { ok: false as const, refusal };
  // The first seat's payment deadline, as every later seat's: 12 hours before the series' booking lock.
  return { ok: true as const, series, next: { ...next!, deadline: seatPaymentDeadline(next!.starts_at, series.booking_lock_hours) } };
}

type Begun = { id: string; rejoined: boolean; previous: repo.Previous };
type Next = { id: string; deadline: Date };

/**
 * A subscription begun as ACTIVE (free, OXXO): once its first seat is held, the seat is marked as
 * the subscription's, and seats are given in the series' other upcoming sessions.
 */
const activate = {
  begin: (deps: Pick<Writer, "db" | "now">, player: Requester, seriesId: string) =>
    repo.activateSubscription(deps.db, { seriesId, userId: player.id, now: deps.now }),
  seat: async (deps: Pick<Writer, "db" | "now">, player: Requester, made: Begun, next: Next) => {
    await repo.linkSeat(deps.db, { sessionId: next.id, userId: player.id, subscriptionId: made.id, deadline: next.deadline, now: deps.now });
    await seatNewSubscriber(deps, made.id, next.id);
  },
};

/**
 * A card try (decision record 070): the subscription PENDING_PAYMENT, its first seat marked as its
 * own and kept on the card's hold. No other seat is given and nobody counts it as a subscriber: the
 * webhook's confirmation of the payment makes it active (and gives the other seats), a try that
 * ends unpaid leaves it DECLINED with its seat given back.
 */
const pend = {
  begin: (deps: Pick<Writer, "db" | "now">, player: Requester, seriesId: string) =>
    repo.pendSubscription(deps.db, { seriesId, userId: player.id, now: deps.now }),
  seat: async (deps: Pick<Writer, "db" | "now">, player: Requester, made: Begun, next: Next) => {
    await repo.linkSeat(deps.db, { sessionId: next.id, userId: player.id, subscriptionId: made.id, deadline: null, now: deps.now });
  },
};

/**
 * A subscription begun whose first seat was then refused is put back as it was; a seat given for
 * it meanwhile (a session added to the series in between) is given up as a cancel would.
 */
async function giveBack(deps: Writer, player: Requester, made: Begun) {
  await repo.restoreSubscription(deps.db, made.id, made.previous, deps.now);
  for (const seat of await repo.upcomingSeats(deps.db, made.id, deps.now))
    await leaveList(deps, player, { sessionId: seat.session_id, userId: player.id, list: "bookings" });
}

/**
 * Every way to subscribe, in the same steps: the series, the viewer and the next session are
 * checked; the subscription is begun under the cap on subscriptions per account (decided with the
 * account locked, so parallel subscribes cannot pass it), before any seat, hold or voucher exists;
 * the next session's seat is taken by `takeSeat` (a booking path, with all its checks), and a
 * refused seat puts the subscription back. `nextSessionId`, when the client names the session it
 * showed, must still be the next one.
 */
async function subscribeWith<Seat extends { ok: true }>(
  deps: Writer,
  player: Requester,
  seriesId: string,
  nextSessionId: string | null | undefined,
  takeSeat: (sessionId: string) => Promise<Seat | SubscribeRefused>,
  mode: typeof activate | typeof pend = activate,
): Promise<(Subscribed & Omit<Seat, "ok">) | SubscribeRefused> {
  const ready = await prepare(deps, player, seriesId);
  if (!ready.ok) return ready;
  const { next } = ready;
  if (nextSessionId && nextSessionId !== next.id) return { ok: false, refusal: "noAvailableSession" };
  const made = await mode.begin(deps, player, seriesId);
  if (!made.ok) return { ok: false, refusal: made.refusal === "tooMany" ? "tooManySubscriptions" : "alreadySubscribed" };
  let seat: Seat | SubscribeRefused;
  try {
    seat = await takeSeat(next.id);
  } catch (error) {
    await giveBack(deps, player, made);
    throw error;
  }
  if (!seat.ok) {
    await giveBack(deps, player, made);
    return seat;
  }
  await mode.seat(deps, player, made, next);
  return { ...seat, ok: true, subscriptionId: made.id, rejoined: made.rejoined, nextSessionId: next.id };
}

/**
 * Subscribes to a free series (or one a 'free' invite code opens for the next session): the next
 * session's seat is taken as a free booking, with the same checks as any other (private series
 * need the code, a full session refuses). A seat the player already holds there counts as the first.
 */
export async function subscribeFree(deps: Writer, player: Requester, seriesId: string, input: { nextSessionId?: string | null } & TypedInvite) {
  let taken = false;
  const result = await subscribeWith(deps, player, seriesId, input.nextSessionId, async (sessionId) => {
    const seat = await decideFreeSeat(deps, player, { ...input, sessionId });
    if (!seat.ok && seat.refusal !== "alreadyBooked") return seat;
    if (seat.ok && seat.waitlisted) return { ok: false, refusal: "sessionFull" } as const;
    taken = seat.ok;
    return { ok: true } as const;
  });
  if (result.ok && taken) await tellBooked(deps, player, result.nextSessionId);
  return result;
}

/**
 * Subscribes to a paid series paying the next session by OXXO: the voucher is made for that
 * session's seat exactly as for a single booking (the same hold, checks and email); the seat stays
 * held until its deadline even if the voucher lapses.
 */
export function subscribeByOxxo(
  deps: PayDeps,
  player: Requester,
  seriesId: string,
  input: { nextSessionId?: string | null; firstName: string; lastName: string } & TypedInvite,
) {
  return subscribeWith<{ ok: true; voucher: OxxoStarted }>(deps, player, seriesId, input.nextSessionId, async (sessionId) => {
    const voucher = await startOxxoPayment(deps, player, { ...input, sessionId });
    return voucher.ok ? { ok: true as const, voucher } : voucher;
  });
}

/**
 * Subscribes to a paid series paying the next session by card: the card payment is started for
 * that session's seat as for a single booking, and the subscription waits for it (PENDING_PAYMENT,
 * decision record 070). The webhook's word on the payment decides: paid, the subscription is
 * active; declined or lapsed, there is no subscription and the seat goes back. The client's later
 * subscribe call only reads the result.
 */
export function subscribeByCard(
  deps: PayDeps,
  player: Requester,
  seriesId: string,
  input: { nextSessionId?: string | null; country?: string | null } & TypedInvite,
) {
  type Intent = { ok: true; clientSecret: string; paymentIntentId: string; amountCents: number; currency: string };
  return subscribeWith<Intent>(
    deps,
    player,
    seriesId,
    input.nextSessionId,
    async (sessionId) => {
      const intent = await startCardIntent(deps, player, { ...input, sessionId });
      if (!intent.ok) return intent;
      const { clientSecret, paymentIntentId, amountCents, currency } = intent;
      return { ok: true as const, clientSecret, paymentIntentId, amountCents, currency };
    },
    pend,
  );
}

/**
 * The same by the provider's hosted card page, for browsers without JavaScript: it comes back to
 * the series' processing page (spec section 4), which waits for the webhook's word.
 */
export function subscribeByCheckout(deps: PayDeps, player: Requester, seriesId: string, input: { lang: string; nextSessionId?: string | null } & TypedInvite) {
  const confirm = `/${input.lang}/series/${seriesId}/confirm`;
  return subscribeWith<{ ok: true; url: string }>(
    deps,
    player,
    seriesId,
    input.nextSessionId,
    async (sessionId) => {
      const checkout = await startCardCheckout(deps, player, { ...input, sessionId, returnPaths: { success: `${confirm}/processing`, cancel: confirm } });
      return checkout.ok ? { ok: true as const, url: checkout.url } : checkout;
    },
    pend,
  );
}

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
