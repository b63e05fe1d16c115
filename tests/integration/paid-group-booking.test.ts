import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { leaveList } from "../../app/modules/bookings/bookings.server";
import { cancelSession } from "../../app/modules/bookings/cancel-session.server";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { answerInvitation, pendingInvitations } from "../../app/modules/groups/invitations.server";
import { registerGroup } from "../../app/modules/payments/group-payments.server";
import { refundCancelledBookings } from "../../app/modules/payments/refunds.server";
import { CARD_HOLD_MINUTES } from "../../app/modules/payments/rules";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { getDb } from "../../db/client.server";
import { bookSeat } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, uniqueEmail } from "./helpers";
import { bookingsOf, counter, now, paidSession, paymentsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const guests = (n: number, prefix = "guest") => Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}`, email: uniqueEmail(`${prefix}${i}`) }));
const seatsOf = (sessionId: string) =>
  getDb().selectFrom("group_seats").select(["guest_email", "status", "paid_by"]).where("session_id", "=", sessionId).orderBy("guest_email").execute();
const statuses = async (sessionId: string) => [...new Set((await seatsOf(sessionId)).map((s) => s.status))];
const offlineId = (url: string) => url.split("/").pop()!;
/** The guest with this address signs up (verified) and accepts the seat held for them in the session (decision record 068). */
async function guestFor(email: string) {
  const u = await createUser({ email });
  return { ...(await person()), id: u.id, email: u.email };
}
async function accept(deps: Deps, guest: Requester, sessionId: string) {
  const invitation = (await pendingInvitations(deps, guest)).find((i) => i.sessionId === sessionId);
  return invitation ? answerInvitation(deps, guest, invitation.id, true) : { ok: false as const, refusal: "notFound" as const };
}

/** A paid session of six seats hosted by a new DM, and a new player who books a group in it. */
async function sixSeatsAndABooker() {
  const host = await person("dm");
  const booker = await person();
  return { host, booker, id: await paidSession(host.id, 6) };
}
/** The group's seats all lapsed together, and none of them counts as taken. */
async function expectEverySeatReleased(sessionId: string) {
  expect(await statuses(sessionId)).toEqual(["EXPIRED"]);
  expect(await counter(sessionId)).toBe(0);
}

type Deps = ReturnType<typeof payTestDeps>["deps"];
async function cardGroup(deps: Deps, booker: Requester, sessionId: string, list: { name: string; email: string }[]) {
  const result = await registerGroup(deps, booker, sessionId, { guests: list, lang: "es" });
  if (!result.ok || result.kind !== "checkout") throw new Error(JSON.stringify(result));
  return result;
}

describe("a paid group: the booker's seat and each guest's for one payment", () => {
  it("holds every seat together while the card is paid, confirms them all on success, and only then mails the guests", async () => {
    const { deps, offline, mails, delivered } = payTestDeps();
    const { booker, id } = await sixSeatsAndABooker();
    const list = guests(3);
    const started = await cardGroup(deps, booker, id, list);
    expect(started).toMatchObject({ seats: 4, amountCents: 100000, currency: "MXN" });
    expect(started.url).toMatch(/^\/es\/dev\/payments\/cs_offline_/);
    const [booking] = await bookingsOf(id);
    expect(booking).toMatchObject({ user_id: booker.id, status: "PENDING_PAYMENT", amount_cents: 100000 });
    expect((await paymentsOf(booking!.id)).map((p) => [p.amount_cents, p.currency])).toEqual([[100000, "MXN"]]);
    expect(await statuses(id)).toEqual(["PENDING"]);
    expect(await counter(id)).toBe(4);
    // A pending group is not a booking yet: no guest has been told anything, and no seat can be claimed.
    expect((await mails()).filter((m) => list.some((g) => g.email === m.to))).toHaveLength(0);
    const early = await guestFor(list[0]!.email);
    expect(await pendingInvitations(deps, early)).toEqual([]);

    expect(await offline.act(offlineId(started.url), "succeed")).toMatchObject({ ok: true });
    expect((await bookingsOf(id))[0]!.status).toBe("CONFIRMED");
    expect(await statuses(id)).toEqual(["HELD"]);
    expect(await counter(id)).toBe(4);
    const sent = (await mails()).filter((m) => list.some((g) => g.email === m.to));
    expect(sent.map((m) => m.to).sort()).toEqual(list.map((g) => g.email).sort());
    // The same success delivered again changes nothing and mails nobody twice.
    const before = (await mails()).length;
    for (const event of delivered) await handleWebhook(deps, event.payload, event.signature);
    expect((await mails()).length).toBe(before);
    expect(await statuses(id)).toEqual(["HELD"]);
    // A guest accepts the paid seat: it becomes their own booking, and the count does not move.
    expect(await accept(deps, early, id)).toEqual({ ok: true, sessionId: id });
    expect(await counter(id)).toBe(4);
  });

  it("a voucher that lapses unpaid releases every seat together; nothing looks booked and nobody is mailed", async () => {
    const { deps, offline, mails } = payTestDeps();
    const { booker, id } = await sixSeatsAndABooker();
    const list = guests(2);
    const result = await registerGroup(deps, booker, id, { guests: list, method: "oxxo", lang: "es" });
    if (!result.ok || result.kind !== "voucher") throw new Error(JSON.stringify(result));
    expect(result).toMatchObject({ seats: 3, amountCents: 75000 });
    const [payment] = await paymentsOf(result.bookingId);
    expect(await counter(id)).toBe(3);
    await offline.act(payment!.provider_ref!, "expire");
    expect((await bookingsOf(id))[0]!.status).toBe("EXPIRED");
    await expectEverySeatReleased(id);
    expect((await mails()).filter((m) => list.some((g) => g.email === m.to))).toHaveLength(0);
  });

  it("a card page that expires releases every seat together", async () => {
    const { deps, offline } = payTestDeps();
    const { booker, id } = await sixSeatsAndABooker();
    const started = await cardGroup(deps, booker, id, guests(2));
    await offline.act(offlineId(started.url), "expire");
    await expectEverySeatReleased(id);
  });

  it("the cleanup job releases a lapsed group hold whole; a payment arriving afterwards is refunded, never a booking", async () => {
    const { offline, at } = payTestDeps();
    const { booker, id } = await sixSeatsAndABooker();
    const started = await cardGroup(at(now), booker, id, guests(3));
    expect(await counter(id)).toBe(4);
    await expireLapsedHoldsAndOffers(at(minutes(CARD_HOLD_MINUTES + 1)));
    expect((await bookingsOf(id))[0]!.status).toBe("EXPIRED");
    await expectEverySeatReleased(id);
    await offline.act(offlineId(started.url), "succeed");
    expect((await bookingsOf(id))[0]!.status).toBe("REFUNDED");
    expect((await paymentsOf(started.bookingId))[0]!.status).toBe("refunded");
    await expectEverySeatReleased(id);
  });

  it("a cancelled session refunds the whole payment and gives up every seat of the group", async () => {
    const { deps, offline } = payTestDeps();
    const { host, booker, id } = await sixSeatsAndABooker();
    const started = await cardGroup(deps, booker, id, guests(2));
    await offline.act(offlineId(started.url), "succeed");
    expect(await cancelSession(deps, host, id)).toEqual({ ok: true });
    expect(await refundCancelledBookings(deps, id, null, "session_cancelled")).toBe(1);
    const [payment] = await paymentsOf(started.bookingId);
    expect(payment).toMatchObject({ status: "refunded", amount_cents: 75000, refund_reason: "session_cancelled" });
    // The port refunds a payment in full (it sends no amount): one refund of the group's one payment.
    const refunds = await getDb()
      .selectFrom("offline_payment_intents")
      .select("id")
      .where("kind", "=", "refund")
      .where("payment_intent_id", "=", payment!.payment_intent_ref)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(await statuses(id)).toEqual(["CANCELLED"]);
    expect(await counter(id)).toBe(0);
  });
});

describe("the booker gives up their own seat", () => {
  it("their unclaimed guests' seats go with it and the one payment is refunded whole", async () => {
    const { deps, offline } = payTestDeps();
    const { booker, id } = await sixSeatsAndABooker();
    const started = await cardGroup(deps, booker, id, guests(2));
    await offline.act(offlineId(started.url), "succeed");
    expect(await counter(id)).toBe(3);
    expect(await leaveList(deps, booker, { sessionId: id, userId: booker.id, list: "bookings" })).toEqual({ ok: true });
    expect(await statuses(id)).toEqual(["CANCELLED"]);
    expect(await counter(id)).toBe(0);
    expect(await refundCancelledBookings(deps, id, booker.id, "customer_request")).toBe(1);
    expect((await paymentsOf(started.bookingId))[0]).toMatchObject({ status: "refunded", amount_cents: 75000 });
  });

  it("once a guest has claimed a seat the payment covers, neither the booker nor the host gives the booking up; an admin may", async () => {
    const { deps, offline } = payTestDeps();
    const { host, booker, id } = await sixSeatsAndABooker();
    const list = guests(2);
    const started = await cardGroup(deps, booker, id, list);
    await offline.act(offlineId(started.url), "succeed");
    const guest = await guestFor(list[0]!.email);
    expect(await accept(deps, guest, id)).toMatchObject({ ok: true });
    const leave = (who: Requester) => leaveList(deps, who, { sessionId: id, userId: booker.id, list: "bookings" });
    expect(await leave(booker)).toEqual({ ok: false, refusal: "groupClaimed" });
    expect(await leave(host)).toEqual({ ok: false, refusal: "groupClaimed" });
    expect((await bookingsOf(id)).map((b) => b.status)).toEqual(["CONFIRMED", "CONFIRMED"]);
    expect(await counter(id)).toBe(3);
    expect((await paymentsOf(started.bookingId))[0]).toMatchObject({ status: "succeeded" });
    // An admin may (and settles the money on the refunds desk): the unclaimed guest's seat goes with it, the claimed one stays.
    const admin = await person("user", { isAdmin: true, roles: ["player", "admin"] });
    expect(await leave(admin)).toEqual({ ok: true });
    expect(await counter(id)).toBe(1);
  });

  it("a guest claiming while the booker leaves: one or the other, never a claimed seat with its payment refunded (repeated rounds)", async () => {
    const { deps, offline } = payTestDeps();
    const host = await person("dm");
    for (let round = 0; round < 5; round += 1) {
      const booker = await person();
      const id = await paidSession(host.id, 4);
      const list = guests(1, `race${round}`);
      const started = await cardGroup(deps, booker, id, list);
      await offline.act(offlineId(started.url), "succeed");
      const guest = await guestFor(list[0]!.email);
      const invitation = (await pendingInvitations(deps, guest))[0]!;
      const [claimed, left] = await Promise.all([
        answerInvitation(deps, guest, invitation.id, true),
        leaveList(deps, booker, { sessionId: id, userId: booker.id, list: "bookings" }),
      ]);
      // Accepted first and the booker is refused, or left first and nothing paid was left to accept.
      expect([
        [true, { ok: false, refusal: "groupClaimed" }],
        [false, { ok: true }],
      ]).toContainEqual([claimed.ok, left]);
    }
  });
});

describe("one account booking paid groups in parallel", () => {
  it("N parallel group bookings by one account in one session: one holds seats, the others are refused (repeated rounds)", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    for (let round = 0; round < 3; round += 1) {
      const booker = await person();
      const id = await paidSession(host.id, 20);
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => registerGroup(deps, booker, id, { guests: guests(5, `p${round}g${i}`), lang: "es" })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await counter(id)).toBe(6);
      expect((await bookingsOf(id)).filter((b) => b.status === "PENDING_PAYMENT")).toHaveLength(1);
    }
  });
});

describe("two paid groups racing for the last seats", () => {
  it("one gets every seat it asked for, the other none and is told how many are left (repeated rounds)", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([person(), person()]);
      const id = await paidSession(host.id, 6);
      await bookSeat(id, (await createUser()).id);
      await bookSeat(id, (await createUser()).id);
      const results = await Promise.all([
        registerGroup(deps, a, id, { guests: guests(3, `a${round}`), lang: "es" }),
        registerGroup(deps, b, id, { guests: guests(3, `b${round}`), lang: "es" }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ refusal: "notEnoughSeats", seatsLeft: 0 });
      expect(await counter(id)).toBe(6);
      const seats = await seatsOf(id);
      expect(seats).toHaveLength(3);
      expect(new Set(seats.map((s) => s.paid_by)).size).toBe(1);
      expect((await bookingsOf(id)).filter((x) => x.status === "PENDING_PAYMENT")).toHaveLength(1);
    }
  });
});

describe("bad input changes nothing", () => {
  it("seven guests, more people than seats left, repeated guest emails, a method the session lacks, an unverified account", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    const booker = await person();
    const id = await paidSession(host.id, 4, { currency: "USD", allowed_payment_methods: ["CARD"] });
    await bookSeat(id, (await createUser()).id);
    const ask = (list: unknown, extra: { method?: unknown } = {}, who: Requester = booker) =>
      registerGroup(deps, who, id, { guests: list, lang: "es", ...extra });
    expect(await ask(guests(7))).toMatchObject({ ok: false, refusal: "invalid", reading: { form: "errors.tooManyPaidGuests" } });
    // A group is at most 6 seats, the booker's included: 6 paid guests would be 7.
    expect(await ask(guests(6))).toMatchObject({ ok: false, refusal: "invalid", reading: { form: "errors.tooManyPaidGuests" } });
    expect(await ask(guests(3))).toMatchObject({ ok: false, refusal: "notEnoughSeats", seatsLeft: 3 });
    const twice = [
      { name: "A", email: "same@example.test" },
      { name: "B", email: "Same@Example.test" },
    ];
    expect(await ask(twice)).toMatchObject({ ok: false, reading: { rows: [{}, { email: "errors.emailRepeated" }] } });
    expect(await ask(guests(1), { method: "oxxo" })).toMatchObject({ ok: false, refusal: "oxxoNotOffered" });
    expect(await ask(guests(1), { method: "cash" })).toMatchObject({ ok: false, refusal: "methodInvalid" });
    const unverified = await createUser({ verified: false });
    const stranger = { ...booker, id: unverified.id, email: unverified.email, emailVerified: false };
    expect(await ask(guests(1), {}, stranger)).toMatchObject({ ok: false, refusal: "emailNotVerified" });
    expect(await counter(id)).toBe(1);
    expect(await seatsOf(id)).toEqual([]);
    expect(await bookingsOf(id)).toHaveLength(1);
    const payments = await getDb()
      .selectFrom("payments as p")
      .innerJoin("bookings as b", "b.id", "p.booking_id")
      .select("p.id")
      .where("b.session_id", "=", id)
      .execute();
    expect(payments).toEqual([]);
  });

  it("a booker with a seat or a payment under way is refused; a guest already seated is not told apart", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    const booker = await person();
    const seated = await createUser();
    const id = await paidSession(host.id, 8);
    await bookSeat(id, seated.id);
    const first = await cardGroup(deps, booker, id, guests(1));
    expect(await registerGroup(deps, booker, id, { guests: guests(1), lang: "es" })).toMatchObject({ ok: false, refusal: "paymentPending" });
    const other = await person();
    const clash = await registerGroup(deps, other, id, { guests: [{ name: "Seated", email: seated.email }], lang: "es" });
    expect(clash).toMatchObject({ ok: true, kind: "checkout", seats: 2 });
    expect(await counter(id)).toBe(5);
    expect(first.seats).toBe(2);
  });
});
