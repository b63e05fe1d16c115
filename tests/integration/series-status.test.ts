import { describe, expect, it } from "vitest";
import { bookFreeSeat } from "../../app/modules/bookings/bookings.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { listForReader } from "../../app/modules/notifications/notifications.server";
import { startCardIntent } from "../../app/modules/payments/payments.server";
import { apiSeriesSchema } from "../../app/modules/series/api-schema";
import { addSeriesSession, insertSeriesWithSessions, topUpSeries, updateSeriesFromApi } from "../../app/modules/series/series.server";
import { changeSeriesStatus } from "../../app/modules/series/status.server";
import { insertSession } from "../../app/modules/sessions/repo.server";
import { findSubscription } from "../../app/modules/subscriptions/repo.server";
import { subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { action as seriesAction, loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { action as cancelPageAction, loader as cancelPage } from "../../app/routes/$lang.series.$id.cancel";
import { action as patchSeries } from "../../app/routes/api.session-series.$id";
import { getDb } from "../../db/client.server";
import { weeklySeries, weeklySeriesPayload } from "../fixtures/series";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { notificationsOf, paymentsOf, payTestDeps, person } from "./pay-fixtures";
import { form, run } from "./route";

useTestDatabase();

// A Sunday: the weekly series' first sessions are the next two Mondays at 19:00 in Mexico City
// (01:00 UTC the day after), both more than their 24 hours of booking lock away.
const created = new Date("2026-11-22T12:00:00Z");
const days = (n: number) => new Date(created.getTime() + n * 86_400_000);
const base = "http://localhost:3000";

const statusOf = async (id: string) => (await getDb().selectFrom("series").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const sessionsOf = (seriesId: string) =>
  getDb().selectFrom("sessions").select(["id", "starts_at", "status", "booked_count"]).where("series_id", "=", seriesId).orderBy("starts_at").execute();
const seatsOf = (userId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.session_id", "b.status"])
    .where("b.user_id", "=", userId)
    .orderBy("s.starts_at")
    .execute();
const waitlistOf = (sessionId: string) => getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", sessionId).execute();
const count = (types: string[], type: string) => types.filter((t) => t === type).length;

async function series(over: Parameters<typeof weeklySeries>[1] = {}, host?: { id: string }): Promise<{ id: string; dm: { id: string } }> {
  const dm = host ?? (await person("dm"));
  const { id } = await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(dm.id, over));
  return { id, dm };
}

describe("pausing and resuming a series", () => {
  it("pause keeps sessions and seats but generates nothing and takes no subscriber; resume generates the missing sessions with the subscribers' seats", async () => {
    const host = await person("dm");
    const { id } = await series({}, host);
    const subscriber = await person();
    expect(await subscribeFree(testDeps(created).deps, subscriber, id, {})).toMatchObject({ ok: true });
    const before = await sessionsOf(id);

    expect(await changeSeriesStatus(payTestDeps(created).deps, host, id, "pause")).toEqual({ ok: true, status: "PAUSED", changed: true, sessionsCancelled: 0 });
    expect(await statusOf(id)).toBe("PAUSED");
    // Sessions and seats stay as they were.
    expect(await sessionsOf(id)).toEqual(before);
    expect((await seatsOf(subscriber.id)).map((s) => s.status)).toEqual(["CONFIRMED", "CONFIRMED"]);
    // Nobody new subscribes to a paused series.
    expect(await subscribeFree(testDeps(created).deps, await person(), id, {})).toEqual({ ok: false, refusal: "seriesPaused" });
    // A week on, neither the top-up nor the scheduled job generates anything.
    expect(await topUpSeries(testDeps(days(7)).deps, id)).toBe(0);
    expect(await runJob(testDeps(days(7)).deps, "generate-series-sessions")).toMatchObject({ outcome: "ok" });
    expect(await sessionsOf(id)).toHaveLength(2);

    // Resuming a week on: the missing Monday is generated at once, the subscriber seated in it.
    expect(await changeSeriesStatus(payTestDeps(days(7)).deps, host, id, "resume")).toMatchObject({ ok: true, status: "ACTIVE", changed: true });
    expect(await statusOf(id)).toBe("ACTIVE");
    const after = await sessionsOf(id);
    expect(after).toHaveLength(3);
    expect((await seatsOf(subscriber.id)).map((s) => [s.session_id, s.status])).toEqual(after.map((s) => [s.id, "CONFIRMED"]));
    // Subscribing works again.
    expect(await subscribeFree(testDeps(days(7)).deps, await person(), id, {})).toMatchObject({ ok: true });
  });

  it("resume seats the subscribers in a session added by hand while paused", async () => {
    const host = await person("dm");
    const { id } = await series({}, host);
    const subscriber = await person();
    expect(await subscribeFree(testDeps(created).deps, subscriber, id, {})).toMatchObject({ ok: true });
    await changeSeriesStatus(payTestDeps(created).deps, host, id, "pause");
    // A date added while paused (a Thursday): enrol_subscribers gives nobody a seat in it.
    const extra = await insertSession(
      getDb(),
      {
        ...weeklySeries(host.id),
        description: "",
        sessionInstructions: "",
        seriesId: id,
        dmId: host.id,
        isPrivate: false,
        imageUrl: null,
        startsAt: new Date("2026-11-27T01:00:00Z"),
      },
      created,
    );
    expect((await seatsOf(subscriber.id)).map((s) => s.session_id)).not.toContain(extra);
    await changeSeriesStatus(payTestDeps(created).deps, host, id, "resume");
    expect((await seatsOf(subscriber.id)).find((s) => s.session_id === extra)).toMatchObject({ status: "CONFIRMED" });
  });

  it("treats a second pause or resume as done, and moves nothing out of CANCELLED or COMPLETED", async () => {
    const host = await person("dm");
    const { id } = await series({}, host);
    const deps = payTestDeps(created).deps;
    const twice = await Promise.all([changeSeriesStatus(deps, host, id, "pause"), changeSeriesStatus(deps, host, id, "pause")]);
    expect(twice.map((r) => r.ok && r.changed).sort()).toEqual([false, true]);
    expect(await changeSeriesStatus(deps, host, id, "pause")).toMatchObject({ ok: true, status: "PAUSED", changed: false });
    await changeSeriesStatus(deps, host, id, "cancel");
    expect(await changeSeriesStatus(deps, host, id, "resume")).toEqual({ ok: false, refusal: "conflict", error: "seriesCancelled" });
    await getDb().updateTable("series").set({ status: "COMPLETED" }).where("id", "=", id).execute();
    expect(await changeSeriesStatus(deps, host, id, "pause")).toEqual({ ok: false, refusal: "conflict", error: "seriesCompleted" });
    expect(await statusOf(id)).toBe("COMPLETED");
  });

  it("lets only the host or an admin change the status", async () => {
    const { id } = await series();
    const deps = payTestDeps(created).deps;
    const stranger = await person("dm");
    for (const change of ["pause", "resume", "cancel"] as const) {
      expect(await changeSeriesStatus(deps, stranger, id, change)).toEqual({ ok: false, refusal: "forbidden" });
    }
    expect(await changeSeriesStatus(deps, stranger, "not-a-uuid", "pause")).toEqual({ ok: false, refusal: "notFound" });
    expect(await statusOf(id)).toBe("ACTIVE");
    const admin = await person("user", { isAdmin: true });
    expect(await changeSeriesStatus(deps, admin, id, "pause")).toMatchObject({ ok: true, status: "PAUSED" });
  });
});

describe("cancelling a series", () => {
  async function populated() {
    const host = await person("dm");
    const { id } = await series({ maxParticipants: 2, minParticipants: 1 }, host);
    const [subscriber, single, waiting] = [await person(), await person(), await person()];
    expect(await subscribeFree(testDeps(created).deps, subscriber, id, {})).toMatchObject({ ok: true });
    const [first, second] = await sessionsOf(id);
    expect(await bookFreeSeat(testDeps(created).deps, single, { sessionId: first!.id })).toMatchObject({ ok: true, waitlisted: false });
    expect(await bookFreeSeat(testDeps(created).deps, waiting, { sessionId: first!.id, waitlistIfFull: true })).toMatchObject({ ok: true, waitlisted: true });
    return { host, id, subscriber, single, waiting, first: first!, second: second! };
  }

  it("cancels every session not started, ends every subscription and tells everyone once, even when sent three times at once and again later", async () => {
    const { host, id, subscriber, single, waiting, first, second } = await populated();
    const { deps } = payTestDeps(days(1));
    const results = await Promise.all([1, 2, 3].map(() => changeSeriesStatus(deps, host, id, "cancel")));
    expect(results.every((r) => r.ok && r.status === "CANCELLED")).toBe(true);
    expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
    expect(results.reduce((n, r) => n + (r.ok ? r.sessionsCancelled : 0), 0)).toBe(2);
    expect(await statusOf(id)).toBe("CANCELLED");
    expect((await sessionsOf(id)).map((s) => [s.id, s.status, s.booked_count])).toEqual([
      [first.id, "CANCELLED", 0],
      [second.id, "CANCELLED", 0],
    ]);
    expect((await seatsOf(subscriber.id)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect((await seatsOf(single.id)).map((s) => s.status)).toEqual(["CANCELLED"]);
    expect(await waitlistOf(first.id)).toEqual([]);
    expect(await findSubscription(getDb(), id, subscriber.id)).toMatchObject({ status: "CANCELLED" });
    // Told once per session they were in: the subscriber in two, the others in one.
    expect(count(await notificationsOf(subscriber.id), "session_cancelled")).toBe(2);
    expect(count(await notificationsOf(single.id), "session_cancelled")).toBe(1);
    expect(count(await notificationsOf(waiting.id), "session_cancelled")).toBe(1);
    // The subscribers hear once that the series, and their subscription with it, is over; the others do not.
    expect(count(await notificationsOf(subscriber.id), "series_cancelled")).toBe(1);
    expect(count(await notificationsOf(single.id), "series_cancelled")).toBe(0);

    // Run again later: nothing new is cancelled or told, and it still answers as done.
    expect(await changeSeriesStatus(deps, host, id, "cancel")).toEqual({ ok: true, status: "CANCELLED", changed: false, sessionsCancelled: 0 });
    expect(count(await notificationsOf(subscriber.id), "session_cancelled")).toBe(2);
    expect(count(await notificationsOf(subscriber.id), "series_cancelled")).toBe(1);
    // The top-up never brings a cancelled series back.
    expect(await topUpSeries(testDeps(days(30)).deps, id)).toBe(0);
  });

  it("leaves sessions that already started alone and cancels a paused series too", async () => {
    const { host, id, first, second, single } = await populated();
    await changeSeriesStatus(payTestDeps(created).deps, host, id, "pause");
    // The first Monday has started (its status job has not run yet): only the second is cancelled.
    const during = new Date(new Date(first.starts_at).getTime() + 3_600_000);
    expect(await changeSeriesStatus(payTestDeps(during).deps, host, id, "cancel")).toMatchObject({ ok: true, status: "CANCELLED", sessionsCancelled: 1 });
    expect((await sessionsOf(id)).map((s) => [s.id, s.status])).toEqual([
      [first.id, "UPCOMING"],
      [second.id, "CANCELLED"],
    ]);
    expect((await seatsOf(single.id)).map((s) => s.status)).toEqual(["CONFIRMED"]);
  });

  it("refunds every paid seat in full (session_cancelled)", async () => {
    const host = await person("dm");
    const { id } = await series({ priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"] }, host);
    const [first] = await sessionsOf(id);
    const player = await person();
    const { deps, offline } = payTestDeps(created);
    const card = await startCardIntent(deps, player, { sessionId: first!.id, address: "10.65.0.1" });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "succeed");
    const booking = await getDb().selectFrom("bookings").select(["id", "status"]).where("user_id", "=", player.id).executeTakeFirstOrThrow();
    expect(booking.status).toBe("CONFIRMED");

    await Promise.all([changeSeriesStatus(deps, host, id, "cancel"), changeSeriesStatus(deps, host, id, "cancel")]);
    const payments = await paymentsOf(booking.id);
    expect(payments.map((p) => [p.status, p.refund_reason])).toEqual([["refunded", "session_cancelled"]]);
    expect(await notificationsOf(player.id)).toContain("session_cancelled");
  });
});

describe("a series that is not running gets no new dates", () => {
  // The fixture's series through the API's payload, asking for four sessions ahead instead of two.
  const fourAhead = apiSeriesSchema.parse(weeklySeriesPayload({ autoGenerateAhead: 4 }));

  it("an edit of a paused or cancelled series adds no session (a resumed one gets them from the top-up)", async () => {
    const host = await person("dm");
    const paused = await series({}, host);
    const cancelled = await series({}, host);
    const deps = payTestDeps(created).deps;
    await changeSeriesStatus(deps, host, paused.id, "pause");
    await changeSeriesStatus(deps, host, cancelled.id, "cancel");
    for (const id of [paused.id, cancelled.id]) expect(await updateSeriesFromApi(testDeps(created).deps, host, id, fourAhead)).toEqual({ ok: true });
    expect(await sessionsOf(paused.id)).toHaveLength(2);
    expect((await sessionsOf(cancelled.id)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    await changeSeriesStatus(deps, host, paused.id, "resume");
    expect(await sessionsOf(paused.id)).toHaveLength(4);
  });

  it("refuses a session added by hand to a cancelled series, in words", async () => {
    const host = await person("dm");
    const { id } = await series({ frequency: "IRREGULAR", dayOfWeek: null }, host);
    const deps = payTestDeps(created).deps;
    await changeSeriesStatus(deps, host, id, "cancel");
    expect(await addSeriesSession(testDeps(created).deps, host, id, { date: "2026-12-01", time: "18:00" })).toEqual({
      ok: false,
      refusal: "invalid",
      error: "seriesClosed",
    });
    expect(await sessionsOf(id)).toEqual([]);
  });
});

describe("a series whose dates are over (generate-series-sessions)", () => {
  it("becomes COMPLETED once its local end day passed with no session left to start; ongoing series and those still running stay", async () => {
    // Mondays from 23 November to 7 December: three sessions, the last one at 01:00 UTC on 8 December.
    const host = await person("dm");
    const ending = await series({ isOngoing: false, endDate: "2026-12-07", autoGenerateAhead: 4 }, host);
    const paused = await series({ isOngoing: false, endDate: "2026-12-07", autoGenerateAhead: 4 }, host);
    const ongoing = await series({}, host);
    const later = await series({ isOngoing: false, endDate: "2026-12-28" }, host);
    await changeSeriesStatus(payTestDeps(created).deps, host, paused.id, "pause");
    expect(await sessionsOf(ending.id)).toHaveLength(3);

    // The end day is over in Mexico City at 06:00 UTC on 8 December.
    await runJob(testDeps(new Date("2026-12-08T05:59:00Z")).deps, "generate-series-sessions");
    expect(await statusOf(ending.id)).toBe("ACTIVE");
    await runJob(testDeps(new Date("2026-12-08T06:00:01Z")).deps, "generate-series-sessions");
    expect(await statusOf(ending.id)).toBe("COMPLETED");
    expect(await statusOf(paused.id)).toBe("COMPLETED");
    expect(await statusOf(ongoing.id)).toBe("ACTIVE");
    expect(await statusOf(later.id)).toBe("ACTIVE");
  });

  it("waits while a session added after the end date is still to start", async () => {
    const { id, dm } = await series({ isOngoing: false, endDate: "2026-11-30", autoGenerateAhead: 4 });
    await insertSession(
      getDb(),
      { ...weeklySeries(dm.id), seriesId: id, dmId: dm.id, isPrivate: false, imageUrl: null, startsAt: new Date("2026-12-20T01:00:00Z") },
      created,
    );
    await runJob(testDeps(days(14)).deps, "generate-series-sessions");
    expect(await statusOf(id)).toBe("ACTIVE");
    await runJob(testDeps(days(30)).deps, "generate-series-sessions");
    expect(await statusOf(id)).toBe("COMPLETED");
  });
});

describe("the series page's status forms and the cancel confirmation page", () => {
  it("pause and resume as plain form posts by the host, a banner for players, 403 for anyone else and 404 for an unknown series", async () => {
    const host = await signedInUser({ role: "dm" });
    const other = await signedInUser({ role: "dm" });
    const { id } = await series({}, host);
    const post = (who: { cookie: string }, intent: string, seriesId = id) =>
      run(seriesAction, form(`${base}/es/series/${seriesId}`, { intent }, { Cookie: who.cookie }), { lang: "es", id: seriesId }, { now: created });

    expect((await post(other, "pause")).status).toBe(403);
    expect((await post(other, "cancel")).status).toBe(403);
    expect((await post(host, "pause", "5f0c0d6e-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await statusOf(id)).toBe("ACTIVE");

    const paused = await post(host, "pause");
    expect(paused.status).toBe(302);
    expect(paused.headers.get("Location")).toBe(`/es/series/${id}`);
    expect(await statusOf(id)).toBe("PAUSED");

    const seen = await run(seriesPage, new Request(`${base}/es/series/${id}`, { headers: { Cookie: other.cookie } }), { lang: "es", id }, { now: created });
    expect(seen.data).toMatchObject({ status: "PAUSED", manage: null });
    const hostView = await run(seriesPage, new Request(`${base}/es/series/${id}`, { headers: { Cookie: host.cookie } }), { lang: "es", id }, { now: created });
    expect(hostView.data).toMatchObject({ status: "PAUSED", manage: { cancelHref: `/es/series/${id}/cancel`, refunds: false } });

    expect((await post(host, "resume")).status).toBe(302);
    expect(await statusOf(id)).toBe("ACTIVE");
  });

  it("the confirmation page asks the host only, and its form cancels the series", async () => {
    const host = await signedInUser({ role: "dm" });
    const other = await signedInUser({ role: "dm" });
    const { id } = await series({}, host);
    const page = (who: { cookie: string }) =>
      run(cancelPage, new Request(`${base}/en/series/${id}/cancel`, { headers: { Cookie: who.cookie } }), { lang: "en", id }, { now: created });
    const confirm = (who: { cookie: string }) =>
      run(cancelPageAction, form(`${base}/en/series/${id}/cancel`, {}, { Cookie: who.cookie }), { lang: "en", id }, { now: created });

    expect((await page(other)).status).toBe(403);
    expect((await confirm(other)).status).toBe(403);
    expect(await statusOf(id)).toBe("ACTIVE");
    expect((await page(host)).data).toMatchObject({ seriesId: id, refunds: false });

    const done = await confirm(host);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/en/series/${id}`);
    expect(await statusOf(id)).toBe("CANCELLED");
    expect((await sessionsOf(id)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    // Nothing left to cancel: the page sends the host back to the series.
    expect((await page(host)).status).toBe(302);
    // Resuming a cancelled series is refused with a toast, nothing changed.
    const refused = await run(
      seriesAction,
      form(`${base}/en/series/${id}`, { intent: "resume" }, { Cookie: host.cookie }),
      { lang: "en", id },
      { now: created },
    );
    expect(refused.status).toBe(302);
    expect(await statusOf(id)).toBe("CANCELLED");
  });
});

describe("PATCH /api/session-series/{id} with a status", () => {
  const patch = (id: string, body: unknown, auth: Record<string, string>) =>
    run(
      patchSeries,
      new Request(`${base}/api/session-series/${id}`, {
        method: "PATCH",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", ...auth },
      }),
      { id },
      { now: created },
    );

  it("pauses, resumes and cancels through the same use case; another user gets 403, an unknown series 404", async () => {
    const host = await signedInUser({ role: "dm" });
    const other = await signedInUser({ role: "dm" });
    const { id } = await series({}, host);
    expect(await patch(id, { status: "PAUSED" }, other.auth)).toMatchObject({ status: 403, data: { error: expect.any(String) } });
    expect(await patch("5f0c0d6e-0000-4000-8000-000000000000", { status: "PAUSED" }, host.auth)).toMatchObject({
      status: 404,
      data: { error: "Series not found" },
    });
    expect(await statusOf(id)).toBe("ACTIVE");

    expect(await patch(id, { status: "PAUSED" }, host.auth)).toMatchObject({ status: 200, data: { id, success: true, status: "PAUSED" } });
    expect(await patch(id, { status: "PAUSED" }, host.auth)).toMatchObject({ status: 200, data: { status: "PAUSED" } });
    expect(await patch(id, { status: "ACTIVE" }, host.auth)).toMatchObject({ status: 200, data: { status: "ACTIVE" } });
    const both = await Promise.all([patch(id, { status: "CANCELLED" }, host.auth), patch(id, { status: "CANCELLED" }, host.auth)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await sessionsOf(id)).map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(await patch(id, { status: "ACTIVE" }, host.auth)).toMatchObject({ status: 409, data: { error: "A cancelled series cannot change status" } });
  });

  it("answers bad input with 400 and an error, changing nothing", async () => {
    const host = await signedInUser({ role: "dm" });
    const { id } = await series({}, host);
    for (const body of [{ status: "COMPLETED" }, { status: "paused" }, { status: 3 }, { status: "PAUSED", title: "Otra" }]) {
      const answer = await patch(id, body, host.auth);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ error: expect.any(String) });
    }
    expect(await statusOf(id)).toBe("ACTIVE");
  });
});

describe("a subscriber with nothing still to come", () => {
  it("hears of the series' cancellation all the same", async () => {
    const host = await person("dm");
    const { id } = await insertSeriesWithSessions(testDeps(created).deps, weeklySeries(host.id, { maxParticipants: 1, minParticipants: 1 }));
    const [seated, left] = [await person(), await person()];
    expect(await subscribeFree(testDeps(created).deps, seated, id, {})).toMatchObject({ ok: true });
    // The second subscriber skipped every session still to come.
    await getDb().insertInto("series_subscriptions").values({ series_id: id, user_id: left.id, status: "ACTIVE", subscribed_at: created }).execute();
    const { deps } = payTestDeps(days(1));
    expect(await changeSeriesStatus(deps, host, id, "cancel")).toMatchObject({ ok: true, changed: true });
    expect(await notificationsOf(left.id)).toEqual(["series_cancelled"]);
    const [note] = await listForReader(testDeps(days(1)).deps, left.id, "en", 10);
    expect(note).toMatchObject({ title: "Series cancelled", actionUrl: `/series/${id}` });
    expect(note!.message).toContain("was cancelled by its host");
  });
});
