import { describe, expect, it } from "vitest";
import { insertSeriesWithSessions, topUpSeries } from "../../app/modules/series/series.server";
import { countSubscribers, findSubscription } from "../../app/modules/subscriptions/repo.server";
import { MAX_ACTIVE_SUBSCRIPTIONS } from "../../app/modules/subscriptions/rules";
import { cancelSubscription, subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

// A Sunday: the weekly series' first sessions are on the next two Mondays at 19:00 in Mexico City
// (01:00 UTC the day after), both still more than their 24 hours of booking lock away.
const created = new Date("2026-11-22T12:00:00Z");
const days = (n: number) => new Date(created.getTime() + n * 86_400_000);

const seatsOf = (userId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.session_id", "b.status", "b.subscription_id", "b.payment_method", "b.hold_until", "s.starts_at"])
    .where("b.user_id", "=", userId)
    .orderBy("s.starts_at")
    .execute();

const sessionsOf = (seriesId: string) =>
  getDb()
    .selectFrom("sessions")
    .select(["id", "starts_at", "booked_count", "max_participants"])
    .where("series_id", "=", seriesId)
    .orderBy("starts_at")
    .execute();

async function freeSeries(over: Parameters<typeof weeklySeries>[1] = {}) {
  const host = await person("dm");
  const { id } = await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(host.id, over));
  return { host, id };
}

describe("subscribing to a free series", () => {
  it("gives a confirmed seat in every upcoming session and in each session generated later", async () => {
    const { id } = await freeSeries();
    const player = await person();
    const result = await subscribeFree(testDeps(created).deps, player, id, {});
    expect(result).toMatchObject({ ok: true, rejoined: false });
    if (!result.ok) return;
    const sessions = await sessionsOf(id);
    expect(result.nextSessionId).toBe(sessions[0]!.id);
    expect(await seatsOf(player.id)).toMatchObject([
      { session_id: sessions[0]!.id, status: "CONFIRMED", subscription_id: result.subscriptionId, payment_method: "FREE" },
      { session_id: sessions[1]!.id, status: "CONFIRMED", subscription_id: result.subscriptionId, payment_method: "FREE" },
    ]);
    expect(await countSubscribers(getDb(), id)).toBe(1);

    // A week on, the scheduled top-up adds the next Monday: the subscriber holds a seat in it at once.
    expect(await topUpSeries(testDeps(days(7)).deps, id)).toBe(1);
    const after = await sessionsOf(id);
    expect(after).toHaveLength(3);
    expect((await seatsOf(player.id)).map((s) => [s.session_id, s.status])).toEqual(after.map((s) => [s.id, "CONFIRMED"]));
    expect(after[2]!.booked_count).toBe(1);
  });

  it("keeps one active subscription and one seat per session when the same player subscribes five times at once", async () => {
    const { id } = await freeSeries();
    const player = await person();
    const results = await Promise.all(Array.from({ length: 5 }, () => subscribeFree(testDeps(created).deps, player, id, {})));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, refusal: "alreadySubscribed" });
    const rows = await getDb().selectFrom("series_subscriptions").select("status").where("series_id", "=", id).execute();
    expect(rows).toEqual([{ status: "ACTIVE" }]);
    expect((await seatsOf(player.id)).map((s) => s.status)).toEqual(["CONFIRMED", "CONFIRMED"]);
  });

  it("never oversells a generated session: subscribers are seated in the order they joined, the rest wait in line", async () => {
    const { id } = await freeSeries({ maxParticipants: 3, minParticipants: 1 });
    const players = [await person(), await person(), await person()];
    for (const [i, p] of players.entries()) {
      expect(await subscribeFree(testDeps(new Date(created.getTime() + i * 60_000)).deps, p, id, {})).toMatchObject({ ok: true });
    }
    // The host makes the table smaller for the sessions to come.
    await getDb().updateTable("series").set({ max_participants: 2 }).where("id", "=", id).execute();
    await topUpSeries(testDeps(days(7)).deps, id);
    const generated = (await sessionsOf(id)).at(-1)!;
    expect(generated).toMatchObject({ max_participants: 2, booked_count: 2 });
    const seated = await getDb().selectFrom("bookings").select("user_id").where("session_id", "=", generated.id).execute();
    expect(seated.map((b) => b.user_id).sort()).toEqual([players[0]!.id, players[1]!.id].sort());
    const line = await getDb().selectFrom("waitlist_entries").select(["user_id", "position"]).where("session_id", "=", generated.id).execute();
    expect(line).toEqual([{ user_id: players[2]!.id, position: 1 }]);
  });

  it("cancelling gives the seats to come back (to the next in line) and keeps the row; rejoining is a welcome back", async () => {
    const { id } = await freeSeries({ maxParticipants: 1, minParticipants: 1 });
    const [player, waiting] = [await person(), await person()];
    const first = await subscribeFree(testDeps(created).deps, player, id, {});
    if (!first.ok) throw new Error(first.refusal);
    const next = (await sessionsOf(id))[0]!.id;
    await getDb().insertInto("waitlist_entries").values({ session_id: next, user_id: waiting.id, position: 1 }).execute();

    const { deps } = payTestDeps(days(0.1));
    expect(await cancelSubscription(deps, player, id)).toEqual({ ok: true, released: 2 });
    expect((await seatsOf(player.id)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(await findSubscription(getDb(), id, player.id)).toMatchObject({ id: first.subscriptionId, status: "CANCELLED" });
    const offered = await getDb().selectFrom("waitlist_entries").select("offer_expires_at").where("user_id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(offered.offer_expires_at).not.toBeNull();
    // Cancelling twice finds nothing to cancel.
    expect(await cancelSubscription(deps, player, id)).toEqual({ ok: false, refusal: "notFound" });

    // The seat offered to the waiting player is theirs for now: the rejoiner finds the next session full.
    expect(await subscribeFree(testDeps(days(0.1)).deps, player, id, {})).toEqual({ ok: false, refusal: "sessionFull" });
    await getDb().deleteFrom("waitlist_entries").where("user_id", "=", waiting.id).execute();
    const again = await subscribeFree(testDeps(days(0.1)).deps, player, id, {});
    expect(again).toMatchObject({ ok: true, rejoined: true, subscriptionId: first.subscriptionId });
  });
});

describe("what subscribing refuses", () => {
  it("the host, a paused, cancelled or completed series, a second subscription, a series with no open session and bad ids", async () => {
    const { host, id } = await freeSeries();
    const player = await person();
    const { deps } = testDeps(created);
    expect(await subscribeFree(deps, host, id, {})).toEqual({ ok: false, refusal: "ownSeries" });
    for (const [status, refusal] of [
      ["PAUSED", "seriesPaused"],
      ["CANCELLED", "seriesCancelled"],
      ["COMPLETED", "seriesCompleted"],
    ] as const) {
      await getDb().updateTable("series").set({ status }).where("id", "=", id).execute();
      expect(await subscribeFree(deps, player, id, {})).toEqual({ ok: false, refusal });
    }
    await getDb().updateTable("series").set({ status: "ACTIVE" }).where("id", "=", id).execute();
    expect(await subscribeFree(deps, player, id, {})).toMatchObject({ ok: true });
    expect(await subscribeFree(deps, player, id, {})).toEqual({ ok: false, refusal: "alreadySubscribed" });

    // Past both sessions' booking deadlines (24 h before each), before the next top-up: nothing to start with.
    const other = await person();
    expect(await subscribeFree(testDeps(days(7.6)).deps, other, id, {})).toEqual({ ok: false, refusal: "noAvailableSession" });
    // A stale next-session id (the page was open while the first one closed).
    const [first, second] = await sessionsOf(id);
    expect(await subscribeFree(testDeps(days(1.1)).deps, other, id, { nextSessionId: first!.id })).toEqual({ ok: false, refusal: "noAvailableSession" });
    expect(await subscribeFree(testDeps(days(1.1)).deps, other, id, { nextSessionId: second!.id })).toMatchObject({ ok: true, nextSessionId: second!.id });

    for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "'; drop table series; --"]) {
      expect(await subscribeFree(deps, player, bad, {})).toEqual({ ok: false, refusal: "notFound" });
    }
  });

  it("a paid series through the free path, and a private one without its code, as a booking would", async () => {
    const paid = await freeSeries({ priceCents: 25_000 });
    const hidden = await freeSeries({ title: "Mesa privada" });
    await getDb().updateTable("sessions").set({ is_private: true }).where("series_id", "=", hidden.id).execute();
    const player = await person();
    const { deps } = testDeps(created);
    expect(await subscribeFree(deps, player, paid.id, {})).toEqual({ ok: false, refusal: "notFree" });
    expect(await subscribeFree(deps, player, hidden.id, {})).toEqual({ ok: false, refusal: "inviteRequired" });
    expect(await getDb().selectFrom("series_subscriptions").select("id").where("user_id", "=", player.id).execute()).toEqual([]);
    expect(await seatsOf(player.id)).toEqual([]);
  });

  it("is one transaction: an error after the row and the first seat were written, or a refused seat, leaves nothing behind", async () => {
    const { id } = await freeSeries();
    const player = await person();
    const before = await sessionsOf(id);
    // Postgres refuses a NUL in text: the lines and veils, written last, fail after everything else.
    const broken = { lines: [], veils: [], safetyNote: "a\u0000b", anonymous: false };
    await expect(subscribeFree(testDeps(created).deps, player, id, { safety: broken })).rejects.toThrow();
    expect(await findSubscription(getDb(), id, player.id)).toBeUndefined();
    expect(await seatsOf(player.id)).toEqual([]);
    expect((await sessionsOf(id)).map((s) => s.booked_count)).toEqual(before.map((s) => s.booked_count));
    expect(await getDb().selectFrom("safety_notes").select("id").where("player_id", "=", player.id).execute()).toEqual([]);

    // A private first session refuses the seat after the subscription row was begun: the row goes with it.
    await getDb().updateTable("sessions").set({ is_private: true }).where("id", "=", before[0]!.id).execute();
    expect(await subscribeFree(testDeps(created).deps, player, id, {})).toEqual({ ok: false, refusal: "inviteRequired" });
    expect(await findSubscription(getDb(), id, player.id)).toBeUndefined();
    expect(await seatsOf(player.id)).toEqual([]);

    // The same subscribe with its lines and veils, once it can be seated, keeps all of it.
    await getDb().updateTable("sessions").set({ is_private: false }).where("id", "=", before[0]!.id).execute();
    const safety = { lines: [], veils: [], safetyNote: "Sin arañas, por favor.", anonymous: false };
    expect(await subscribeFree(testDeps(created).deps, player, id, { safety })).toMatchObject({ ok: true });
    expect(await seatsOf(player.id)).toHaveLength(2);
    const kept = await getDb().selectFrom("safety_notes").select(["series_id"]).where("player_id", "=", player.id).execute();
    expect(kept).toEqual([{ series_id: id }]);
  });

  it(`PARALLEL: thirteen subscribes of one account to thirteen series at once leave exactly ${MAX_ACTIVE_SUBSCRIPTIONS} active, and no seat for the refused`, async () => {
    const player = await person();
    const series = await Promise.all(Array.from({ length: MAX_ACTIVE_SUBSCRIPTIONS + 3 }, () => freeSeries()));
    const results = await Promise.all(series.map((s) => subscribeFree(testDeps(created).deps, player, s.id, {})));
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_ACTIVE_SUBSCRIPTIONS);
    for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, refusal: "tooManySubscriptions" });
    const rows = await getDb().selectFrom("series_subscriptions").select(["series_id", "status"]).where("user_id", "=", player.id).execute();
    expect(rows.filter((r) => r.status === "ACTIVE")).toHaveLength(MAX_ACTIVE_SUBSCRIPTIONS);
    // A refused subscribe took no seat and left no row: its series' sessions are as they were.
    const refused = series.filter((_, i) => !results[i]!.ok).map((s) => s.id);
    expect(rows.filter((r) => refused.includes(r.series_id))).toEqual([]);
    const seats = await seatsOf(player.id);
    expect(seats).toHaveLength(MAX_ACTIVE_SUBSCRIPTIONS * 2);
    expect(seats.every((s) => s.subscription_id !== null && s.status === "CONFIRMED")).toBe(true);
    // A cancelled one makes room for another.
    const first = series.find((_, i) => results[i]!.ok)!;
    expect(await cancelSubscription(payTestDeps().deps, player, first.id)).toMatchObject({ ok: true });
    expect(await subscribeFree(testDeps(created).deps, player, refused[0]!, {})).toMatchObject({ ok: true, rejoined: false });
  });
});
