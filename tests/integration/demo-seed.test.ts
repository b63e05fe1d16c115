import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { earningsDesk } from "../../app/modules/earnings/earnings.server";
import { screenInviteCode } from "../../app/modules/invites/invites.server";
import { subscribeByCard, subscriptionsForProfile } from "../../app/modules/subscriptions/subscriptions.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { getDb } from "../../db/client.server";
import { DEMO_INVITE_CODE } from "../../server/seed/booking-stories";
import { seedCatalogue } from "../../server/seed/catalogue";
import { seedDemo } from "../../server/seed/demo";
import { DEMO_GROUP_GUESTS } from "../../server/seed/group-stories";
import { DEMO_INQUIRY_CODE } from "../../server/seed/inquiry-stories";
import { requesterOf } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

describe("the demo data", () => {
  it("has bookings in every final state, past sessions, and a private session its README code opens", async () => {
    const now = new Date();
    await seedDemo(now);
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "demo-"));
    expect(
      await seedCatalogue(createDiskStorage(dir, "http://localhost/uploads"), createDiskStorage(`${dir}-private`, "/private-files-are-not-served"), now),
    ).toBeGreaterThan(10);
    const db = getDb();
    const states = await db.selectFrom("bookings").select("status").distinct().execute();
    // PENDING_PAYMENT: the monthly series' unpaid subscription seats.
    expect(states.map((s) => s.status).sort()).toEqual(["CANCELLED", "CONFIRMED", "EXPIRED", "PENDING_PAYMENT", "REFUNDED"]);
    const past = await db.selectFrom("sessions").select("id").where("status", "=", "COMPLETED").where("starts_at", "<", now).execute();
    expect(past.length).toBeGreaterThanOrEqual(3);
    const privateSession = await db.selectFrom("sessions").select("id").where("title", "=", "Mesa privada: la Tumba de Acererak").executeTakeFirstOrThrow();
    expect(await screenInviteCode(testDeps(now).deps, { userId: null, address: "10.65.0.1" }, privateSession.id, DEMO_INVITE_CODE.toLowerCase())).toMatchObject(
      {
        ok: true,
        type: "access",
      },
    );
    // Sam booked a group of three on Ana's free Sunday table: Camila accepted her seat, two guests have not answered yet.
    const group = await db.selectFrom("group_seats").select(["guest_email", "status", "claimed_by"]).orderBy("guest_email").execute();
    expect(group.map((g) => [g.guest_email, g.status])).toEqual([["camila@mesa.test", "CLAIMED"], ...DEMO_GROUP_GUESTS.map((g) => [g.email, "HELD"]).sort()]);
    const offers = await db.selectFrom("waitlist_entries").select(["position"]).where("offer_expires_at", ">", now).execute();
    expect(offers).toEqual([{ position: 1 }]);
    // Chats with history, and messages some demo accounts have not read yet (with their notices).
    const { listChats } = await import("../../app/modules/chat/chat.server");
    const idOf = async (email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const lucia = { id: await idOf("lucia@mesa.test"), isAdmin: false };
    const luciaChats = await listChats({ db }, lucia);
    expect(luciaChats.find((c) => c.type === "session")?.unreadCount).toBe(2);
    const camila = { id: await idOf("camila@mesa.test"), isAdmin: false };
    expect((await listChats({ db }, camila)).find((c) => c.type === "direct")).toMatchObject({ title: "Bruno Mestre", unreadCount: 1 });
    // The weekly campaign's table: Ana and her players talked in it, then Ana shared the coast's map
    // and a handout (stored privately); Lucía has four of its messages to read.
    const table = (await listChats({ db }, lucia)).find((c) => c.type === "group" && c.seriesId !== null);
    expect(table).toMatchObject({ title: "La Costa de la Espada", unreadCount: 4, lastMessage: { kind: "file", name: "Carta de Aguasprofundas.pdf" } });
    const shared = await db
      .selectFrom("chat_attachments")
      .select(["kind", "file_name", "width", "height"])
      .where("chat_id", "=", table!.id)
      .orderBy("created_at")
      .execute();
    expect(shared).toEqual([
      { kind: "image", file_name: "mapa-costa-de-la-espada.png", width: 1600, height: 1000 },
      { kind: "file", file_name: "Carta de Aguasprofundas.pdf", width: null, height: null },
    ]);
    const notices = await db
      .selectFrom("notifications")
      .select(["user_id", "action_url"])
      .where("type", "=", "new_message")
      .where("read_at", "is", null)
      .execute();
    const tableUrl = `/chats/${table!.id}`;
    // Lucía's own group with Mateo and Camila: Mateo's last message waits for Camila.
    const friends = (await listChats({ db }, camila)).find((c) => c.type === "group" && c.seriesId === null);
    expect(friends).toMatchObject({ title: "Los de los martes", name: "Los de los martes", participantCount: 3, unreadCount: 1 });
    expect((await listChats({ db }, lucia)).find((c) => c.id === friends!.id)).toMatchObject({ unreadCount: 0 });
    expect(
      notices
        .filter((n) => n.action_url !== tableUrl)
        .map((n) => n.user_id)
        .sort(),
    ).toEqual([lucia.id, camila.id, camila.id].sort());
    const [anaId, mateoId] = [await idOf("ana.dm@mesa.test"), await idOf("mateo@mesa.test")];
    expect(
      notices
        .filter((n) => n.action_url === tableUrl)
        .map((n) => n.user_id)
        .sort(),
    ).toEqual([anaId, lucia.id, mateoId, camila.id].sort());
    await expectSubscriptionStories(now);
    // Reviews both ways, with Ana's one answer: she is rated 4.7 as a host from three reviews, Lucía 5.0 as a player.
    const { ratingsFor } = await import("../../app/modules/reviews/reviews.server");
    const ana = await idOf("ana.dm@mesa.test");
    expect((await ratingsFor({ db }, [ana], "DM"))(ana)).toEqual({ average: 4.7, count: 3 });
    expect((await ratingsFor({ db }, [lucia.id], "PLAYER"))(lucia.id)).toEqual({ average: 5, count: 2 });
    expect(await db.selectFrom("reviews").select("reply").where("reply", "is not", null).execute()).toHaveLength(1);
    // The admin desk: Mateo's review reported and waiting in the queue; a banned account that cannot sign in.
    const { moderationQueue } = await import("../../app/modules/moderation/moderation.server");
    const queue = await moderationQueue({ db, now });
    expect(queue.reports).toEqual([expect.objectContaining({ target_kind: "review", user_name: "Mateo G", reports: 1 })]);
    expect(queue.banned.map((b) => b.email)).toEqual(["baneado@mesa.test"]);
    const { checkCredentials } = await import("../../app/modules/auth/sign-in.server");
    expect(await checkCredentials(testDeps(now).deps, "baneado@mesa.test", "Baneado-2026!", { ip: "10.65.0.9", userAgent: "vitest" })).toEqual({
      ok: false,
      reason: "banned",
    });
    // The refunds desk: Camila's refund gave up while the provider was down, waiting for an admin to retry it.
    const { refundDesk } = await import("../../app/modules/moderation/refund-desk.server");
    const desk = await refundDesk({ db, now });
    expect(desk.refunds).toEqual([
      expect.objectContaining({ player_email: "camila@mesa.test", status: "refund_failed", amount_cents: 12000, refund_attempts: 6, retryable: true }),
    ]);
    // Badges earned from the demo's own history, at least one of each category.
    const { badgesOf } = await import("../../app/modules/badges/badges.server");
    const { BADGES } = await import("../../app/modules/badges/catalogue");
    const earned = await badgesOf(db, [ana, lucia.id]);
    const categories = new Set([...earned.values()].flat().map((id) => BADGES[id].category));
    expect([...categories].sort()).toEqual(["both", "dm", "player"]);
    // Mateo missed a session: his reliability record shows the no-show.
    const { reliabilityFor } = await import("../../app/modules/attendance/attendance.server");
    expect((await reliabilityFor({ db, now }, await idOf("mateo@mesa.test")))?.player).toMatchObject({ noShow: 1 });
    await expectInquiryStories(now, idOf);
    await expectEarningsStories(now, idOf);
    // Running it again adds nothing.
    const before = await counts();
    expect(await seedDemo(now)).toBe(0);
    expect(
      await seedCatalogue(createDiskStorage(dir, "http://localhost/uploads"), createDiskStorage(`${dir}-private`, "/private-files-are-not-served"), now),
    ).toBe(0);
    expect(await counts()).toEqual(before);
    // Sam, who cancelled the monthly series, cannot subscribe again while Stripe waits for Bruno's
    // details; once Bruno sends them, he can (a rejoin: the same subscription).
    const monthly = await seriesCalled("Clube mensal de Cthulhu");
    const sam = { ...(await person()), id: await idOf("sam@mesa.test") };
    expect(await subscribeByCard(payTestDeps(now).deps, sam, monthly.id, { address: "10.65.0.1" })).toMatchObject({ ok: false, refusal: "hostCannotBePaid" });
    await db
      .updateTable("payout_accounts")
      .set({ state: "active", charges_enabled: true, payouts_enabled: true })
      .where("user_id", "=", await idOf("bruno.dm@mesa.test"))
      .execute();
    expect(await subscribeByCard(payTestDeps(now).deps, sam, monthly.id, { address: "10.65.0.1" })).toMatchObject({ ok: true, rejoined: true });
  });
});

