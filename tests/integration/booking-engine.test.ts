import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { bookFreeSeat, joinWaitlist, leaveBooking, leaveList } from "../../app/modules/bookings/bookings.server";
import { cancelSession } from "../../app/modules/bookings/cancel-session.server";
import { ACTIVE_BOOKING_STATUSES } from "../../app/modules/bookings/rules";
import { expireLapsedHoldsAndOffers, offerOpenSeats } from "../../app/modules/bookings/waitlist.server";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { createSession, type SessionColumns } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, requesterOf, testDeps } from "./helpers";

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");
const startsAt = new Date("2026-11-01T20:00:00Z");
const HOUR = 3_600_000;

async function person(role: "user" | "dm" = "user", preferredLanguage: "es" | "en" | "pt" = "es"): Promise<Requester> {
  return requesterOf(await createUser({ role, preferredLanguage, displayName: role === "dm" ? "Host" : "Player" }), { preferredLanguage });
}

const session = async (dmId: string, max: number, extra: SessionColumns = {}) =>
  (await createSession({ host: dmId, maxParticipants: max, startsAt, columns: extra })).id;

async function seats(sessionId: string) {
  const s = await getDb().selectFrom("sessions").select(["booked_count", "max_participants"]).where("id", "=", sessionId).executeTakeFirstOrThrow();
  const active = await getDb().selectFrom("bookings").select("id").where("session_id", "=", sessionId).where("status", "in", ACTIVE_BOOKING_STATUSES).execute();
  return { counter: s.booked_count, active: active.length, max: s.max_participants };
}

const waitlist = (sessionId: string) =>
  getDb().selectFrom("waitlist_entries").select(["user_id", "position", "offer_expires_at"]).where("session_id", "=", sessionId).orderBy("position").execute();

const notificationsOf = (userId: string) => getDb().selectFrom("notifications").select(["type", "action_url"]).where("user_id", "=", userId).execute();

describe("booking a free seat", () => {
  it("books, tells the player (email with a calendar file, in their language) and the host, and refuses a second booking", async () => {
    const { deps, mails } = testDeps(now);
    const host = await person("dm");
    const player = await person("user", "en");
    const id = await session(host.id, 3);
    const result = await bookFreeSeat(deps, player, { sessionId: id });
    expect(result).toMatchObject({ ok: true, waitlisted: false });
    expect(await bookFreeSeat(deps, player, { sessionId: id })).toEqual({ ok: false, refusal: "alreadyBooked" });
    expect(await seats(id)).toMatchObject({ counter: 1, active: 1 });
    expect((await notificationsOf(player.id)).map((n) => n.type)).toEqual(["booking_confirmed"]);
    expect((await notificationsOf(host.id)).map((n) => n.type)).toEqual(["player_joined"]);
    const [mail] = await mails();
    expect(mail?.to).toBe(player.email);
    expect(mail?.subject).toBe("Your seat in La cripta is booked");
    expect(mail?.attachments?.[0]?.content).toContain("BEGIN:VCALENDAR");
    expect(mail?.attachments?.[0]?.content).toContain("DTSTART:20261101T200000Z");
  });

  it("refuses unknown, malformed, cancelled, active, completed, started, paid and own sessions, changing nothing", async () => {
    const { deps, at } = testDeps(now);
    const host = await person("dm");
    const player = await person();
    const cases: [string, string][] = [
      ["00000000-0000-4000-8000-000000000000", "notFound"],
      ["not-a-uuid", "notFound"],
      [await session(host.id, 3, { status: "CANCELLED" }), "sessionCancelled"],
      [await session(host.id, 3, { status: "ACTIVE" }), "sessionActive"],
      [await session(host.id, 3, { status: "COMPLETED" }), "sessionCompleted"],
      [await session(host.id, 3, { price_cents: 10000 }), "notFree"],
    ];
    for (const [sessionId, refusal] of cases) expect(await bookFreeSeat(deps, player, { sessionId })).toEqual({ ok: false, refusal });
    const open = await session(host.id, 3);
    expect(await bookFreeSeat(at(startsAt), player, { sessionId: open })).toEqual({ ok: false, refusal: "bookingClosed" });
    expect(await bookFreeSeat(deps, host, { sessionId: open })).toEqual({ ok: false, refusal: "ownSession" });
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
  });

  it("closes a series occurrence at the series' booking lock", async () => {
    const { at } = testDeps(now);
    const host = await person("dm");
    const series = await insertSeries(host.id, {
      frequency: "WEEKLY",
      time_zone: "UTC",
      day_of_week: 0,
      start_date: now,
      duration_minutes: 120,
      booking_lock_hours: 24,
    });
    const id = await session(host.id, 4);
    await getDb().updateTable("sessions").set({ series_id: series.id }).where("id", "=", id).execute();
    const player = await person();
    expect(await bookFreeSeat(at(new Date(startsAt.getTime() - 23 * HOUR)), player, { sessionId: id })).toEqual({ ok: false, refusal: "bookingClosed" });
    expect(await bookFreeSeat(at(new Date(startsAt.getTime() - 25 * HOUR)), player, { sessionId: id })).toMatchObject({ ok: true });
  });
});

