import { describe, expect, it } from "vitest";
import { enrolSubscribers } from "../../app/modules/bookings/repo.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { sendPaymentReminders } from "../../app/modules/jobs/send-payment-reminders.server";
import { listForReader } from "../../app/modules/notifications/notifications.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { activateSubscription } from "../../app/modules/subscriptions/repo.server";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { bookSeat } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

// A Sunday. The paid weekly series starts three weeks later: Mondays at 19:00 in Mexico City
// (01:00 UTC the day after), so the first session starts 2026-12-15T01:00Z and its seats must be
// paid by 2026-12-13T13:00Z (12 hours, one waitlist offer, before the 24 hours of booking lock).
const created = new Date("2026-11-22T12:00:00Z");
const deadline = new Date("2026-12-13T13:00:00Z");
const DAY = 86_400_000;
const before = (ms: number) => new Date(deadline.getTime() - ms);

/** A paid weekly series (250 MXN a session) with its first two sessions; the subscribers hold a seat in the first only. */
async function paidSeriesWith(players: { id: string }[]) {
  const host = await createUser({ role: "dm" });
  const { id } = await insertSeriesWithSessions(
    testDeps(created).deps,
    weeklySeries(host.id, { title: "Campaña de pago", priceCents: 25_000, startDate: "2026-12-14", allowedPaymentMethods: ["CARD", "OXXO"] }),
  );
  const sessions = await getDb().selectFrom("sessions").select(["id", "starts_at"]).where("series_id", "=", id).orderBy("starts_at").execute();
  const subscriptions: string[] = [];
  for (const p of players) {
    const made = await activateSubscription(getDb(), { seriesId: id, userId: p.id, now: created });
    if (!made.ok) throw new Error(made.refusal);
    subscriptions.push(made.id);
  }
  const seated = await enrolSubscribers(getDb(), sessions[0]!.id, created);
  expect(seated.map((s) => s.outcome)).toEqual(players.map(() => "seated"));
  return { seriesId: id, sessionId: sessions[0]!.id, nextSessionId: sessions[1]!.id, subscriptions };
}

const seatOf = (sessionId: string, userId: string) =>
  getDb()
    .selectFrom("bookings")
    .select(["id", "status", "hold_until", "subscription_id"])
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();

const noticesOf = async (sessionId: string, userId: string) =>
  (await getDb().selectFrom("session_notices").select("kind").where("session_id", "=", sessionId).where("user_id", "=", userId).execute())
    .map((n) => n.kind)
    .sort();