const counts = async () => {
  const db = getDb();
  const n = async (table: "bookings" | "series_subscriptions" | "payments" | "notifications" | "sessions" | "series") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    bookings: await n("bookings"),
    subscriptions: await n("series_subscriptions"),
    payments: await n("payments"),
    notifications: await n("notifications"),
    sessions: await n("sessions"),
    series: await n("series"),
  };
};

const seriesCalled = (title: string) =>
  getDb().selectFrom("series").select(["id", "frequency", "price_cents", "status"]).where("title", "=", title).executeTakeFirstOrThrow();

/** Each player's subscription to the series and their seats in its sessions, oldest first. */
async function subscribersOf(seriesId: string) {
  const db = getDb();
  const rows = await db
    .selectFrom("series_subscriptions as su")
    .innerJoin("users as u", "u.id", "su.user_id")
    .select(["su.id", "su.status", "u.email", "u.id as user_id"])
    .where("su.series_id", "=", seriesId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.email.split("@")[0]!, r]));
}

const seatsIn = (sessionId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["u.email", "b.status", "b.subscription_id", "b.hold_until", "b.id"])
    .where("b.session_id", "=", sessionId)
    .orderBy("u.email")
    .execute();

const noticesOf = async (userId: string, type: string) =>
  (await getDb().selectFrom("notifications").select("id").where("user_id", "=", userId).where("type", "=", type).execute()).length;

