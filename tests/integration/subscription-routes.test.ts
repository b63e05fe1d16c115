import { describe, expect, it } from "vitest";
import type { SeriesRow } from "../../app/modules/series/repo.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { loader as profilePage } from "../../app/routes/$lang.profile.$id/route";
import { loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { action as confirmAction, loader as confirmPage } from "../../app/routes/$lang.series.$id.confirm/route";
import { loader as processingPage } from "../../app/routes/$lang.series.$id.confirm_.processing";
import { loader as sessionDetail } from "../../app/routes/$lang.session.$id._index/route";
import { loader as sessionConfirmPage } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as leaveAction, loader as leavePage } from "../../app/routes/$lang.session.$id.leave";
import { action as oxxoNameAction, loader as oxxoNamePage } from "../../app/routes/$lang.session.$id.oxxo/route";
import { loader as searchPage } from "../../app/routes/$lang.sessions/route";
import { action as createIntent } from "../../app/routes/api.payments.create-intent";
import { action as subscribeApi } from "../../app/routes/api.series.$id.subscribe";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser, testDeps } from "./helpers";
import { fieldErrors, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
// A Saturday; the weekly series' sessions are the next two Mondays at 19:00 in Mexico City.
const now = new Date("2026-11-21T12:00:00Z");
const context = { now } as never;

async function series(over: Parameters<typeof weeklySeries>[1] = {}) {
  const host = await signedInUser({ role: "dm" });
  const { id } = await insertSeriesWithSessions(testDeps(now).deps, weeklySeries(host.id, over));
  return { host, id };
}
const paid: Partial<SeriesRow> = { priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, voucherPaymentDays: 1 };

const page = (id: string, as: SignedInUser | null, lang = "es") =>
  run(confirmPage, new Request(`${base}/${lang}/series/${id}/confirm`, { headers: as ? { Cookie: as.cookie } : {} }), { lang, id }, context);
const post = (id: string, as: SignedInUser, fields: Record<string, string>) =>
  run(confirmAction, form(`${base}/es/series/${id}/confirm`, fields, { Cookie: as.cookie }), { lang: "es", id }, context);
const api = (path: string, as: SignedInUser | null, body: unknown) =>
  new Request(`${base}${path}`, { method: "POST", headers: { ...(as ? as.auth : {}), "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("the series confirmation screen", () => {
  it("shows the facts, benefits and next session; a guest is asked to log in, an unverified player of a paid series to verify", async () => {
    const { id } = await series(paid);
    const guest = await page(id, null, "en");
    expect(guest.status).toBe(200);
    expect(guest.data).toMatchObject({
      heading: "Subscribe to the series",
      signedIn: false,
      standing: "new",
      series: { subscribers: 0, free: false, price: "$300.00 MXN", dueHours: 36, frequency: expect.stringContaining("Monday") },
      next: { spotsLeft: 5, max: 5 },
      oxxo: "available",
    });
    const unverified = await signedInUser({ verified: false });
    expect((await page(id, unverified)).data).toMatchObject({ signedIn: true, emailVerified: false, refusal: null });
  });

  it("joins a free series with a form, says so on the series page, then shows the subscription with its next seat; cancelling ends it and rejoining says welcome back", async () => {
    const { id } = await series();
    const player = await signedInUser();
    const joined = await post(id, player, { intent: "join" });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/es/series/${id}?subscribed=true`);
    expect((await page(id, player)).data).toMatchObject({
      standing: "subscribed",
      nextSeat: { state: "confirmed", payHref: null },
      series: { subscribers: 1 },
    });
    // Sent twice (a double click without JavaScript): told, nothing added.
    const twice = await post(id, player, { intent: "join" });
    expect(twice.headers.get("Location")).toBe(`/es/series/${id}/confirm`);
    expect(await getDb().selectFrom("series_subscriptions").select("id").where("user_id", "=", player.id).execute()).toHaveLength(1);

    // On the search page the series' card says the player is subscribed, and how many are.
    const found = await run(
      searchPage,
      new Request(`${base}/es/sessions?searchTerm=${encodeURIComponent("Campaña de los lunes")}`, { headers: { Cookie: player.cookie } }),
      { lang: "es" },
      context,
    );
    const cards = (found.data as { cards: { href: string; badges: string[]; subscribers: string | null }[] }).cards;
    expect(cards.find((c) => c.href === `/es/series/${id}`)).toMatchObject({ badges: ["subscribed", "series"], subscribers: "1 suscriptor" });

    const cancelled = await post(id, player, { intent: "cancel" });
    expect(cancelled.headers.get("Location")).toBe(`/es/series/${id}`);
    expect((await page(id, player)).data).toMatchObject({ standing: "rejoining", heading: "Vuelve a la campaña" });
    expect((await post(id, player, { intent: "join" })).headers.get("Location")).toBe(`/es/series/${id}?subscribed=true`);
  });

  it("pays at OXXO with the names on the page (bad names kept and answered field by field), or by card on the provider's page", async () => {
    const { id } = await series(paid);
    const player = await signedInUser();
    const bad = await post(id, player, { intent: "payOxxo", firstName: " A ", lastName: "" });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.data)).toMatchObject({ firstName: [expect.any(String)], lastName: [expect.any(String)] });
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toEqual([]);
    const oxxo = await post(id, player, { intent: "payOxxo", firstName: "Ana", lastName: "Robles" });
    expect(oxxo.status).toBe(302);
    expect(oxxo.headers.get("Location")).toMatch(/^\/es\/booking\/[0-9a-f-]{36}\/voucher$/);
    // The seat waits for its voucher; the screen links to paying it on the session's confirmation page.
    expect((await page(id, player)).data).toMatchObject({
      standing: "subscribed",
      nextSeat: { state: "due", payHref: expect.stringMatching(/^\/es\/session\/[0-9a-f-]{36}\/confirm$/) },
    });
  });

  it("pays by card on the provider's page, which comes back to the processing page", async () => {
    // The offline provider's hosted page checks its expiry against the real clock: a series starting a week from today.
    const today = new Date();
    const start = new Date(today.getTime() + 7 * 86_400_000);
    const { id } = await series({ ...paid, startDate: start.toISOString().slice(0, 10), dayOfWeek: start.getUTCDay() });
    const carder = await signedInUser();
    const card = await run(confirmAction, form(`${base}/es/series/${id}/confirm`, { intent: "payCard" }, { Cookie: carder.cookie }), { lang: "es", id }, {
      now: today,
    } as never);
    expect(card.status).toBe(303);
    const checkout = card.headers.get("Location")!;
    expect(checkout).toContain("/dev/payments/");
    const payment = await getDb().selectFrom("payments").select("checkout_url").where("user_id", "=", carder.id).executeTakeFirstOrThrow();
    expect(payment.checkout_url).toBe(checkout);
  });

  it("answers a paused series, the host and an unknown id in words or 404, never a 500", async () => {
    const { host, id } = await series();
    expect((await page(id, host)).data).toMatchObject({ refusal: "ownSeries" });
    await getDb().updateTable("series").set({ status: "PAUSED" }).where("id", "=", id).execute();
    const player = await signedInUser();
    expect((await page(id, player)).data).toMatchObject({ refusal: "seriesPaused" });
    expect((await post(id, player, { intent: "join" })).headers.get("Location")).toBe(`/es/series/${id}/confirm`);
    for (const bad of ["00000000-0000-4000-8000-000000000000", "nope"]) expect((await page(bad, player)).status).toBe(404);
    expect((await post(id, player, { intent: "explode" })).status).toBe(400);
  });
});

describe("POST /api/series/{id}/subscribe and the card subscription", () => {
  it("free: 201 with the subscription; twice: 409 in words; bad input: 400", async () => {
    const { id } = await series();
    const player = await signedInUser();
    const first = await run(subscribeApi, api(`/api/series/${id}/subscribe`, player, { paymentMethod: "free" }), { id }, context);
    expect(first).toMatchObject({ status: 201, data: { success: true, subscriptionId: expect.any(String) } });
    const again = await run(subscribeApi, api(`/api/series/${id}/subscribe`, player, { paymentMethod: "free" }), { id }, context);
    expect(again).toMatchObject({ status: 409, data: { error: expect.any(String) } });
    for (const body of [
      { paymentMethod: "card" },
      { paymentMethod: ["free"] },
      { paymentMethod: "free", nextSessionId: "x" },
      { paymentMethod: "free", inviteCode: "x".repeat(21) },
    ]) {
      expect((await run(subscribeApi, api(`/api/series/${id}/subscribe`, player, body), { id }, context)).status).toBe(400);
    }
    expect((await run(subscribeApi, api(`/api/series/${id}/subscribe`, null, { paymentMethod: "free" }), { id }, context)).status).toBe(401);
  });

  it("OXXO: the voucher in the answer; card: the intent, and the subscribe call believes only the webhook", async () => {
    const { id } = await series(paid);
    const player = await signedInUser();
    const oxxo = await run(
      subscribeApi,
      api(`/api/series/${id}/subscribe`, player, { paymentMethod: "oxxo", firstName: "Ana", lastName: "Robles" }),
      { id },
      context,
    );
    expect(oxxo).toMatchObject({ status: 201, data: { oxxoVoucher: { reference: expect.any(String), amount: 30_000, currency: "MXN" } } });

    const carder = await signedInUser();
    const intent = await run(createIntent, api("/api/payments/create-intent", carder, { isSubscription: true, seriesId: id, country: "MX" }), {}, context);
    expect(intent).toMatchObject({ status: 201, data: { clientSecret: expect.any(String), subscriptionId: expect.any(String) } });
    const ref = (await getDb().selectFrom("payments").select("payment_intent_ref").where("user_id", "=", carder.id).executeTakeFirstOrThrow())
      .payment_intent_ref!;
    // The client says it succeeded; the provider has not: not believed.
    const early = await run(subscribeApi, api(`/api/series/${id}/subscribe`, carder, { paymentIntentId: ref, paymentStatus: "succeeded" }), { id }, context);
    expect(early.status).toBe(409);
    const processing = await run(
      processingPage,
      new Request(`${base}/es/series/${id}/confirm/processing?paymentIntent=${ref}`, { headers: { Cookie: carder.cookie } }),
      { lang: "es", id },
      context,
    );
    expect(processing).toMatchObject({ status: 200, data: { state: "waiting" } });
    // Someone else's intent, or an invented one, is nobody's business here.
    const forged = await run(subscribeApi, api(`/api/series/${id}/subscribe`, player, { paymentIntentId: ref, paymentStatus: "succeeded" }), { id }, context);
    expect(forged.status).toBe(404);
    expect(
      (await run(subscribeApi, api(`/api/series/${id}/subscribe`, carder, { paymentIntentId: "pi_invented", paymentStatus: "succeeded" }), { id }, context))
        .status,
    ).toBe(404);

    // The webhook's word (the seat confirmed): now the call answers and the processing page lands on the series.
    await getDb().updateTable("bookings").set({ status: "CONFIRMED" }).where("user_id", "=", carder.id).where("status", "=", "PENDING_PAYMENT").execute();
    const done = await run(subscribeApi, api(`/api/series/${id}/subscribe`, carder, { paymentIntentId: ref, paymentStatus: "succeeded" }), { id }, context);
    expect(done).toMatchObject({ status: 200, data: { subscriptionId: intent.data && (intent.data as { subscriptionId: string }).subscriptionId } });
    const landed = await run(
      processingPage,
      new Request(`${base}/es/series/${id}/confirm/processing?paymentIntent=${ref}`, { headers: { Cookie: carder.cookie } }),
      { lang: "es", id },
      context,
    );
    expect(landed.headers.get("Location")).toBe(`/es/series/${id}?subscribed=true`);
  });

  it("create-intent refuses a subscription without a series, and the processing page sends a non-subscriber to the confirmation screen", async () => {
    const { id } = await series(paid);
    const player = await signedInUser();
    expect((await run(createIntent, api("/api/payments/create-intent", player, { isSubscription: true }), {}, context)).status).toBe(400);
    const away = await run(
      processingPage,
      new Request(`${base}/es/series/${id}/confirm/processing`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id },
      context,
    );
    expect(away.headers.get("Location")).toBe(`/es/series/${id}/confirm`);
  });
});

describe("the series page and the profile", () => {
  it("show the subscribers, the way in for players, the host's table of seats and payment states, and a player's own subscriptions", async () => {
    const { host, id } = await series(paid);
    const [ana, beto, guestless] = [await signedInUser(), await signedInUser(), await signedInUser()];
    await post(id, ana, { intent: "payOxxo", firstName: "Ana", lastName: "Robles" });
    await post(id, beto, { intent: "payOxxo", firstName: "Beto", lastName: "Ruiz" });
    const view = (as: SignedInUser | null, query = "") =>
      run(seriesPage, new Request(`${base}/es/series/${id}${query}`, { headers: as ? { Cookie: as.cookie } : {} }), { lang: "es", id }, context);

    const guest = (await view(null)).data as { subscription: { subscribers: number; standing: string | null; host: unknown } };
    expect(guest.subscription).toMatchObject({ subscribers: 2, standing: "new", host: null });
    expect(((await view(guestless)).data as typeof guest).subscription).toMatchObject({ standing: "new", host: null });
    expect(((await view(ana, "?subscribed=true")).data as typeof guest).subscription).toMatchObject({ standing: "subscribed", welcome: true, host: null });

    const hosted = ((await view(host)).data as { subscription: { standing: null; host: { sessions: unknown[]; rows: { name: string; states: string[] }[] } } })
      .subscription;
    expect(hosted.standing).toBeNull();
    expect(hosted.host.sessions).toHaveLength(2);
    expect(hosted.host.rows).toHaveLength(2);
    // Each has a voucher for the first session and a seat due in the second.
    for (const row of hosted.host.rows) expect(row.states).toEqual(["due", "due"]);

    const profile = await run(
      profilePage,
      new Request(`${base}/es/profile/${ana.id}`, { headers: { Cookie: ana.cookie } }),
      { lang: "es", id: ana.id },
      context,
    );
    const subs = (profile.data as { subscriptions: { title: string; next: string | null; due: { by: string; payHref: string } | null }[] }).subscriptions;
    expect(subs).toMatchObject([
      { title: "Campaña de los lunes", next: expect.any(String), due: { payHref: expect.stringMatching(/^\/es\/session\/[0-9a-f-]{36}\/confirm$/) } },
    ]);
    // Nobody else sees them.
    const seen = await run(profilePage, new Request(`${base}/es/profile/${ana.id}`, { headers: { Cookie: beto.cookie } }), { lang: "es", id: ana.id }, context);
    expect((seen.data as { subscriptions: unknown }).subscriptions).toBeNull();
  });
});

describe("a subscriber's seat due for payment, on its session's pages", () => {
  it("offers card and OXXO, says until when; after a lapsed voucher OXXO is offered again, not the old voucher", async () => {
    const { id } = await series(paid);
    const player = await signedInUser();
    expect((await post(id, player, { intent: "payOxxo", firstName: "Ana", lastName: "Robles" })).status).toBe(302);
    const seats = await getDb()
      .selectFrom("bookings as b")
      .innerJoin("sessions as s", "s.id", "b.session_id")
      .select(["b.id", "b.session_id", "b.status"])
      .where("b.user_id", "=", player.id)
      .orderBy("s.starts_at")
      .execute();
    // The second session's seat came from the subscription: nothing tried yet.
    const second = seats[1]!;
    const confirm = (sessionId: string) =>
      run(
        sessionConfirmPage,
        new Request(`${base}/es/session/${sessionId}/confirm`, { headers: { Cookie: player.cookie } }),
        { lang: "es", id: sessionId },
        context,
      );
    const due = (await confirm(second.session_id)).data as {
      payment: { pending: { state: string; until: string; payAgain: { card: boolean; oxxo: string } } };
    };
    expect(due.payment.pending).toMatchObject({ state: "paymentDue", until: expect.any(String), payAgain: { card: true, oxxo: "available" } });
    const oxxoPage = await run(
      oxxoNamePage,
      new Request(`${base}/es/session/${second.session_id}/oxxo`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id: second.session_id },
      context,
    );
    expect(oxxoPage.status).toBe(200);

    // A voucher made for it and then lapsed: due again, and the name page makes a new one rather than showing the old.
    const made = await run(
      oxxoNameAction,
      form(`${base}/es/session/${second.session_id}/oxxo`, { firstName: "Ana", lastName: "Robles" }, { Cookie: player.cookie }),
      { lang: "es", id: second.session_id },
      context,
    );
    expect(made.headers.get("Location")).toMatch(/\/voucher$/);
    await getDb().updateTable("payments").set({ status: "canceled" }).where("booking_id", "=", second.id).execute();
    const again = (await confirm(second.session_id)).data as typeof due;
    expect(again.payment.pending).toMatchObject({ state: "paymentFailed", payAgain: { oxxo: "available" } });
    const namePage = await run(
      oxxoNamePage,
      new Request(`${base}/es/session/${second.session_id}/oxxo`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id: second.session_id },
      context,
    );
    expect(namePage.status).toBe(200);
  });
});

describe("skipping one session of a subscription", () => {
  it("lets a subscriber give up a seat not paid yet from the session page, nothing refunded, and stay subscribed", async () => {
    const { id } = await series(paid);
    const player = await signedInUser();
    await post(id, player, { intent: "payOxxo", firstName: "Ana", lastName: "Robles" });
    const second = (
      await getDb()
        .selectFrom("bookings as b")
        .innerJoin("sessions as s", "s.id", "b.session_id")
        .select(["b.session_id"])
        .where("b.user_id", "=", player.id)
        .orderBy("s.starts_at", "desc")
        .executeTakeFirstOrThrow()
    ).session_id;
    const sessionPage = await run(
      sessionDetail,
      new Request(`${base}/es/session/${second}`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id: second },
      context,
    );
    expect(sessionPage.data).toMatchObject({ canLeave: true, held: { state: "paymentDue" } });
    const step = await run(
      leavePage,
      new Request(`${base}/es/session/${second}/leave`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id: second },
      context,
    );
    expect(step.data).toMatchObject({ paid: false });
    const left = await run(leaveAction, form(`${base}/es/session/${second}/leave`, {}, { Cookie: player.cookie }), { lang: "es", id: second }, context);
    expect(left.status).toBe(302);
    const seat = await getDb()
      .selectFrom("bookings")
      .select("status")
      .where("session_id", "=", second)
      .where("user_id", "=", player.id)
      .executeTakeFirstOrThrow();
    expect(seat.status).toBe("CANCELLED");
    expect((await page(id, player)).data).toMatchObject({ standing: "subscribed" });
  });
});
