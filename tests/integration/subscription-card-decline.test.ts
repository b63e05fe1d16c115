import { describe, expect, it } from "vitest";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { CARD_HOLD_MINUTES } from "../../app/modules/payments/rules";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { seriesConfirmation } from "../../app/modules/subscriptions/confirmation.server";
import { activateSubscription, countSubscribers, findSubscription } from "../../app/modules/subscriptions/repo.server";
import { MAX_ACTIVE_SUBSCRIPTIONS } from "../../app/modules/subscriptions/rules";
import {
  subscribeByCard,
  subscribeByCheckout,
  subscribeByOxxo,
  subscribeFree,
  subscriptionPayment,
} from "../../app/modules/subscriptions/subscriptions.server";
import { action as confirmAction, loader as confirmPage } from "../../app/routes/$lang.series.$id.confirm/route";
import { loader as processingPage } from "../../app/routes/$lang.series.$id.confirm_.processing";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { signedInUser, testDeps } from "./helpers";
import { notificationsOf, paymentsOf, payTestDeps, person } from "./pay-fixtures";
import { form, run } from "./route";

useTestDatabase();

// A card subscription begins when its first payment is in (decision record 070): a declined card
// leaves no subscription and no seat, on the hosted page (no script) and in the card dialog alike.
const created = new Date("2026-11-21T12:00:00Z"); // a Saturday: the sessions are the next Mondays
const minutes = (n: number) => new Date(created.getTime() + n * 60_000);
const address = "10.67.0.1";

async function paidSeries(priceCents = 30_000) {
  const host = await person("dm");
  const row = weeklySeries(host.id, { priceCents, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, voucherPaymentDays: 1 });
  const { id } = await insertSeriesWithSessions(testDeps(created).deps, row);
  const sessions = await getDb().selectFrom("sessions").select(["id", "starts_at", "booked_count"]).where("series_id", "=", id).orderBy("starts_at").execute();
  return { id, sessions };
}

/** A new player starts paying a new paid series by card through the dialog's intent; the payment's outcome is still to come. */
async function cardTryByDialog() {
  const { id, sessions } = await paidSeries();
  const player = await person();
  const { deps, offline } = payTestDeps(created);
  const started = await subscribeByCard(deps, player, id, { address });
  if (!started.ok) throw new Error(started.refusal);
  return { id, sessions, player, deps, offline, started };
}

