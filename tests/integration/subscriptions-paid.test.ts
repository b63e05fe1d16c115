import { describe, expect, it } from "vitest";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { CARD_HOLD_MINUTES } from "../../app/modules/payments/rules";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { activateSubscription, findSubscription } from "../../app/modules/subscriptions/repo.server";
import { MAX_ACTIVE_SUBSCRIPTIONS } from "../../app/modules/subscriptions/rules";
import { subscribeByCard, subscribeByOxxo } from "../../app/modules/subscriptions/subscriptions.server";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { notificationsOf, paymentsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

// A Saturday; the series' sessions are the next two Mondays at 19:00 in Mexico City (01:00 UTC the day after).
const created = new Date("2026-11-21T12:00:00Z");
const hours = (n: number) => new Date(created.getTime() + n * 3_600_000);
const address = "10.65.0.1";

async function paidSeries() {
  const host = await person("dm");
  const row = weeklySeries(host.id, { priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, voucherPaymentDays: 1 });
  const { id } = await insertSeriesWithSessions(testDeps(created).deps, row);
  const sessions = await getDb().selectFrom("sessions").select(["id", "starts_at"]).where("series_id", "=", id).orderBy("starts_at").execute();
  // Each seat's payment deadline: 12 hours (one waitlist offer) before the booking lock of 24 hours, 36 before the start.
  const deadlines = sessions.map((s) => new Date(new Date(s.starts_at).getTime() - 36 * 3_600_000));
  return { host, id, sessions, deadlines };
}

const seatsOf = (userId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.id", "b.session_id", "b.status", "b.subscription_id", "b.hold_until", "b.amount_cents"])
    .where("b.user_id", "=", userId)
    .orderBy("s.starts_at")
    .execute();

describe("subscribing to a paid series", () => {
  it("by OXXO: a voucher for the next session, the later seat due until its deadline; a lapsed voucher leaves the seat due; the deadline releases it", async () => {
    const { id, sessions, deadlines } = await paidSeries();
    const player = await person();
    const { deps, offline, at } = payTestDeps(created);
    const result = await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address });
    if (!result.ok) throw new Error(result.refusal);
    expect(result.voucher).toMatchObject({ amountCents: 30_000, currency: "MXN", reference: expect.any(String) });
    const [first, second] = await seatsOf(player.id);
    expect(first).toMatchObject({ session_id: sessions[0]!.id, status: "PENDING_PAYMENT", subscription_id: result.subscriptionId });
    // The voucher's hold, or the deadline when that is later: never less than the deadline.
    expect(new Date(first!.hold_until!).getTime()).toBeGreaterThanOrEqual(deadlines[0]!.getTime());
    expect(second).toMatchObject({ session_id: sessions[1]!.id, status: "PENDING_PAYMENT", subscription_id: result.subscriptionId, amount_cents: 30_000 });
    expect(new Date(second!.hold_until!)).toEqual(deadlines[1]);
    expect(await paymentsOf(second!.id)).toEqual([]);

    // The first voucher lapses unpaid before the deadline: the seat is still the subscriber's, due again.
    at(hours(1));
    await offline.act((await paymentsOf(first!.id))[0]!.provider_ref!, "expire");
    expect(await seatsOf(player.id)).toMatchObject([{ status: "PENDING_PAYMENT", hold_until: deadlines[0] }, { status: "PENDING_PAYMENT" }]);
    expect(await notificationsOf(player.id)).toContain("payment_failed");

    // It can be paid another way, here by card, and the webhook confirms it.
    const card = await startCardIntent(deps, player, { sessionId: sessions[0]!.id, address });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "succeed");
    expect((await seatsOf(player.id))[0]).toMatchObject({ status: "CONFIRMED" });

    // The second seat is paid by nobody: at its deadline the cleanup job releases it; the subscription stays.
    await expireLapsedHoldsAndOffers({ ...deps, now: new Date(deadlines[1]!.getTime() - 1000) });
    expect((await seatsOf(player.id))[1]).toMatchObject({ status: "PENDING_PAYMENT" });
    await expireLapsedHoldsAndOffers({ ...deps, now: deadlines[1]! });
    expect((await seatsOf(player.id))[1]).toMatchObject({ status: "EXPIRED" });
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });
  });

  it("by card: the first seat is held for the card try only and paid it begins the subscription; a declined card on a later seat leaves it due; that seat is paid by OXXO", async () => {
    const { id, deadlines, sessions } = await paidSeries();
    const player = await person();
    const { deps, offline, at } = payTestDeps(created);
    const result = await subscribeByCard(deps, player, id, { country: "MX", address });
    if (!result.ok) throw new Error(result.refusal);
    expect(result).toMatchObject({ clientSecret: expect.any(String), amountCents: 30_000, currency: "MXN" });
    // A card subscription begins when its first payment is in (decision record 070): until then one seat, on the card's hold.
    const [held, ...others] = await seatsOf(player.id);
    expect(held).toMatchObject({ status: "PENDING_PAYMENT", hold_until: hours(CARD_HOLD_MINUTES / 60) });
    expect(others).toEqual([]);
    await offline.act(result.paymentIntentId, "succeed");
    expect(await seatsOf(player.id)).toMatchObject([
      { status: "CONFIRMED" },
      { session_id: sessions[1]!.id, status: "PENDING_PAYMENT", hold_until: deadlines[1] },
    ]);

    // A later seat of the active subscription: a declined card leaves it due until its deadline (decision record 051).
    at(hours(0.1));
    const card = await startCardIntent(deps, player, { sessionId: sessions[1]!.id, address });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "fail");
    await expireLapsedHoldsAndOffers({ ...deps, now: hours(1 + CARD_HOLD_MINUTES / 60) });
    expect((await seatsOf(player.id))[1]).toMatchObject({ status: "PENDING_PAYMENT", hold_until: deadlines[1] });
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });

    const voucher = await startOxxoPayment(deps, player, { sessionId: sessions[1]!.id, firstName: "Ana", lastName: "Robles", address });
    expect(voucher).toMatchObject({ ok: true, amountCents: 30_000 });
    expect(new Date((await seatsOf(player.id))[1]!.hold_until!).getTime()).toBeGreaterThanOrEqual(deadlines[1]!.getTime());
  });

  it("a subscriber's due seats do not count toward the three unpaid holds a player may have elsewhere", async () => {
    const { id } = await paidSeries();
    const player = await person();
    const { deps, offline } = payTestDeps(created);
    const subscribed = await subscribeByCard(deps, player, id, { address });
    if (!subscribed.ok) throw new Error(subscribed.refusal);
    await offline.act(subscribed.paymentIntentId, "succeed");
    expect((await seatsOf(player.id)).map((s) => s.status)).toEqual(["CONFIRMED", "PENDING_PAYMENT"]);
    const host = await person("dm");
    const singles = await Promise.all(
      [1, 2, 3, 4].map((i) => createSession({ host: host.id, priceCents: 10_000, title: `Suelta ${i}`, startsAt: hours(200 + i) })),
    );
    const holds = [];
    for (const single of singles) holds.push(await startCardIntent(deps, player, { sessionId: single.id, address }));
    expect(holds.map((h) => (h.ok ? "held" : h.refusal))).toEqual(["held", "held", "held", "tooManyHolds"]);
  });

  it("another player cannot pay a subscriber's due seat: paying the same session takes a seat of their own, the subscriber's stays due", async () => {
    const { id, sessions } = await paidSeries();
    const [player, other] = [await person(), await person()];
    const { deps, offline } = payTestDeps(created);
    const subscribed = await subscribeByCard(deps, player, id, { address });
    if (!subscribed.ok) throw new Error(subscribed.refusal);
    await offline.act(subscribed.paymentIntentId, "succeed");
    const [, due] = await seatsOf(player.id);
    const theirs = await startCardIntent(deps, other, { sessionId: sessions[1]!.id, address });
    if (!theirs.ok) throw new Error(theirs.refusal);
    expect(theirs.bookingId).not.toBe(due!.id);
    expect(await paymentsOf(due!.id)).toEqual([]);
    expect((await seatsOf(player.id))[1]).toMatchObject({ id: due!.id, status: "PENDING_PAYMENT" });
  });

  it("refuses an unverified account, as a paid booking would, and changes nothing", async () => {
    const { id } = await paidSeries();
    const player = await person("user", { emailVerified: false });
    await getDb().updateTable("users").set({ email_verified_at: null }).where("id", "=", player.id).execute();
    const { deps } = payTestDeps(created);
    expect(await subscribeByCard(deps, player, id, { address })).toMatchObject({ ok: false, refusal: "emailNotVerified" });
    expect(await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address })).toMatchObject({
      ok: false,
      refusal: "emailNotVerified",
    });
    expect(await seatsOf(player.id)).toEqual([]);
    expect(await findSubscription(getDb(), id, player.id)).toBeUndefined();
  });
  it("the provider failing after the hold leaves no subscription, no seat and no place in line; the next try is a first subscription", async () => {
    const { id, sessions } = await paidSeries();
    // The second session is full, so the subscribe puts the player in its line.
    await getDb().updateTable("sessions").set({ min_participants: 1, max_participants: 1 }).where("id", "=", sessions[1]!.id).execute();
    const other = await person();
    const { deps, offline } = payTestDeps(created);
    expect(await startOxxoPayment(deps, other, { sessionId: sessions[1]!.id, firstName: "Eva", lastName: "Paz", address })).toMatchObject({ ok: true });
    const player = await person();
    const down = { ...deps, payments: { ...offline, createOxxo: () => Promise.reject(new Error("provider down")) } };
    expect(await subscribeByOxxo(down, player, id, { firstName: "Ana", lastName: "Robles", address })).toEqual({ ok: false, refusal: "providerError" });
    expect(await findSubscription(getDb(), id, player.id)).toBeUndefined();
    expect((await seatsOf(player.id)).filter((s) => ["PENDING_PAYMENT", "CONFIRMED"].includes(s.status))).toEqual([]);
    expect(await getDb().selectFrom("waitlist_entries").select("session_id").where("user_id", "=", player.id).execute()).toEqual([]);

    const cardDown = { ...deps, payments: { ...offline, createCardIntent: () => Promise.reject(new Error("provider down")) } };
    expect(await subscribeByCard(cardDown, player, id, { address })).toEqual({ ok: false, refusal: "providerError" });
    expect(await findSubscription(getDb(), id, player.id)).toBeUndefined();

    const again = await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address });
    expect(again).toMatchObject({ ok: true, rejoined: false });
    expect(await getDb().selectFrom("waitlist_entries").select("session_id").where("user_id", "=", player.id).execute()).toEqual([
      { session_id: sessions[1]!.id },
    ]);
  });

  it("a subscribe refused at the cap of subscriptions holds no seat: the hold and the subscription are one transaction", async () => {
    const { id, sessions } = await paidSeries();
    const host = await person("dm");
    const player = await person();
    for (let i = 0; i < MAX_ACTIVE_SUBSCRIPTIONS; i++) {
      const { id: other } = await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(host.id, { title: `Gratis ${i}` }));
      expect(await activateSubscription(getDb(), { seriesId: other, userId: player.id, now: created })).toMatchObject({ ok: true });
    }
    const { deps } = payTestDeps(created);
    expect(await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address })).toEqual({ ok: false, refusal: "tooManySubscriptions" });
    expect(await subscribeByCard(deps, player, id, { address })).toEqual({ ok: false, refusal: "tooManySubscriptions" });
    expect(await seatsOf(player.id)).toEqual([]);
    expect(await findSubscription(getDb(), id, player.id)).toBeUndefined();
    const counts = await getDb().selectFrom("sessions").select("booked_count").where("series_id", "=", id).execute();
    expect(counts.map((c) => c.booked_count)).toEqual(sessions.map(() => 0));
  });
});
