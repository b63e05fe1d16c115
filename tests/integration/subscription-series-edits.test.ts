import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { updateSessionFromApi } from "../../app/modules/bookings/booked-sessions.server";
import { startCardIntent } from "../../app/modules/payments/payments.server";
import { applySeriesEdit, tellSeriesEdit } from "../../app/modules/series/edit.server";
import type { SeriesRow } from "../../app/modules/series/repo.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import type { ApiSessionInput } from "../../app/modules/sessions/api-schema";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { notificationsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

// A Saturday; the series' sessions are the next two Mondays at 19:00 in Mexico City (01:00 UTC the day after).
const created = new Date("2026-11-21T12:00:00Z");
const edited = new Date("2026-11-21T13:00:00Z");
const HOUR = 3_600_000;
// A paid seat is due 12 hours (one waitlist offer) before the booking lock of 24 hours: 36 hours before the start.
const dueBefore = (startsAt: Date | string) => new Date(new Date(startsAt).getTime() - 36 * HOUR);

/** A paid weekly series (300 MXN) whose two sessions seat `subscribers` players, each by their subscription. */
async function subscribedSeries(subscribers: number, over: Partial<SeriesRow> = {}) {
  const t = payTestDeps(created);
  const host = await person("dm");
  const row = weeklySeries(host.id, { priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, ...over });
  const { id } = await insertSeriesWithSessions(t.deps, row);
  const players = [];
  for (let i = 0; i < subscribers; i += 1) {
    const player = await person();
    await getDb()
      .insertInto("series_subscriptions")
      .values({ series_id: id, user_id: player.id, status: "ACTIVE", subscribed_at: new Date(created.getTime() + i) })
      .execute();
    players.push(player);
  }
  for (const s of await sessionsOf(id)) await sql`select * from enrol_subscribers(${s.id}::uuid, ${created}::timestamptz, null)`.execute(getDb());
  return { ...t, host, id, row, players, sessions: await sessionsOf(id) };
}

const sessionsOf = (seriesId: string) =>
  getDb()
    .selectFrom("sessions")
    .select(["id", "starts_at", "status", "title", "price_cents", "max_participants", "booked_count"])
    .where("series_id", "=", seriesId)
    .orderBy("starts_at")
    .execute();

/** A session's seats, in the order the players were made (their ids are random, so the players are looked up). */
const seatsIn = async (sessionId: string, players: { id: string }[]) => {
  const rows = await getDb()
    .selectFrom("bookings")
    .select(["user_id", "status", "payment_method", "amount_cents", "hold_until"])
    .where("session_id", "=", sessionId)
    .execute();
  const order = players.map((p) => p.id);
  return rows.sort((a, b) => order.indexOf(a.user_id) - order.indexOf(b.user_id));
};

/** Saves `row` as the series' new state at `edited`, as both edit use cases do, and tells whom it concerns. */
async function edit(t: Awaited<ReturnType<typeof subscribedSeries>>, over: Partial<SeriesRow>) {
  const deps = { ...t.deps, now: edited };
  const aftermath = await getDb()
    .transaction()
    .execute((trx) => applySeriesEdit(trx, edited, t.id, { ...t.row, ...over }, "HOST"));
  if (!aftermath) throw new Error("series gone");
  await tellSeriesEdit(deps, aftermath);
}

