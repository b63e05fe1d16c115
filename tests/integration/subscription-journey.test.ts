import { describe, expect, it } from "vitest";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { type PayDeps, startCardIntent } from "../../app/modules/payments/payments.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { findSubscription } from "../../app/modules/subscriptions/repo.server";
import { cancelSubscription, subscribeByOxxo, subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { notificationsOf, paymentsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

// The whole life of a paid subscription with the clock moved by hand: subscribe (OXXO), be given
// a seat in each session the schedule generates, get the three reminders, pay one seat by card,
// let another lapse to the line, cancel, and rejoin.
const start = new Date("2026-11-21T12:00:00Z"); // a Saturday
const DAY = 86_400_000;
const HOUR = 3_600_000;
const address = "10.66.0.1";

const seatsOf = (userId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.id", "b.session_id", "b.status", "b.hold_until", "s.starts_at"])
    .where("b.user_id", "=", userId)
    .where("b.subscription_id", "is not", null)
    .orderBy("s.starts_at")
    .execute();
/** A scheduled job run at the clock `d` reads, with the payment adapter the test drives. */
const job = (d: PayDeps, name: Parameters<typeof runJob>[1]) => runJob({ ...testDeps(d.now).deps, ...d }, name);
const remindersOf = async (sessionId: string, userId: string) =>
  (await getDb().selectFrom("session_notices").select("kind").where("session_id", "=", sessionId).where("user_id", "=", userId).execute())
    .map((n) => n.kind)
    .sort();

describe("a paid subscription over five weeks", () => {
  it("subscribes, is seated in generated sessions, is reminded three times, pays one, lets one lapse to the line, cancels and rejoins", async () => {
    const host = await person("dm");
    const [player, waiting] = [await person(), await person()];
    const { deps: first, offline, at } = payTestDeps(start);
    let deps = first;
    const row = weeklySeries(host.id, {
      title: "Campaña larga",
      priceCents: 20_000,
      allowedPaymentMethods: ["CARD", "OXXO"],
      minAdvanceBookingHours: 48,
      voucherPaymentDays: 1,
      autoGenerateAhead: 2,
    });
    const { id } = await insertSeriesWithSessions(deps, row);

    // Subscribing pays the next session at OXXO; the one after is held, due by its deadline.
    const subscribed = await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address });
    if (!subscribed.ok) throw new Error(subscribed.refusal);
    await offline.act((await paymentsOf(subscribed.voucher.bookingId))[0]!.provider_ref!, "succeed");
    let seats = await seatsOf(player.id);
    expect(seats.map((s) => s.status)).toEqual(["CONFIRMED", "PENDING_PAYMENT"]);

    // A week on, the top-up generates the third Monday: the subscriber holds a seat in it at once.
    deps = at(new Date(start.getTime() + 7 * DAY));
    await job(deps, "generate-series-sessions");
    seats = await seatsOf(player.id);
    expect(seats.map((s) => s.status)).toEqual(["CONFIRMED", "PENDING_PAYMENT", "PENDING_PAYMENT"]);
    const [, second, third] = seats;

    // The second seat: paid by card after its 1-day reminder.
    const deadline2 = new Date(second!.hold_until!);
    deps = at(new Date(deadline2.getTime() - 20 * HOUR));
    await job(deps, "send-payment-reminders");
    expect(await remindersOf(second!.session_id, player.id)).toEqual(["payment_due_1d", "payment_due_3d", "payment_due_7d"]);
    const card = await startCardIntent(deps, player, { sessionId: second!.session_id, address });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "succeed");
    expect((await seatsOf(player.id))[1]!.status).toBe("CONFIRMED");

    // The third seat: reminded 7, 3 and 1 days before its deadline, once each, and never paid.
    const deadline3 = new Date(third!.hold_until!);
    for (const days of [7, 3, 1]) {
      deps = at(new Date(deadline3.getTime() - days * DAY + 60_000));
      await job(deps, "send-payment-reminders");
      await job(deps, "send-payment-reminders");
    }
    expect(await remindersOf(third!.session_id, player.id)).toEqual(["payment_due_1d", "payment_due_3d", "payment_due_7d"]);
    // Three for the third seat, and one for the second: the job first ran a day before that one's deadline, and a late
    // run sends only the latest reminder due, never three at once.
    expect((await notificationsOf(player.id)).filter((type) => type === "payment_due")).toHaveLength(4);

    // At its deadline the unpaid seat goes to the first in line; the subscriber is told and stays subscribed.
    await getDb().insertInto("waitlist_entries").values({ session_id: third!.session_id, user_id: waiting.id, position: 1 }).execute();
    deps = at(deadline3);
    await job(deps, "cleanup-expired-bookings");
    expect((await seatsOf(player.id))[2]!.status).toBe("EXPIRED");
    expect(await notificationsOf(player.id)).toContain("subscription_seat_released");
    const offer = await getDb().selectFrom("waitlist_entries").select("offer_expires_at").where("user_id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(offer.offer_expires_at).not.toBeNull();
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });

    // Cancelling ends the subscription and gives up any seat still to come; rejoining later brings seats back.
    deps = at(new Date(deadline3.getTime() + HOUR));
    const cancelled = await cancelSubscription(deps, player, id);
    expect(cancelled).toMatchObject({ ok: true });
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "CANCELLED" });
    // Two days on, the third session is over; the player comes back for the next.
    deps = at(new Date(deadline3.getTime() + 2 * DAY));
    await job(deps, "generate-series-sessions");
    const rejoined = await subscribeFree(deps, player, id, {});
    // A paid series is not rejoined for free: the next seat has a price.
    expect(rejoined).toEqual({ ok: false, refusal: "notFree" });
    const again = await subscribeByOxxo(deps, player, id, { firstName: "Ana", lastName: "Robles", address });
    expect(again).toMatchObject({ ok: true, rejoined: true });
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ status: "ACTIVE" });
  });
});
