import { describe, expect, it } from "vitest";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { startCardCheckout, startCardIntent } from "../../app/modules/payments/payments.server";
import { CARD_HOLD_MINUTES } from "../../app/modules/payments/rules";
import { useTestDatabase } from "../setup/database";
import { bookingsOf, counter, now, paidSession, paymentsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

describe("restarting a card payment", () => {
  it("opening the dialog again resumes the same intent and never moves the hold; once it lapses the seat goes to someone else", async () => {
    const { at } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const other = await person();
    const id = await paidSession(host.id, 1, { currency: "USD", allowed_payment_methods: ["CARD"] });

    const first = await startCardIntent(at(now), player, { sessionId: id });
    if (!first.ok) throw new Error(first.refusal);
    const [held] = await bookingsOf(id);
    expect(iso(held!.hold_until)).toBe(iso(minutes(CARD_HOLD_MINUTES)));

    const again = await startCardIntent(at(minutes(20)), player, { sessionId: id });
    expect(again).toMatchObject({ ok: true, bookingId: first.bookingId, paymentIntentId: first.paymentIntentId });
    expect(await bookingsOf(id)).toHaveLength(1);
    expect(iso((await bookingsOf(id))[0]!.hold_until)).toBe(iso(minutes(CARD_HOLD_MINUTES)));
    expect(await paymentsOf(first.bookingId)).toHaveLength(1);

    // Past the hold the cleanup job gives the seat back, and the next player takes it.
    await expireLapsedHoldsAndOffers(at(minutes(CARD_HOLD_MINUTES + 1)));
    expect(await counter(id)).toBe(0);
    const next = await startCardIntent(at(minutes(CARD_HOLD_MINUTES + 1)), other, { sessionId: id });
    expect(next.ok).toBe(true);
    // The first player's restart now finds the session full: no seat is kept by restarting.
    expect(await startCardIntent(at(minutes(CARD_HOLD_MINUTES + 2)), player, { sessionId: id })).toEqual({ ok: false, refusal: "sessionFull" });
    expect((await bookingsOf(id)).map((b) => [b.user_id, b.status])).toEqual([
      [player.id, "EXPIRED"],
      [other.id, "PENDING_PAYMENT"],
    ]);
  });

  it("sending the card form again shows the same hosted page; a new page after it expired keeps the first hold's time", async () => {
    const { at } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 2, { currency: "USD", allowed_payment_methods: ["CARD"] });

    const first = await startCardCheckout(at(now), player, { sessionId: id, lang: "es" });
    if (!first.ok) throw new Error(first.refusal);
    const again = await startCardCheckout(at(minutes(20)), player, { sessionId: id, lang: "es" });
    expect(again).toEqual({ ok: true, bookingId: first.bookingId, url: first.url });
    expect(await paymentsOf(first.bookingId)).toHaveLength(1);

    // The dialog in another tab cannot use the hosted page: a second payment of the same booking, inside the same hold.
    const dialog = await startCardIntent(at(minutes(22)), player, { sessionId: id });
    if (!dialog.ok) throw new Error(dialog.refusal);
    expect(dialog.bookingId).toBe(first.bookingId);
    const resumed = await startCardIntent(at(minutes(25)), player, { sessionId: id });
    expect(resumed).toMatchObject({ ok: true, paymentIntentId: dialog.paymentIntentId });
    expect(await paymentsOf(first.bookingId)).toHaveLength(2);
    expect(iso((await bookingsOf(id))[0]!.hold_until)).toBe(iso(minutes(CARD_HOLD_MINUTES)));
  });

  it("a restart after the hold ran out, before the cleanup job came by, is a new try only if a seat is free", async () => {
    const { at } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 1, { currency: "USD", allowed_payment_methods: ["CARD"] });
    const first = await startCardIntent(at(now), player, { sessionId: id });
    if (!first.ok) throw new Error(first.refusal);

    const late = await startCardIntent(at(minutes(CARD_HOLD_MINUTES + 1)), player, { sessionId: id });
    if (!late.ok) throw new Error(late.refusal);
    expect(late.bookingId).not.toBe(first.bookingId);
    expect(late.paymentIntentId).not.toBe(first.paymentIntentId);
    const rows = await bookingsOf(id);
    expect(rows.map((b) => b.status)).toEqual(["EXPIRED", "PENDING_PAYMENT"]);
    expect(iso(rows[1]!.hold_until)).toBe(iso(minutes(2 * CARD_HOLD_MINUTES + 1)));
    expect(await counter(id)).toBe(1);
  });
});