describe("a series edit and its subscribers' seats", () => {
  it("a new time moves the subscribed sessions (same ids, no second session that day), their deadlines and reminders with them, and tells each subscriber", async () => {
    const t = await subscribedSeries(2);
    const [first] = t.sessions;
    await getDb()
      .insertInto("session_notices")
      .values({ session_id: first!.id, user_id: t.players[0]!.id, kind: "payment_due_7d", sent_at: created })
      .execute();

    await edit(t, { timeOfDay: "20:30", title: "Campaña de los lunes, más tarde" });

    const after = await sessionsOf(t.id);
    expect(after.map((s) => s.id)).toEqual(t.sessions.map((s) => s.id));
    expect(after.map((s) => new Date(s.starts_at).getTime() - new Date(t.sessions[after.indexOf(s)]!.starts_at).getTime())).toEqual([1.5 * HOUR, 1.5 * HOUR]);
    expect(after.every((s) => s.title === "Campaña de los lunes, más tarde" && s.booked_count === 2)).toBe(true);
    for (const s of after) {
      expect(await seatsIn(s.id, t.players)).toEqual(
        t.players.map((p) => ({ user_id: p.id, status: "PENDING_PAYMENT", payment_method: null, amount_cents: 30_000, hold_until: dueBefore(s.starts_at) })),
      );
    }
    // The reminder sent for the old deadline is forgotten: the new deadline gets its own.
    expect(await getDb().selectFrom("session_notices").select("kind").where("session_id", "=", first!.id).execute()).toEqual([]);
    for (const p of t.players) expect((await notificationsOf(p.id)).filter((n) => n === "session_modified")).toHaveLength(2);
    // The host changed it; the host is not told.
    expect(await notificationsOf(t.host.id)).not.toContain("session_modified");
  });

  it("a session where a seat's payment was tried stays as it is; the other follows", async () => {
    const t = await subscribedSeries(2);
    const [first, second] = t.sessions;
    const started = await startCardIntent(t.deps, t.players[0]!, { sessionId: first!.id });
    if (!started.ok) throw new Error(started.refusal);

    await edit(t, { timeOfDay: "21:00" });

    const after = await sessionsOf(t.id);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: first!.id, starts_at: first!.starts_at });
    expect(after[1]).toMatchObject({ id: second!.id, starts_at: new Date(new Date(second!.starts_at).getTime() + 2 * HOUR) });
    // The second subscriber's seat in the first session keeps its deadline too.
    expect((await seatsIn(first!.id, t.players))[1]).toMatchObject({ user_id: t.players[1]!.id, hold_until: dueBefore(first!.starts_at) });
    expect((await notificationsOf(t.players[1]!.id)).filter((n) => n === "session_modified")).toHaveLength(1);
  });

  it("a series made free confirms the subscribers' seats; made paid again, they are due before the deadline", async () => {
    const t = await subscribedSeries(1);
    const [player] = t.players;
    await edit(t, { priceCents: 0 });
    for (const s of t.sessions)
      expect(await seatsIn(s.id, t.players)).toEqual([{ user_id: player!.id, status: "CONFIRMED", payment_method: "FREE", amount_cents: 0, hold_until: null }]);
    expect((await notificationsOf(player!.id)).filter((n) => n === "session_modified")).toHaveLength(2);

    await edit(t, { priceCents: 45_000 });
    for (const s of t.sessions) {
      expect(await seatsIn(s.id, t.players)).toEqual([
        { user_id: player!.id, status: "PENDING_PAYMENT", payment_method: null, amount_cents: 45_000, hold_until: dueBefore(s.starts_at) },
      ]);
    }
  });

  it("a date the new schedule drops is cancelled with its seats, and its subscribers are told; they stay subscribed", async () => {
    const t = await subscribedSeries(2);
    await edit(t, { autoGenerateAhead: 1 });
    const after = await sessionsOf(t.id);
    expect(after.map((s) => s.status)).toEqual(["UPCOMING", "CANCELLED"]);
    expect((await seatsIn(after[1]!.id, t.players)).map((b) => b.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(after[1]!.booked_count).toBe(0);
    for (const p of t.players) expect(await notificationsOf(p.id)).toContain("session_cancelled");
    const subscriptions = await getDb().selectFrom("series_subscriptions").select("status").where("series_id", "=", t.id).execute();
    expect(subscriptions.map((s) => s.status)).toEqual(["ACTIVE", "ACTIVE"]);
  });

  it("a capacity below the seats subscribers hold leaves those sessions as they are; a raised one offers the new seat to the subscriber in line", async () => {
    const t = await subscribedSeries(3, { maxParticipants: 2, minParticipants: 1 });
    const waiting = t.players[2]!;
    expect(await getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", t.sessions[0]!.id).execute()).toEqual([
      { user_id: waiting.id },
    ]);

    await edit(t, { maxParticipants: 1, minParticipants: 1, title: "Mesa chica" });
    expect((await sessionsOf(t.id)).map((s) => [s.title, s.max_participants])).toEqual([
      ["Campaña de los lunes", 2],
      ["Campaña de los lunes", 2],
    ]);

    await edit(t, { maxParticipants: 3, minParticipants: 1 });
    expect((await sessionsOf(t.id)).map((s) => s.max_participants)).toEqual([3, 3]);
    expect((await notificationsOf(waiting.id)).filter((n) => n === "waitlist_spot_available")).toHaveLength(2);
  });
  it("the host's own edit of one session: its subscriber's seat takes the new deadline, and every seat holder hears of a new time but not of a new title", async () => {
    const t = await subscribedSeries(1);
    const [first] = t.sessions;
    const booker = await person();
    await getDb()
      .insertInto("bookings")
      .values({ session_id: first!.id, user_id: booker.id, status: "CONFIRMED", amount_cents: 30_000, currency: "MXN" })
      .execute();
    const later = new Date(new Date(first!.starts_at).getTime() + 2 * HOUR);
    const input = {
      title: "Campaña de los lunes",
      description: "",
      sessionInstructions: "",
      game: "D&D 5e",
      date: later.toISOString(),
      duration: 180,
      maxParticipants: 5,
      minParticipants: 3,
      price: 30_000,
      currency: "MXN",
      allowedPaymentMethods: ["CARD", "OXXO"],
      minAdvanceBookingHours: 48,
      voucherPaymentDays: 3,
      preSessionCheckHours: 24,
      tags: [],
      isPrivate: false,
    } as unknown as ApiSessionInput;
    const deps = testDeps(edited).deps;
    expect(await updateSessionFromApi(deps, t.host, first!.id, input)).toEqual({ ok: true });
    const seat = (await seatsIn(first!.id, t.players)).find((b) => b.user_id === t.players[0]!.id);
    expect(seat).toMatchObject({ status: "PENDING_PAYMENT", hold_until: dueBefore(later) });
    for (const who of [t.players[0]!, booker]) expect((await notificationsOf(who.id)).filter((n) => n === "session_modified")).toHaveLength(1);

    expect(await updateSessionFromApi(deps, t.host, first!.id, { ...input, title: "Otro nombre" })).toEqual({ ok: true });
    for (const who of [t.players[0]!, booker]) expect((await notificationsOf(who.id)).filter((n) => n === "session_modified")).toHaveLength(1);
  });
});