describe("the seat invariant under concurrency", () => {
  it("lets exactly 5 of 50 parallel bookings through; the rest are told it is full or wait in line", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const id = await session(host.id, 5);
    const players = await Promise.all(Array.from({ length: 50 }, () => person()));
    const results = await Promise.all(players.map((p, i) => bookFreeSeat(deps, p, { sessionId: id, waitlistIfFull: i % 2 === 0 })));
    const booked = results.filter((r) => r.ok && !r.waitlisted);
    const waiting = results.filter((r) => r.ok && r.waitlisted);
    const full = results.filter((r) => !r.ok);
    expect(booked).toHaveLength(5);
    expect(waiting.length + full.length).toBe(45);
    for (const r of full) expect(r).toEqual({ ok: false, refusal: "sessionFull" });
    expect(await seats(id)).toEqual({ counter: 5, active: 5, max: 5 });
    // Everyone who asked to wait is in line once, positions 1..n with no gaps.
    expect((await waitlist(id)).map((w) => w.position)).toEqual(waiting.map((_, i) => i + 1));
  });

  it("keeps active bookings within capacity and the counter exact over 1,000 random concurrent operations", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const sessionIds = await Promise.all([3, 4, 6].map((max) => session(host.id, max)));
    const players = await Promise.all(Array.from({ length: 24 }, () => person()));
    // A seeded generator: a failure can be replayed.
    let seed = 20261123;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let operations = 0;
    for (let round = 0; round < 50; round += 1) {
      const batch = Array.from({ length: 21 }, () => {
        const sessionId = sessionIds[random(sessionIds.length)]!;
        const player = players[random(players.length)]!;
        switch (random(6)) {
          case 0:
          case 1:
            return bookFreeSeat(deps, player, { sessionId, waitlistIfFull: random(2) === 0 });
          case 2:
            return leaveList(deps, player, { sessionId, userId: player.id, list: "bookings" });
          case 3:
            return leaveList(deps, host, { sessionId, userId: player.id, list: random(2) ? "bookings" : "waitlist" });
          case 4:
            return joinWaitlist(deps, player, sessionId);
          default:
            // Cancelling is rare and final, so only now and then, and on the last session only.
            return round % 17 === 16 && sessionId === sessionIds[2]
              ? cancelSession(deps, host, sessionId)
              : leaveList(deps, player, { sessionId, userId: player.id, list: "waitlist" });
        }
      });
      operations += batch.length;
      await Promise.all(batch);
      for (const id of sessionIds) {
        const s = await seats(id);
        expect(s.active).toBeLessThanOrEqual(s.max);
        expect(s.counter).toBe(s.active);
      }
    }
    expect(operations).toBeGreaterThanOrEqual(1000);
  });
});

