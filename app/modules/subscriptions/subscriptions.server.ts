// Series subscriptions (decision record 051): subscribe once, hold a seat in every session of the
// series. Above series, bookings and payments: the first seat is taken by the booking paths (the
// one seat rule), the later ones by enrol_subscribers in the database.
import { isUuid } from "#app/lib/ids";
import { inTransaction } from "#app/lib/transaction.server";
import type { Requester } from "#app/modules/auth/session.server";
import { decideFreeSeat, leaveList, refuseCode, seatNewSubscriber, tellBooked, type Writer } from "#app/modules/bookings/bookings.server";
import { seatPaymentDeadline } from "#app/modules/bookings/rules";
import { screenTyped, type TypedInvite } from "#app/modules/invites/invites.server";
import {
  type AlongsideHold,
  type OxxoStarted,
  type PayDeps,
  type PayRefusal,
  startCardCheckout,
  startCardIntent,
  startOxxoPayment,
} from "#app/modules/payments/payments.server";
import type { SafetyInput } from "#app/modules/safety/rules";
import { recordSubscriptionSafety } from "#app/modules/safety/safety.server";
import * as seriesRepo from "#app/modules/series/index.server";
import * as repo from "./repo.server";
import { nextOpenSession, type SubscribeRefusal, subscribeRefusal } from "./rules";

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
    return seatNewSubscriber(deps, made.id, next.id);
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
    return { linedUp: [] as string[] };
  },
};

/**
 * The provider could not start the first seat's payment after the subscription was written with
 * its hold: what that wrote is undone. The first seat was given back by the payment's own path
 * (held before this try, it stays as it was); the seats given in the series' other sessions are
 * given up as a cancel gives them (to the line first, each under its session's lock), the places
 * in line it took are left, and then the subscription is put back as it was in one transaction: a
 * subscription that did not exist before keeps no seat and is gone, so the next try is a first one.
 */
async function giveBack(deps: Writer, player: Requester, written: Written, firstSessionId: string) {
  const { made, heldBefore, linedUp } = written;
  for (const seat of await repo.upcomingSeats(deps.db, made.id, deps.now))
    if (seat.session_id !== firstSessionId) await leaveList(deps, player, { sessionId: seat.session_id, userId: player.id, list: "bookings" });
  for (const sessionId of linedUp) await leaveList(deps, player, { sessionId, userId: player.id, list: "waitlist" });
  await inTransaction(deps.db, async (db) => {
    if (made.previous === null) await repo.unlinkSeats(db, made.id, deps.now);
    else if (!heldBefore) await repo.unlinkSeats(db, made.id, deps.now, firstSessionId);
    await repo.restoreSubscription(db, made.id, made.previous, deps.now);
  });
}

/** A refusal met inside a subscribe's transaction: thrown so that everything written before it is rolled back. */
class Undone extends Error {
  constructor(readonly refused: SubscribeRefused) {
    super(`subscribe refused: ${refused.refusal}`);
  }
}

const beginRefused = (refusal: "tooMany" | "active"): SubscribeRefused => ({
  ok: false,
  refusal: refusal === "tooMany" ? "tooManySubscriptions" : "alreadySubscribed",
});

/** What a paid subscribe wrote with its hold: undone by `giveBack` when the provider then fails. */
type Written = { made: Begun; heldBefore: boolean; linedUp: string[] };

/**
 * Every paid way to subscribe, in the same steps: the series, the viewer and the next session are
 * checked; the next session's seat is held by `takeSeat` (a paid booking path, with all its checks)
 * and, in the hold's transaction under the session's lock, the subscription is begun under the cap
 * on subscriptions per account (the account locked, so parallel subscribes cannot pass it), the
 * seat made its own and the player's lines and veils written: a refusal on the way leaves none of
 * them. The provider is asked afterwards, outside the lock; when it fails, `giveBack` undoes the
 * subscription. `nextSessionId`, when the client names the session it showed, must still be the next one.
 */
async function subscribeWith<Seat extends { ok: true }>(
  deps: Writer,
  player: Requester,
  seriesId: string,
  nextSessionId: string | null | undefined,
  takeSeat: (sessionId: string, alongside: AlongsideHold) => Promise<Seat | SubscribeRefused>,
  mode: typeof activate | typeof pend,
  safety: SafetyInput | undefined,
): Promise<(Subscribed & Omit<Seat, "ok">) | SubscribeRefused> {
  const ready = await prepare(deps, player, seriesId);
  if (!ready.ok) return ready;
  const { next } = ready;
  if (nextSessionId && nextSessionId !== next.id) return { ok: false, refusal: "noAvailableSession" };
  const written: { value: Written | null } = { value: null };
  const alongside: AlongsideHold = async (trx, hold) => {
    const tx = { ...deps, db: trx };
    const made = await mode.begin(tx, player, seriesId);
    if (!made.ok) throw new Undone(beginRefused(made.refusal));
    const { linedUp } = await mode.seat(tx, player, made, next);
    if (safety) await recordSubscriptionSafety(tx, player.id, seriesId, safety);
    written.value = { made, heldBefore: hold.heldBefore, linedUp };
  };
  let seat: Seat | SubscribeRefused;
  try {
    seat = await takeSeat(next.id, alongside);
  } catch (error) {
    if (error instanceof Undone) return error.refused;
    throw error;
  }
  const done = written.value;
  if (!seat.ok) {
    if (done) await giveBack(deps, player, done, next.id);
    return seat;
  }
  if (!done) throw new Error("subscribe: a seat was held without its subscription");
  return { ...seat, ok: true, subscriptionId: done.made.id, rejoined: done.made.rejoined, nextSessionId: next.id };
}