describe("send-payment-reminders", () => {
  it("reminds an unpaid subscription seat 7, 3 and 1 days before its deadline, by notification and email, once each", async () => {
    const player = await createUser({ preferredLanguage: "en", timeZone: "America/Mexico_City" });
    const { sessionId } = await paidSeriesWith([player]);
    expect(await seatOf(sessionId, player.id)).toMatchObject({ status: "PENDING_PAYMENT", hold_until: deadline });
    const { at, mails } = testDeps();
    const run = async (when: Date) => (await runJob(at(when), "send-payment-reminders")).items;

    expect(await run(created)).toBe(0);
    expect(await run(before(7 * DAY + 1))).toBe(0);
    expect(await run(before(7 * DAY))).toBe(1);
    expect(await run(before(7 * DAY - 60_000))).toBe(0);
    expect(await run(before(3 * DAY + 1))).toBe(0);
    expect(await run(before(3 * DAY))).toBe(1);
    expect(await run(before(2 * DAY))).toBe(0);
    expect(await run(before(DAY + 1))).toBe(0);
    expect(await run(before(DAY))).toBe(1);
    expect(await run(before(1))).toBe(0);
    // From the deadline on the seat is released, not reminded.
    expect(await run(deadline)).toBe(0);

    expect(await noticesOf(sessionId, player.id)).toEqual(["payment_due_1d", "payment_due_3d", "payment_due_7d"]);
    const sent = await mails();
    expect(sent.map((m) => [m.to, m.subject])).toEqual(Array.from({ length: 3 }, () => [player.email, "Payment due: Campaña de pago"]));
    const mail = sent[0]!;
    expect(mail.text).toContain(`http://localhost:3000/en/session/${sessionId}/confirm`);
    expect(mail.text).toContain("Pay $250.00 MXN before Dec 13, 2026, 7:00");
    expect(mail.text).toContain("subscribed to this series");

    const notes = await listForReader(at(deadline), player.id, "en", 10);
    expect(notes.map((n) => n.type)).toEqual(["payment_due", "payment_due", "payment_due"]);
    expect(notes[0]).toMatchObject({
      title: "Payment pending",
      actionUrl: `/session/${sessionId}/confirm`,
    });
    expect(notes[0]!.message).toMatch(/^Pay for your seat in Campaña de pago before Dec 13, 2026, 7:00/);
  });

  it("sends each reminder once when runs overlap, in each subscriber's language", async () => {
    const players = [
      await createUser({ preferredLanguage: "es", timeZone: "America/Mexico_City" }),
      await createUser({ preferredLanguage: "pt", timeZone: "America/Sao_Paulo" }),
      await createUser({ preferredLanguage: "en", timeZone: "America/New_York" }),
    ];
    await paidSeriesWith(players);
    const { at, mails } = testDeps();
    // The body three times at once (runJob would skip the overlaps), then a run of the job.
    const weekBefore = at(before(6 * DAY));
    const parallel = await Promise.all([1, 2, 3].map(() => sendPaymentReminders(weekBefore)));
    expect(parallel.reduce((sum, r) => sum + r.items, 0)).toBe(3);
    expect((await runJob(at(before(5 * DAY)), "send-payment-reminders")).items).toBe(0);
    const dayBefore = at(before(12 * 3_600_000));
    const again = await Promise.all([1, 2].map(() => sendPaymentReminders(dayBefore)));
    expect(again.reduce((sum, r) => sum + r.items, 0)).toBe(3);

    const sent = await mails();
    expect(sent).toHaveLength(6);
    const subjects = (to: string) => sent.filter((m) => m.to === to).map((m) => m.subject);
    expect(subjects(players[0]!.email)).toEqual(["Pago pendiente: Campaña de pago", "Pago pendiente: Campaña de pago"]);
    expect(subjects(players[1]!.email)).toEqual(["Pagamento pendente: Campaña de pago", "Pagamento pendente: Campaña de pago"]);
    expect(subjects(players[2]!.email)).toHaveLength(2);
    expect(sent.find((m) => m.to === players[1]!.email)!.text).toContain("/pt/session/");
  });

  it("reminds nobody whose seat is paid (or whose payment succeeded and is being confirmed), nor a seat not given by a subscription", async () => {
    const [paid, confirming, single] = [await createUser(), await createUser(), await createUser()];
    const { sessionId } = await paidSeriesWith([paid, confirming]);
    const db = getDb();
    await db
      .updateTable("bookings")
      .set({ status: "CONFIRMED", payment_method: "CARD" })
      .where("session_id", "=", sessionId)
      .where("user_id", "=", paid.id)
      .execute();
    const held = await seatOf(sessionId, confirming.id);
    await db
      .insertInto("payments")
      .values({
        booking_id: held.id,
        session_id: (eb) => eb.selectFrom("bookings").select("session_id").where("id", "=", held.id),
        user_id: confirming.id,
        provider: "offline",
        method: "CARD",
        amount_cents: 25_000,
        currency: "MXN",
        status: "succeeded",
      })
      .execute();
    // A single booking's hold with the same deadline: the payment pages follow it, not these reminders.
    await bookSeat(sessionId, single.id, { status: "PENDING_PAYMENT", paymentMethod: "OXXO", amountCents: 25_000, currency: "MXN", holdUntil: deadline });

    const { at, mails } = testDeps();
    for (const ms of [7 * DAY, 3 * DAY, DAY, 60_000]) expect((await runJob(at(before(ms)), "send-payment-reminders")).items).toBe(0);
    expect(await mails()).toEqual([]);
    const notified = await db.selectFrom("notifications").select("id").where("user_id", "in", [paid.id, confirming.id, single.id]).execute();
    expect(notified).toEqual([]);
  });

  it("sends only the latest reminder due after the job missed the earlier ones, and never the earlier ones afterwards", async () => {
    const player = await createUser({ preferredLanguage: "es" });
    const { sessionId } = await paidSeriesWith([player]);
    const { at, mails } = testDeps();
    // Nothing ran for the first week: twenty hours before the deadline, one reminder, the 1-day one.
    expect((await runJob(at(before(20 * 3_600_000)), "send-payment-reminders")).items).toBe(1);
    expect(await noticesOf(sessionId, player.id)).toEqual(["payment_due_1d", "payment_due_3d", "payment_due_7d"]);
    expect((await runJob(at(before(3_600_000)), "send-payment-reminders")).items).toBe(0);
    expect(await mails()).toHaveLength(1);

    // Another seat, first seen by the job five days before its deadline: the 7-day reminder then, the 3-day one later.
    const late = await createUser({ preferredLanguage: "es" });
    const other = await paidSeriesWith([late]);
    expect((await runJob(at(before(5 * DAY)), "send-payment-reminders")).items).toBe(1);
    expect(await noticesOf(other.sessionId, late.id)).toEqual(["payment_due_7d"]);
    expect((await runJob(at(before(2 * DAY)), "send-payment-reminders")).items).toBe(1);
    expect(await noticesOf(other.sessionId, late.id)).toEqual(["payment_due_3d", "payment_due_7d"]);
  });

  it("skips a reminder whose email cannot be sent, and sends it on the next run", async () => {
    const player = await createUser({ preferredLanguage: "pt" });
    const { sessionId } = await paidSeriesWith([player]);
    const { at, mails } = testDeps();
    const broken = { ...at(before(3 * DAY)), mailer: { send: () => Promise.reject(new Error("smtp down")) } };
    await expect(runJob(broken, "send-payment-reminders")).rejects.toThrow("smtp down");
    expect(await noticesOf(sessionId, player.id)).toEqual([]);
    expect(await listForReader(broken, player.id, "pt", 10)).toEqual([]);
    expect((await runJob(at(before(3 * DAY - 60_000)), "send-payment-reminders")).items).toBe(1);
    expect((await mails()).map((m) => m.subject)).toEqual(["Pagamento pendente: Campaña de pago"]);
  });
});