describe("the waitlist", () => {
  it("offers a freed seat to the first in line for 12 hours, holds it from others, and passes it on when it lapses", async () => {
    const { deps, at, mails } = testDeps(now);
    const host = await person("dm");
    const [a, b, c, d] = [await person(), await person("user", "pt"), await person(), await person()];
    const id = await session(host.id, 1);
    expect(await bookFreeSeat(deps, a, { sessionId: id })).toMatchObject({ ok: true, waitlisted: false });
    expect(await joinWaitlist(deps, b, id)).toEqual({ ok: true, position: 1 });
    expect(await joinWaitlist(deps, c, id)).toEqual({ ok: true, position: 2 });
    expect(await joinWaitlist(deps, b, id)).toEqual({ ok: false, refusal: "alreadyWaiting" });

    // a leaves: b gets the offer; d (not in line) cannot take the held seat, nor can c.
    const bookingId = (await getDb().selectFrom("bookings").select("id").where("user_id", "=", a.id).executeTakeFirstOrThrow()).id;
    expect(await leaveBooking(deps, c, bookingId)).toEqual({ ok: false, refusal: "notAllowed" });
    expect(await leaveBooking(deps, a, bookingId)).toEqual({ ok: true });
    expect((await notificationsOf(host.id)).map((n) => n.type).sort()).toEqual(["player_cancelled", "player_joined"]);
    const line = await waitlist(id);
    expect(line[0]).toMatchObject({ user_id: b.id, offer_expires_at: new Date(now.getTime() + 12 * HOUR) });
    expect(line[1]).toMatchObject({ user_id: c.id, offer_expires_at: null });
    expect(await bookFreeSeat(deps, d, { sessionId: id })).toEqual({ ok: false, refusal: "sessionFull" });
    expect(await bookFreeSeat(deps, c, { sessionId: id })).toEqual({ ok: false, refusal: "sessionFull" });
    expect(await notificationsOf(b.id)).toEqual([{ type: "waitlist_spot_available", action_url: `/session/${id}/confirm` }]);
    const offerMail = (await mails()).find((m) => m.to === b.email);
    expect(offerMail?.subject).toBe("Uma vaga em La cripta é sua");
    expect(offerMail?.text).toContain(`/pt/session/${id}/confirm`);

    // Before the offer lapses the job changes nothing; after, the seat passes to c.
    // (Other tests' sessions share this database, so this one's rows are what is checked.)
    await expireLapsedHoldsAndOffers(at(new Date(now.getTime() + 11 * HOUR)));
    expect((await waitlist(id)).map((w) => w.user_id)).toEqual([b.id, c.id]);
    const later = at(new Date(now.getTime() + 12 * HOUR));
    // Two runs at once (and a third after) offer the seat to c exactly once.
    await Promise.all([expireLapsedHoldsAndOffers(later), expireLapsedHoldsAndOffers(later)]);
    await expireLapsedHoldsAndOffers(later);
    expect((await notificationsOf(c.id)).filter((n) => n.type === "waitlist_spot_available")).toHaveLength(1);
    expect(await waitlist(id)).toEqual([{ user_id: c.id, position: 1, offer_expires_at: new Date(now.getTime() + 24 * HOUR) }]);
    expect(await bookFreeSeat(later, b, { sessionId: id })).toEqual({ ok: false, refusal: "sessionFull" });

    // c takes the held seat and leaves the line.
    expect(await bookFreeSeat(later, c, { sessionId: id })).toMatchObject({ ok: true, waitlisted: false });
    expect(await waitlist(id)).toEqual([]);
    expect(await seats(id)).toEqual({ counter: 1, active: 1, max: 1 });
  });

  it("never holds an offer past the start, and frees the seats of expired pending-payment holds", async () => {
    const { at } = testDeps(now);
    const host = await person("dm");
    const [a, b] = [await person(), await person()];
    const id = await session(host.id, 1);
    const justBefore = at(new Date(startsAt.getTime() - 2 * HOUR));
    await getDb()
      .insertInto("bookings")
      .values({ session_id: id, user_id: a.id, status: "PENDING_PAYMENT", hold_until: new Date(startsAt.getTime() - 3 * HOUR) })
      .execute();
    expect(await joinWaitlist(justBefore, b, id)).toEqual({ ok: true, position: 1 });
    await expireLapsedHoldsAndOffers(justBefore);
    expect((await getDb().selectFrom("bookings").select("status").where("user_id", "=", a.id).executeTakeFirstOrThrow()).status).toBe("EXPIRED");
    expect((await waitlist(id))[0]?.offer_expires_at).toEqual(startsAt);
    await expireLapsedHoldsAndOffers(justBefore);
    expect((await notificationsOf(b.id)).filter((n) => n.type === "waitlist_spot_available")).toHaveLength(1);
  });
});

describe("a host raising the capacity", () => {
  it("offers the new seat to the first in line, not to whoever asks first", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const [a, b, c] = [await person(), await person(), await person()];
    const id = await session(host.id, 1);
    await bookFreeSeat(deps, a, { sessionId: id });
    await joinWaitlist(deps, b, id);
    await getDb().updateTable("sessions").set({ max_participants: 2 }).where("id", "=", id).execute();
    await offerOpenSeats(deps, id);
    expect(await bookFreeSeat(deps, c, { sessionId: id })).toEqual({ ok: false, refusal: "sessionFull" });
    expect(await bookFreeSeat(deps, b, { sessionId: id })).toMatchObject({ ok: true, waitlisted: false });
  });
});

describe("cancelling a session", () => {
  it("lets only the host cancel; cancels every booking, closes the line and tells everyone", async () => {
    const { deps, mails } = testDeps(now);
    const host = await person("dm");
    const [a, b] = [await person("user", "en"), await person()];
    const id = await session(host.id, 1);
    await bookFreeSeat(deps, a, { sessionId: id });
    await joinWaitlist(deps, b, id);
    expect(await cancelSession(deps, a, id)).toEqual({ ok: false, refusal: "notAllowed" });
    expect(await cancelSession(deps, host, id)).toEqual({ ok: true });
    expect(await cancelSession(deps, host, id)).toEqual({ ok: false, refusal: "sessionCancelled" });
    expect(await seats(id)).toMatchObject({ counter: 0, active: 0 });
    expect(await waitlist(id)).toEqual([]);
    for (const p of [a, b]) expect((await notificationsOf(p.id)).map((n) => n.type)).toContain("session_cancelled");
    expect((await mails()).some((m) => m.to === a.email && m.subject === "La cripta was cancelled")).toBe(true);
    expect(await bookFreeSeat(deps, b, { sessionId: id })).toEqual({ ok: false, refusal: "sessionCancelled" });
  });
});