/** Lines and veils the player gives with the subscription (decision record 061); none when the call sent none. */
type WithSafety = { safety?: SafetyInput };

/**
 * Subscribes to a free series (or one a 'free' invite code opens for the next session): the next
 * session's seat is taken as a free booking, with the same checks as any other (private series
 * need the code, a full session refuses). A seat the player already holds there counts as the first.
 * One transaction holds the whole command: the subscription row, the first seat, the seats in the
 * series' other sessions and the player's lines and veils; a refusal or an error on the way leaves
 * none of them. A typed code is screened before it (its counted guess must outlive a rollback), the
 * next session is locked before the account (the seat pipeline's order), and the player and the
 * host are told once it committed.
 */
export async function subscribeFree(
  deps: Writer,
  player: Requester,
  seriesId: string,
  input: { nextSessionId?: string | null } & TypedInvite & WithSafety,
): Promise<Subscribed | SubscribeRefused> {
  const ready = await prepare(deps, player, seriesId);
  if (!ready.ok) return ready;
  const { next } = ready;
  if (input.nextSessionId && input.nextSessionId !== next.id) return { ok: false, refusal: "noAvailableSession" };
  const screened = await screenTyped(deps, player.id, next.id, input);
  if (screened && !screened.ok) return refuseCode(screened);
  const { safety, ...typed } = input;
  let outcome: { subscribed: Subscribed; taken: boolean };
  try {
    outcome = await inTransaction(deps.db, async (db) => {
      const tx = { ...deps, db };
      await repo.lockSessionRow(db, next.id);
      const made = await activate.begin(tx, player, seriesId);
      if (!made.ok) throw new Undone(beginRefused(made.refusal));
      const seat = await decideFreeSeat(tx, player, { ...typed, sessionId: next.id });
      if (!seat.ok && seat.refusal !== "alreadyBooked") throw new Undone(seat);
      if (seat.ok && seat.waitlisted) throw new Undone({ ok: false, refusal: "sessionFull" });
      await activate.seat(tx, player, made, next);
      if (safety) await recordSubscriptionSafety(tx, player.id, seriesId, safety);
      return { subscribed: { ok: true, subscriptionId: made.id, rejoined: made.rejoined, nextSessionId: next.id }, taken: seat.ok };
    });
  } catch (error) {
    if (error instanceof Undone) return error.refused;
    throw error;
  }
  if (outcome.taken) await tellBooked(deps, player, next.id);
  return outcome.subscribed;
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
  input: { nextSessionId?: string | null; firstName: string; lastName: string } & TypedInvite & WithSafety,
) {
  const { safety, ...typed } = input;
  return subscribeWith<{ ok: true; voucher: OxxoStarted }>(
    deps,
    player,
    seriesId,
    input.nextSessionId,
    async (sessionId, alongside) => {
      const voucher = await startOxxoPayment(deps, player, { ...typed, sessionId, alongside });
      return voucher.ok ? { ok: true as const, voucher } : voucher;
    },
    activate,
    safety,
  );
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
  input: { nextSessionId?: string | null; country?: string | null } & TypedInvite & WithSafety,
) {
  const { safety, ...typed } = input;
  type Intent = { ok: true; clientSecret: string; paymentIntentId: string; amountCents: number; currency: string };
  return subscribeWith<Intent>(
    deps,
    player,
    seriesId,
    input.nextSessionId,
    async (sessionId, alongside) => {
      const intent = await startCardIntent(deps, player, { ...typed, sessionId, alongside });
      if (!intent.ok) return intent;
      const { clientSecret, paymentIntentId, amountCents, currency } = intent;
      return { ok: true as const, clientSecret, paymentIntentId, amountCents, currency };
    },
    pend,
    safety,
  );
}

/**
 * The same by the provider's hosted card page, for browsers without JavaScript: it comes back to
 * the series' processing page (spec section 4), which waits for the webhook's word.
 */
export function subscribeByCheckout(
  deps: PayDeps,
  player: Requester,
  seriesId: string,
  input: { lang: string; nextSessionId?: string | null } & TypedInvite & WithSafety,
) {
  const { safety, ...typed } = input;
  const confirm = `/${input.lang}/series/${seriesId}/confirm`;
  return subscribeWith<{ ok: true; url: string }>(
    deps,
    player,
    seriesId,
    input.nextSessionId,
    async (sessionId, alongside) => {
      const checkout = await startCardCheckout(deps, player, {
        ...typed,
        sessionId,
        alongside,
        returnPaths: { success: `${confirm}/processing`, cancel: confirm },
      });
      return checkout.ok ? { ok: true as const, url: checkout.url } : checkout;
    },
    pend,
    safety,
  );
}

export { cancelSubscription, subscriptionPayment, subscriptionsForProfile } from "./standing.server";