describe("an unpaid subscription seat at its deadline", () => {
  it("is released, the subscriber is told once and stays subscribed with the next session's seat", async () => {
    const [subscriber, single] = [
      await createUser({ preferredLanguage: "en", timeZone: "America/Mexico_City" }),
      await createUser({ preferredLanguage: "en" }),
    ];
    const { sessionId, nextSessionId, seriesId, subscriptions } = await paidSeriesWith([subscriber]);
    const db = getDb();
    expect(await enrolSubscribers(db, nextSessionId, created)).toHaveLength(1);
    // A single booking's hold lapsing at the same time is released without this notice.
    await bookSeat(sessionId, single.id, { status: "PENDING_PAYMENT", paymentMethod: "OXXO", amountCents: 25_000, currency: "MXN", holdUntil: deadline });

    // Someone waits in line for a seat.
    const waiting = await createUser({ preferredLanguage: "en" });
    await db.insertInto("waitlist_entries").values({ session_id: sessionId, user_id: waiting.id, position: 1 }).execute();

    const { at, mails } = testDeps();
    await runJob(at(before(1)), "cleanup-expired-bookings");
    expect((await seatOf(sessionId, subscriber.id)).status).toBe("PENDING_PAYMENT");

    // Two runs at the deadline: the seat expires once, and the subscriber hears of it once.
    await Promise.all([runJob(at(deadline), "cleanup-expired-bookings"), runJob(at(deadline), "cleanup-expired-bookings")]);
    await runJob(at(new Date(deadline.getTime() + 60_000)), "cleanup-expired-bookings");
    expect(await seatOf(sessionId, subscriber.id)).toMatchObject({ status: "EXPIRED", subscription_id: subscriptions[0] });
    expect((await seatOf(sessionId, single.id)).status).toBe("EXPIRED");
    // Released 12 hours before bookings close, the seat is offered to the line until they close.
    const offer = await db.selectFrom("waitlist_entries").select("offer_expires_at").where("user_id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(offer.offer_expires_at).toEqual(new Date(deadline.getTime() + 12 * 3_600_000));

    const notes = await listForReader(at(deadline), subscriber.id, "en", 10);
    expect(notes.map((n) => n.type)).toEqual(["subscription_seat_released"]);
    expect(notes[0]).toMatchObject({
      title: "Seat released",
      message: "Your unpaid seat in Campaña de pago was released at its payment deadline. You are still subscribed to the series.",
      actionUrl: `/session/${sessionId}`,
    });
    expect(await listForReader(at(deadline), single.id, "en", 10)).toEqual([]);
    const toSubscriber = (await mails()).filter((m) => m.to === subscriber.email);
    expect(toSubscriber.map((m) => m.subject)).toEqual(["Your seat in Campaña de pago was released"]);
    expect(toSubscriber[0]!.text).toContain("You are still subscribed to the series");

    // Still subscribed, with the next session's seat held until its own deadline and reminded as usual.
    const subscription = await db
      .selectFrom("series_subscriptions")
      .select("status")
      .where("series_id", "=", seriesId)
      .where("user_id", "=", subscriber.id)
      .executeTakeFirstOrThrow();
    expect(subscription.status).toBe("ACTIVE");
    expect(await seatOf(nextSessionId, subscriber.id)).toMatchObject({ status: "PENDING_PAYMENT", hold_until: new Date(deadline.getTime() + 7 * DAY) });
    expect((await runJob(at(new Date(deadline.getTime() + 60_000)), "send-payment-reminders")).items).toBe(1);
    expect(await noticesOf(nextSessionId, subscriber.id)).toEqual(["payment_due_7d"]);
  });
});