/**
 * The demo: a free weekly series with subscribers; a paid monthly one with a subscriber
 * who paid, one due in 5 days, one whose first card was declined before another went through
 * (a card subscription begins when paid: decision record 070) and one who cancelled and can rejoin.
 */
async function expectSubscriptionStories(now: Date) {
  const db = getDb();
  const sessionsOf = (seriesId: string) =>
    db.selectFrom("sessions").select(["id", "starts_at", "status"]).where("series_id", "=", seriesId).orderBy("starts_at").execute();

  const weekly = await seriesCalled("La Costa de la Espada");
  expect(weekly).toMatchObject({ frequency: "WEEKLY", price_cents: 0, status: "ACTIVE" });
  const weeklySubs = await subscribersOf(weekly.id);
  expect(Object.keys(weeklySubs).sort()).toEqual(["camila", "lucia", "mateo"]);
  expect(Object.values(weeklySubs).map((s) => s.status)).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
  // Every session still open to bookings (24-hour lock) holds their three confirmed seats, and nobody else's.
  const open = (await sessionsOf(weekly.id)).filter((s) => new Date(s.starts_at).getTime() - 24 * 3_600_000 > now.getTime());
  expect(open.length).toBeGreaterThanOrEqual(3);
  for (const session of open) {
    const seats = await seatsIn(session.id);
    expect(seats.map((b) => [b.email, b.status, b.subscription_id])).toEqual(
      ["camila", "lucia", "mateo"].map((who) => [`${who}@mesa.test`, "CONFIRMED", weeklySubs[who]!.id]),
    );
  }

  const monthly = await seriesCalled("Clube mensal de Cthulhu");
  expect(monthly).toMatchObject({ frequency: "MONTHLY", status: "ACTIVE" });
  expect(monthly.price_cents).toBeGreaterThan(0);
  const subs = await subscribersOf(monthly.id);
  expect(Object.fromEntries(Object.entries(subs).map(([who, s]) => [who, s.status]))).toEqual({
    lucia: "ACTIVE",
    mateo: "ACTIVE",
    camila: "ACTIVE",
    sam: "CANCELLED",
  });
  const [last, next, ...later] = await sessionsOf(monthly.id);
  // Last month's session is over; three are ahead (the third added by the top-up, its seats by the enrolment trigger).
  expect(new Date(last!.starts_at).getTime()).toBeLessThan(now.getTime());
  expect(last!.status).toBe("COMPLETED");
  expect(later).toHaveLength(2);
  const state = async (sessionId: string) => Object.fromEntries((await seatsIn(sessionId)).map((b) => [b.email.split("@")[0]!, b.status]));
  expect(await state(last!.id)).toEqual({ lucia: "CONFIRMED", mateo: "CONFIRMED", camila: "CONFIRMED", sam: "CONFIRMED" });
  expect(await state(next!.id)).toEqual({ lucia: "PENDING_PAYMENT", mateo: "CONFIRMED", camila: "PENDING_PAYMENT", sam: "CANCELLED" });
  for (const session of later) expect(await state(session.id)).toMatchObject({ lucia: "PENDING_PAYMENT", mateo: "PENDING_PAYMENT", camila: "PENDING_PAYMENT" });
  expect((await state(later[1]!.id)).sam).toBeUndefined();

  // Paid: Mateo's seats in both sessions are confirmed by a succeeded card payment (his other games' payments aside).
  const paid = await db
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.session_id", "p.status"])
    .where("b.user_id", "=", subs.mateo!.user_id)
    .where("s.series_id", "=", monthly.id)
    .where("p.status", "=", "succeeded")
    .execute();
  expect(paid.map((p) => p.session_id).sort()).toEqual([last!.id, next!.id].sort());

  // Due in 5 days: the next seat's deadline falls 5 days from today in the series' zone, and the
  // 7-day reminder has gone out; the profile's list shows it with the link to pay.
  const due = (await seatsIn(next!.id)).find((b) => b.email === "lucia@mesa.test")!;
  const dayIn = (d: Date) => DateTime.fromJSDate(d, { zone: "America/Sao_Paulo" }).startOf("day");
  expect(dayIn(new Date(due.hold_until!)).diff(dayIn(now), "days").days).toBe(5);
  expect(await noticesOf(subs.lucia!.user_id, "payment_due")).toBe(1);
  const profile = await subscriptionsForProfile({ db, now }, { id: subs.lucia!.user_id }, "es", "America/Mexico_City");
  expect(profile.find((p) => p.title === "Clube mensal de Cthulhu")?.due?.payHref).toBe(`/es/session/${next!.id}/confirm`);
  expect(profile.map((p) => p.title).sort()).toEqual(["Clube mensal de Cthulhu", "La Costa de la Espada"]);

  // Declined, then paid: Camila's first card was declined (she was told), another went through on the
  // same page and began her subscription; her next seat is due like Lucía's, with its 7-day reminder.
  expect(await noticesOf(subs.camila!.user_id, "payment_failed")).toBe(1);
  expect(await noticesOf(subs.camila!.user_id, "subscription_seat_released")).toBe(0);
  expect(await noticesOf(subs.camila!.user_id, "payment_due")).toBe(1);
  expect(await noticesOf(subs.mateo!.user_id, "payment_due")).toBe(0);

  // Cancelled: Sam holds no seat in any session to come.
  const samSeats = await db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select("b.status")
    .where("b.user_id", "=", subs.sam!.user_id)
    .where("s.series_id", "=", monthly.id)
    .where("s.starts_at", ">", now)
    .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .execute();
  expect(samSeats).toEqual([]);
}

