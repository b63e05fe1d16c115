import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { leaveList } from "../../app/modules/bookings/bookings.server";
import { type PayDeps, startCardIntent } from "../../app/modules/payments/payments.server";
import { refundCancelledBookings } from "../../app/modules/payments/refunds.server";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { createOfflinePayments, type OfflinePayments } from "../../app/services/payments/offline.server";
import { webhookReply } from "../../app/web/refusals.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { bookingsOf, counter, notificationsOf, now, paidSession, paymentsOf, person, secret } from "./pay-fixtures";

useTestDatabase();

type Sent = { payload: string; signature: string };

/**
 * The offline adapter with its events either handled as they are sent (one ordered delivery) or
 * only kept, for the test to deliver later in any order and any number of times.
 */
function adapter(deliverAtOnce: boolean) {
  const sent: Sent[] = [];
  // The adapter posts to the handler with the same dependencies it is part of (read when an event is sent).
  const offline: OfflinePayments = createOfflinePayments({
    db: getDb,
    webhookSecret: secret(),
    appUrl: "http://localhost:3000",
    now: () => deps.now,
    post: async (payload, signature) => {
      sent.push({ payload, signature });
      return deliverAtOnce ? webhookReply(await handleWebhook(deps, payload, signature)).status : 200;
    },
  });
  const deps: PayDeps = { ...testDeps(now).deps, payments: offline };
  return { deps, offline, sent };
}

/** A small seeded generator, so a failing order can be run again. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Every event three times, shuffled; each answered 200 (a replay is recognised, never an error). */
async function deliverShuffled(deps: PayDeps, events: Sent[], seed: number) {
  for (const event of shuffled([...events, ...events, ...events], seed)) expect((await handleWebhook(deps, event.payload, event.signature)).ok).toBe(true);
}

/** What a delivery leaves behind, without ids or times. */
async function finalState(sessionId: string, player: Requester) {
  const [booking] = await bookingsOf(sessionId);
  const payments = await paymentsOf(booking!.id);
  return {
    booking: booking!.status,
    seats: await counter(sessionId),
    payments: payments.map((p) => ({ status: p.status, refund_reason: p.refund_reason, amount: p.amount_cents })),
    notifications: (await notificationsOf(player.id)).sort(),
  };
}

/** A new player's card is declined at the provider, then the same payment succeeds there, for a two-seat paid session of a new host. */
async function cardDeclinedThenPaid(run: ReturnType<typeof adapter>) {
  const host = await person("dm");
  const player = await person();
  const sessionId = await paidSession(host.id, 2);
  const started = await startCardIntent(run.deps, player, { sessionId });
  if (!started.ok) throw new Error(started.refusal);
  expect(await run.offline.act(started.paymentIntentId, "fail")).toMatchObject({ ok: true });
  expect(await run.offline.act(started.paymentIntentId, "succeed")).toMatchObject({ ok: true });
  return { host, sessionId, player, started };
}

/**
 * The story: a card is declined, the next try succeeds, the player leaves and is refunded.
 * `deliver` runs after each provider step, so the replayed run may hold its events back.
 */
async function story(run: ReturnType<typeof adapter>, deliver: (phase: Sent[]) => Promise<void>) {
  const { sessionId, player } = await cardDeclinedThenPaid(run);
  await deliver(run.sent);
  expect((await bookingsOf(sessionId))[0]?.status).toBe("CONFIRMED");
  expect((await leaveList(run.deps, player, { sessionId, userId: player.id, list: "bookings" })).ok).toBe(true);
  await refundCancelledBookings(run.deps, sessionId, player.id, "customer_request");
  await deliver(run.sent);
  return { sessionId, player };
}

