import { describe, expect, it, vi } from "vitest";
import { leaveList } from "../../app/modules/bookings/bookings.server";
import { cancelSession } from "../../app/modules/bookings/cancel-session.server";
import { retryRefundsJob } from "../../app/modules/jobs/retry-refunds.server";
import { type PayDeps, startCardIntent } from "../../app/modules/payments/payments.server";
import { askForRefund, refundCancelledBookings, retryPendingRefunds } from "../../app/modules/payments/refunds.server";
import type { Payments } from "../../app/services/payments/payments";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { notificationsOf, now, paidSession, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const refundsOf = (sessionId: string) =>
  getDb()
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["p.id", "p.status", "p.refund_attempts", "p.refund_next_try_at", "p.refund_error", "b.status as booking_status"])
    .where("b.session_id", "=", sessionId)
    .orderBy("p.created_at")
    .execute();

/** The offline adapter with its refund requests counted (by idempotency key), failing while `down` is true. */
function countingPort(offline: Payments) {
  const calls: string[] = [];
  const state = { down: true };
  const port: Payments = {
    ...offline,
    async refund(input) {
      calls.push(input.idempotencyKey);
      // Let the other runs of the round get as far as they can before this one answers.
      await new Promise((resolve) => setImmediate(resolve));
      if (state.down) throw new Error("provider unreachable");
      return offline.refund(input);
    },
  };
  return { port, calls, state };
}

/** Players who paid for a session and then left it; unless `ask` is false, their refunds' first request failed. */
async function paidAndLeft(players: number, ask = true) {
  const t = payTestDeps();
  const counting = countingPort(t.offline);
  const withPort = (when: Date): PayDeps => ({ ...t.at(when), payments: counting.port });
  const host = await person("dm");
  const id = await paidSession(host.id, players);
  const people = [];
  for (let i = 0; i < players; i += 1) {
    const player = await person();
    const started = await startCardIntent(t.at(now), player, { sessionId: id });
    if (!started.ok) throw new Error(started.refusal);
    await t.offline.act(started.paymentIntentId, "succeed");
    expect(await leaveList(t.at(now), player, { sessionId: id, userId: player.id, list: "bookings" })).toEqual({ ok: true });
    people.push(player);
  }
  vi.spyOn(console, "warn").mockImplementation(() => {});
  if (ask) expect(await refundCancelledBookings(withPort(now), id, null, "customer_request")).toBe(players);
  return { ...t, ...counting, withPort, id, people };
}