const seatsOf = (userId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.id", "b.session_id", "b.status", "b.hold_until"])
    .where("b.user_id", "=", userId)
    .orderBy("s.starts_at")
    .orderBy("b.created_at")
    .execute();
const heldSeats = async (userId: string) => (await seatsOf(userId)).filter((b) => b.status === "PENDING_PAYMENT" || b.status === "CONFIRMED");
const bookedCounts = async (seriesId: string) =>
  (await getDb().selectFrom("sessions").select("booked_count").where("series_id", "=", seriesId).orderBy("starts_at").execute()).map((s) => s.booked_count);
const screen = (seriesId: string, viewer: Awaited<ReturnType<typeof person>>, now: Date) =>
  seriesConfirmation({ db: getDb(), now }, { lang: "es", viewer, seriesId, url: new URL(`http://localhost/es/series/${seriesId}/confirm`) });

describe("a card subscription whose first payment is declined", () => {
  it("on the hosted card page (no script): no subscription, no seat, the screen says declined; paying again subscribes", async () => {
    const { id, sessions } = await paidSeries();
    const player = await person();
    const { deps, offline, at } = payTestDeps(created);

    const started = await subscribeByCheckout(deps, player, id, { lang: "es", address });
    if (!started.ok) throw new Error(started.refusal);
    // While the card try runs: one seat held for it, nobody counted as a subscriber, no seat in later sessions.
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "PENDING_PAYMENT" });
    expect(await heldSeats(player.id)).toMatchObject([{ session_id: sessions[0]!.id, status: "PENDING_PAYMENT" }]);
    expect(await countSubscribers(getDb(), id)).toBe(0);
    expect((await screen(id, player, created))!).toMatchObject({ standing: "new", cardTry: "pending" });

    const [seat] = await heldSeats(player.id);
    at(minutes(2));
    expect(await offline.act((await paymentsOf(seat!.id))[0]!.provider_ref!, "fail")).toMatchObject({ ok: true });

    const subscription = await findSubscription(getDb(), id, player.id);
    expect(subscription?.status).not.toBe("ACTIVE");
    expect(await heldSeats(player.id)).toEqual([]);
    expect(await bookedCounts(id)).toEqual(sessions.map(() => 0));
    expect(await countSubscribers(getDb(), id)).toBe(0);
    const page = (await screen(id, player, minutes(3)))!;
    expect(page).toMatchObject({ standing: "new", cardTry: "declined", refusal: null, series: { subscribers: 0 } });
    expect(await subscriptionPayment({ db: getDb() }, player, id, null)).toMatchObject({ state: "declined" });

    // Trying again by card (the dialog's intent here) and paying: subscribed, first seat paid, the next one due.
    at(minutes(4));
    const again = await subscribeByCard(deps, player, id, { address });
    if (!again.ok) throw new Error(again.refusal);
    expect(again.subscriptionId).toBe(subscription!.id);
    await offline.act(again.paymentIntentId, "succeed");
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });
    expect((await heldSeats(player.id)).map((s) => [s.session_id, s.status])).toEqual([
      [sessions[0]!.id, "CONFIRMED"],
      [sessions[1]!.id, "PENDING_PAYMENT"],
    ]);
    expect(await countSubscribers(getDb(), id)).toBe(1);
    expect((await screen(id, player, minutes(5)))!).toMatchObject({ standing: "subscribed", cardTry: null });
  });

  it("in the card dialog (an intent): the same; the JSON API's answer after the card says declined", async () => {
    const { id, sessions } = await paidSeries();
    const player = await person();
    const { deps, offline } = payTestDeps(created);
    const started = await subscribeByCard(deps, player, id, { country: "MX", address });
    if (!started.ok) throw new Error(started.refusal);
    await offline.act(started.paymentIntentId, "fail");
    expect((await findSubscription(getDb(), id, player.id))?.status).toBe("DECLINED");
    expect(await heldSeats(player.id)).toEqual([]);
    expect(await bookedCounts(id)).toEqual(sessions.map(() => 0));
    expect(await subscriptionPayment({ db: getDb() }, player, id, started.paymentIntentId)).toMatchObject({ state: "declined" });
  });

  it("a card that succeeds at once gives an active subscription with its first seat confirmed and the later ones due", async () => {
    const { id, sessions, player, offline, started } = await cardTryByDialog();
    expect(await heldSeats(player.id)).toHaveLength(1);
    await offline.act(started.paymentIntentId, "succeed");
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });
    expect((await heldSeats(player.id)).map((s) => s.status)).toEqual(["CONFIRMED", "PENDING_PAYMENT"]);
    expect(await bookedCounts(id)).toEqual([1, 1]);
    expect(await subscriptionPayment({ db: getDb() }, player, id, started.paymentIntentId)).toMatchObject({ state: "paid" });
    expect(sessions).toHaveLength(2);
  });

  it("a card retried on the provider's page after the decline takes the seat again and begins the subscription", async () => {
    const { id, player, offline, started } = await cardTryByDialog();
    await offline.act(started.paymentIntentId, "fail");
    expect(await heldSeats(player.id)).toEqual([]);
    await offline.act(started.paymentIntentId, "succeed");
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });
    expect((await heldSeats(player.id)).map((s) => s.status)).toEqual(["CONFIRMED", "PENDING_PAYMENT"]);
  });

  it("a card try left unpaid ends when its hold lapses, through the cleanup job: no subscription, no seat", async () => {
    const { id } = await paidSeries();
    const player = await person();
    const { deps } = payTestDeps(created);
    expect(await subscribeByCheckout(deps, player, id, { lang: "en", address })).toMatchObject({ ok: true });
    await expireLapsedHoldsAndOffers({ ...deps, now: minutes(CARD_HOLD_MINUTES + 1) });
    expect((await findSubscription(getDb(), id, player.id))?.status).toBe("DECLINED");
    expect(await heldSeats(player.id)).toEqual([]);
    // Not told that a subscription's seat went: there was no subscription.
    expect(await notificationsOf(player.id)).not.toContain("subscription_seat_released");
  });

  it("after a declined card, OXXO subscribes at once (a voucher waiting is no decline)", async () => {
    const { id, player, deps, offline, started } = await cardTryByDialog();
    await offline.act(started.paymentIntentId, "fail");
    const oxxo = await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address });
    expect(oxxo).toMatchObject({ ok: true, rejoined: false });
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });
    expect((await heldSeats(player.id)).map((s) => s.status)).toEqual(["PENDING_PAYMENT", "PENDING_PAYMENT"]);
  });

  it("the cap of active subscriptions counts card tries still running, never declined ones", async () => {
    const player = await person();
    const { deps, offline } = payTestDeps(created);
    const host = await person("dm");
    const free = async (n: number) => {
      const ids = [];
      for (let i = 0; i < n; i++) ids.push((await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(host.id, { title: `Gratis ${i}` }))).id);
      return ids;
    };
    for (const seriesId of await free(MAX_ACTIVE_SUBSCRIPTIONS - 2))
      expect(await activateSubscription(getDb(), { seriesId, userId: player.id, now: created })).toMatchObject({ ok: true });

    // The ninth: a card try declined, which counts for nothing.
    const declined = await paidSeries();
    const tried = await subscribeByCard(deps, player, declined.id, { address });
    if (!tried.ok) throw new Error(tried.refusal);
    await offline.act(tried.paymentIntentId, "fail");
    // The ninth and tenth: one card try still running, one free subscription.
    const running = await paidSeries();
    expect(await subscribeByCard(deps, player, running.id, { address })).toMatchObject({ ok: true });
    const [tenth, eleventh] = await free(2);
    expect(await subscribeFree(deps, player, tenth!, { address })).toMatchObject({ ok: true });
    expect(await subscribeFree(deps, player, eleventh!, { address })).toMatchObject({ ok: false, refusal: "tooManySubscriptions" });
    // The running try may still be resumed: its own row is not counted against it.
    expect(await subscribeByCard(deps, player, running.id, { address })).toMatchObject({ ok: true });
  });
});