describe("webhook events delivered three times in any order", () => {
  it("leave the same state as one ordered delivery: confirmed once, refunded once, told once", async () => {
    const ordered = adapter(true);
    const once = await story(ordered, async () => {});
    const expected = await finalState(once.sessionId, once.player);
    expect(expected).toEqual({
      booking: "REFUNDED",
      seats: 0,
      payments: [{ status: "refunded", refund_reason: "customer_request", amount: 25_000 }],
      notifications: ["booking_confirmed", "payment_failed", "payment_received", "refund_processed"],
    });

    for (const seed of [1, 7, 42, 2026, 99_991]) {
      const replayed = adapter(false);
      // Each phase's events (and all earlier ones again) arrive three times, shuffled.
      const run = await story(replayed, (sent) => deliverShuffled(replayed.deps, sent, seed));
      expect(await finalState(run.sessionId, run.player), `seed ${seed}`).toEqual(expected);
      // The same events, the provider's refund included, as the ordered run sent.
      expect(replayed.sent.map((e) => (JSON.parse(e.payload) as { type: string }).type).sort()).toEqual(
        ordered.sent.map((e) => (JSON.parse(e.payload) as { type: string }).type).sort(),
      );
    }
  });
});

/** Every order of a list (few items: the story's three events give six). */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/**
 * A card declined, then paid, then refunded at the provider (an operator's refund, or one that
 * reaches us before the success it refunds): the provider's three events, held back for the test
 * to deliver in the order it chooses.
 */
async function refundedAtProvider() {
  const run = adapter(false);
  const { host, sessionId, player, started } = await cardDeclinedThenPaid(run);
  const [booking] = await bookingsOf(sessionId);
  const [payment] = await paymentsOf(booking!.id);
  await run.offline.refund({
    paymentIntentId: started.paymentIntentId,
    reason: "customer_request",
    metadata: { paymentId: payment!.id, bookingId: booking!.id, sessionId },
    idempotencyKey: `refund-${payment!.id}`,
  });
  const events = Object.fromEntries(run.sent.map((e) => [(JSON.parse(e.payload) as { type: string }).type, e]));
  return { run, host, player, sessionId, events };
}

/** The money state and what each person was told, without ids or times. */
async function told(sessionId: string, player: Requester, host: Requester) {
  const [booking] = await bookingsOf(sessionId);
  const payments = await paymentsOf(booking!.id);
  return {
    booking: booking!.status,
    seats: await counter(sessionId),
    payments: payments.map((p) => p.status),
    player: (await notificationsOf(player.id)).sort(),
    host: (await notificationsOf(host.id)).sort(),
  };
}

describe("a refund that arrives before the success it refunds", () => {
  const types = ["payment_intent.payment_failed", "payment_intent.succeeded", "charge.refunded"];

  it("tells the player and the host the same as the ordered delivery, in every order of the story's events", async () => {
    const ordered = await refundedAtProvider();
    for (const type of types) expect((await handleWebhook(ordered.run.deps, ordered.events[type]!.payload, ordered.events[type]!.signature)).ok).toBe(true);
    const expected = await told(ordered.sessionId, ordered.player, ordered.host);
    expect(expected).toEqual({
      booking: "REFUNDED",
      seats: 0,
      payments: ["refunded"],
      player: ["booking_confirmed", "payment_failed", "payment_received", "refund_processed"],
      host: ["player_joined"],
    });

    for (const order of permutations(types)) {
      const story = await refundedAtProvider();
      // Each order twice over, so a replay after the out-of-order run adds nothing either.
      for (const type of [...order, ...order])
        expect((await handleWebhook(story.run.deps, story.events[type]!.payload, story.events[type]!.signature)).ok).toBe(true);
      expect(await told(story.sessionId, story.player, story.host), order.join(" → ")).toEqual(expected);
    }
  });

  it("adds no news of a seat when the success would have been refunded anyway (the session was cancelled meanwhile)", async () => {
    const story = await refundedAtProvider();
    await getDb().updateTable("sessions").set({ status: "CANCELLED" }).where("id", "=", story.sessionId).execute();
    await getDb().updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", story.sessionId).execute();
    for (const type of ["charge.refunded", "payment_intent.succeeded"])
      expect((await handleWebhook(story.run.deps, story.events[type]!.payload, story.events[type]!.signature)).ok).toBe(true);
    const state = await told(story.sessionId, story.player, story.host);
    expect(state.player).toEqual(["refund_processed"]);
    expect(state.host).toEqual([]);
  });
});