/** Both DMs take direct bookings; Bruno has Mateo's open inquiry; Ana accepted Lucía's into a private session its code opens. */
async function expectInquiryStories(now: Date, idOf: (email: string) => Promise<string>) {
  const db = getDb();
  const dms = await db
    .selectFrom("profiles as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["u.email", "p.accepts_direct_bookings", "p.direct_booking_rate_cents"])
    .where("u.email", "in", ["ana.dm@mesa.test", "bruno.dm@mesa.test"])
    .execute();
  expect(dms).toHaveLength(2);
  for (const dm of dms) expect(dm).toMatchObject({ accepts_direct_bookings: true, direct_booking_rate_cents: expect.any(Number) });
  expect(dms.every((dm) => dm.direct_booking_rate_cents > 0)).toBe(true);
  const inquiries = await db.selectFrom("direct_inquiries").selectAll().orderBy("created_at").execute();
  expect(inquiries.map((i) => i.status).sort()).toEqual(["accepted", "open"]);
  const open = inquiries.find((i) => i.status === "open")!;
  expect(open).toMatchObject({ dm_id: await idOf("bruno.dm@mesa.test"), player_id: await idOf("mateo@mesa.test") });
  const accepted = inquiries.find((i) => i.status === "accepted")!;
  expect(accepted).toMatchObject({ dm_id: await idOf("ana.dm@mesa.test"), player_id: await idOf("lucia@mesa.test"), invite_code: DEMO_INQUIRY_CODE });
  const session = await db.selectFrom("sessions").selectAll().where("id", "=", accepted.session_id!).executeTakeFirstOrThrow();
  expect(session).toMatchObject({ is_private: true, max_participants: accepted.player_count, duration_minutes: accepted.hours * 60 });
  expect(new Date(session.starts_at).getTime()).toBeGreaterThan(now.getTime());
  expect(await screenInviteCode(testDeps(now).deps, { userId: null, address: "10.65.0.2" }, session.id, DEMO_INQUIRY_CODE)).toMatchObject({ ok: true });
}

/** Ana's month of earnings: paid, refunded, failed and pending lines, a tip and three payouts (one failed); Bruno's account asks for details. */
async function expectEarningsStories(now: Date, idOf: (email: string) => Promise<string>) {
  const ana = await idOf("ana.dm@mesa.test");
  const dm = { id: ana, email: "ana.dm@mesa.test", displayName: "Ana", roles: ["user", "dm"] };
  const desk = await earningsDesk({ db: getDb(), now }, requesterOf(dm), new URLSearchParams(`year=${now.getUTCFullYear()}`));
  const lastYear = await earningsDesk({ db: getDb(), now }, requesterOf(dm), new URLSearchParams(`year=${now.getUTCFullYear() - 1}`));
  const lines = [...desk.lines, ...lastYear.lines];
  expect(new Set(lines.map((l) => l.state))).toEqual(new Set(["paid", "refunded", "failed", "held"]));
  expect(lines.filter((l) => l.kind === "tip")).toHaveLength(1);
  expect(desk.payouts.map((p) => p.status).sort()).toEqual(["failed", "paid", "paid"]);
  const bruno = await getDb()
    .selectFrom("payout_accounts")
    .select(["state", "requirements"])
    .where("user_id", "=", await idOf("bruno.dm@mesa.test"))
    .executeTakeFirstOrThrow();
  expect(bruno).toEqual({ state: "details_needed", requirements: ["individual.id_number", "external_account"] });
}