describe("the no-script journey through the routes", () => {
  const base = "http://localhost:3000";
  // The app's own offline adapter times the hosted page by the real clock, so this journey runs at
  // today's date, with the series starting today (its next open session is at most 8 days away).
  const today = new Date();
  const context = { now: today } as never;

  for (const lang of ["es", "en", "pt"] as const) {
    it(`${lang}: 'Subscribe and pay by card', the provider's page declines, and the screen offers to try again with no subscription or seat`, async () => {
      const host = await signedInUser({ role: "dm" });
      const row = weeklySeries(host.id, {
        priceCents: 30_000,
        allowedPaymentMethods: ["CARD", "OXXO"],
        minAdvanceBookingHours: 48,
        voucherPaymentDays: 1,
        startDate: today.toISOString().slice(0, 10),
      });
      const { id } = await insertSeriesWithSessions(testDeps(today).deps, row);
      const player = await signedInUser({ preferredLanguage: lang });
      const sent = await run(
        confirmAction,
        form(`${base}/${lang}/series/${id}/confirm`, { intent: "payCard" }, { Cookie: player.cookie }),
        { lang, id },
        context,
      );
      expect(sent.status).toBe(303);
      // Only the first session's seat is held, for the card try.
      expect(await heldSeats(player.id)).toHaveLength(1);
      const checkout = sent.headers.get("Location")!.match(/\/dev\/payments\/(cs_offline_[0-9a-f]+)$/)![1]!;
      const { offline } = payTestDeps(new Date(today.getTime() + 60_000));
      await offline.act(checkout, "fail");

      expect((await findSubscription(getDb(), id, player.id))?.status).not.toBe("ACTIVE");
      expect(await heldSeats(player.id)).toEqual([]);
      const screenAfter = await run(
        confirmPage,
        new Request(`${base}/${lang}/series/${id}/confirm`, { headers: { Cookie: player.cookie } }),
        { lang, id },
        context,
      );
      expect(screenAfter).toMatchObject({ status: 200, data: { standing: "new", cardTry: "declined", refusal: null, series: { subscribers: 0 } } });
      const processing = await run(
        processingPage,
        new Request(`${base}/${lang}/series/${id}/confirm/processing`, { headers: { Cookie: player.cookie } }),
        { lang, id },
        context,
      );
      expect(processing).toMatchObject({ status: 302 });
      expect(processing.headers.get("Location")).toBe(`/${lang}/series/${id}/confirm`);
    });
  }
});