describe("refund retries", () => {
  it("parallel runs ask once per refund per round, with the first request's key; the webhook then refunds and tells the player", async () => {
    const { id, people, calls, state, withPort } = await paidAndLeft(3);
    expect(calls).toHaveLength(3);
    const pending = await refundsOf(id);
    expect(pending.map((p) => [p.status, p.refund_attempts, p.refund_next_try_at?.toISOString()])).toEqual(
      pending.map(() => ["refund_pending", 1, minutes(1).toISOString()]),
    );
    expect(pending[0]!.refund_error).toContain("provider unreachable");

    // Before the wait is over nothing is asked.
    await Promise.all(Array.from({ length: 5 }, () => retryPendingRefunds(withPort(minutes(0.5)))));
    expect(calls).toHaveLength(3);

    // The provider is back; five runs of the job at once.
    state.down = false;
    const made = await Promise.all(Array.from({ length: 5 }, () => retryPendingRefunds(withPort(minutes(2)))));
    expect(made.reduce((a, b) => a + b, 0)).toBe(3);
    expect(calls).toHaveLength(6);
    expect(calls.slice(3).sort()).toEqual(pending.map((p) => `refund-${p.id}`).sort());

    const done = await refundsOf(id);
    expect(done.map((p) => [p.status, p.booking_status, p.refund_attempts, p.refund_next_try_at])).toEqual(done.map(() => ["refunded", "REFUNDED", 2, null]));
    for (const player of people) expect(await notificationsOf(player.id)).toEqual(["payment_received", "booking_confirmed", "refund_processed"]);

    // Later rounds find nothing to ask.
    await Promise.all(Array.from({ length: 5 }, () => retryRefundsJob({ ...withPort(minutes(10)) })));
    expect(calls).toHaveLength(6);
  });

  it("a refund just decided and the job running at that moment ask once between them", async () => {
    const { id, calls, state, withPort } = await paidAndLeft(1, false);
    state.down = false;
    await Promise.all([
      refundCancelledBookings(withPort(now), id, null, "customer_request"),
      refundCancelledBookings(withPort(now), id, null, "customer_request"),
      retryPendingRefunds(withPort(now)),
      retryPendingRefunds(withPort(now)),
      retryPendingRefunds(withPort(now)),
    ]);
    const [payment] = await refundsOf(id);
    expect(calls).toEqual([`refund-${payment!.id}`]);
    expect(payment).toMatchObject({ status: "refunded", booking_status: "REFUNDED", refund_attempts: 1 });
    // Asked for again by its id, a refund already requested is not asked for twice.
    await askForRefund(withPort(minutes(5)), payment!.id);
    expect(calls).toHaveLength(1);
  });

  it("waits longer after each failure and gives up after the sixth request into refund_failed, with an error logged", async () => {
    const { id, calls, withPort, offline } = await paidAndLeft(1);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // Tried at 0; then due at 1, 6, 36, 156 and 636 minutes.
    const rounds: [number, number][] = [
      [0.9, 1],
      [1, 2],
      [5.9, 2],
      [6, 3],
      [36, 4],
      [155, 4],
      [156, 5],
      [636, 6],
      [5000, 6],
    ];
    for (const [at, expected] of rounds) {
      await retryPendingRefunds(withPort(minutes(at)));
      expect([at, calls.length]).toEqual([at, expected]);
    }
    const [failed] = await refundsOf(id);
    expect(failed).toMatchObject({ status: "refund_failed", refund_attempts: 6, refund_next_try_at: null, booking_status: "CANCELLED" });
    expect(failed!.refund_error).toContain("provider unreachable");
    expect(errors.mock.calls.map((c) => JSON.parse(String(c[0])))).toEqual([expect.objectContaining({ paymentId: failed!.id, tries: 6 })]);

    // A person refunds it by hand; the provider's refund event still closes it.
    const [row] = await getDb().selectFrom("payments").select(["payment_intent_ref", "booking_id"]).where("id", "=", failed!.id).execute();
    await offline.refund({
      paymentIntentId: row!.payment_intent_ref!,
      reason: "customer_request",
      metadata: { paymentId: failed!.id, bookingId: row!.booking_id!, sessionId: id },
      idempotencyKey: `manual-${failed!.id}`,
    });
    expect((await refundsOf(id))[0]).toMatchObject({ status: "refunded", booking_status: "REFUNDED" });
  });
  it("a paid seat cancelled without its refund request (the process stopped in between) is refunded by the job after two minutes, once", async () => {
    const { id, calls, state, withPort } = await paidAndLeft(2, false);
    state.down = false;
    const warn = vi.mocked(console.warn);
    // Within the grace the request that cancelled the seat may still be asking.
    expect(await retryPendingRefunds(withPort(minutes(1)))).toBe(0);
    expect(calls).toEqual([]);
    const made = await Promise.all(Array.from({ length: 4 }, () => retryPendingRefunds(withPort(minutes(3)))));
    expect(made.reduce((a, b) => a + b, 0)).toBe(2);
    const refunds = await refundsOf(id);
    expect(calls.sort()).toEqual(refunds.map((p) => `refund-${p.id}`).sort());
    expect(refunds.map((p) => [p.status, p.booking_status])).toEqual([
      ["refunded", "REFUNDED"],
      ["refunded", "REFUNDED"],
    ]);
    expect(warn.mock.calls.filter((c) => String(c[0]).includes("no refund asked for"))).toHaveLength(2);
    // Nothing is left to find.
    expect(await retryPendingRefunds(withPort(minutes(10)))).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it("a session cancelled by its host without its refund requests gets them from the job, as session_cancelled; a cancel older than 30 days is left to a person", async () => {
    const t = payTestDeps();
    const counting = countingPort(t.offline);
    counting.state.down = false;
    const host = await person("dm");
    const id = await paidSession(host.id, 2);
    const player = await person();
    const started = await startCardIntent(t.at(now), player, { sessionId: id });
    if (!started.ok) throw new Error(started.refusal);
    await t.offline.act(started.paymentIntentId, "succeed");
    expect((await cancelSession(t.at(now), host, id)).ok).toBe(true);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const late = await retryPendingRefunds({ ...t.at(minutes(31 * 24 * 60)), payments: counting.port });
    expect([late, counting.calls]).toEqual([0, []]);
    expect(await retryPendingRefunds({ ...t.at(minutes(3)), payments: counting.port })).toBe(1);
    const reasons = await getDb()
      .selectFrom("payments as p")
      .innerJoin("bookings as b", "b.id", "p.booking_id")
      .select("p.refund_reason")
      .where("b.session_id", "=", id)
      .execute();
    expect(reasons).toEqual([{ refund_reason: "session_cancelled" }]);
  });
});
