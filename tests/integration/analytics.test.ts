import { describe, expect, it, vi } from "vitest";
import { track, trackCountry } from "../../app/modules/analytics/analytics.server";
import { eventsOf } from "../../app/modules/analytics/repo.server";
import { bookFreeSeat } from "../../app/modules/bookings/bookings.server";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { now, paidSession, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

/** One session's events: the tests of this file share a database. */
const eventsFor = async (name: Parameters<typeof eventsOf>[1], sessionId: string) => (await eventsOf(getDb(), name)).filter((e) => e.session_id === sessionId);

const payDeps = () => payTestDeps(now).deps;
const session = async (priceCents: number) => paidSession((await person("dm")).id, 5, { price_cents: priceCents });
const viewerIn = async (timeZone: string, loginSessionId: string) => ({ ...(await person()), timeZone, loginSessionId });

describe("the booking funnel's events", () => {
  it("a card payment records booking_initiated, then booking_payment_started with the amount held", async () => {
    const deps = payDeps();
    const player = await person();
    const sessionId = await session(25_000);
    const started = await startCardIntent(deps, player, { sessionId });
    expect(started.ok).toBe(true);
    const [initiated] = await eventsFor("booking_initiated", sessionId);
    expect(initiated).toMatchObject({ user_id: player.id, session_id: sessionId, properties: { paymentMethod: "card" } });
    const [payment] = await eventsFor("booking_payment_started", sessionId);
    expect(payment).toMatchObject({ user_id: player.id, session_id: sessionId, properties: { paymentMethod: "card", amountCents: 25_000, currency: "MXN" } });
    expect(new Date(payment!.occurred_at)).toEqual(now);
  });

  it("an OXXO voucher records both events; asking again for the same voucher starts no second payment", async () => {
    const deps = payDeps();
    const player = await person();
    const sessionId = await session(25_000);
    await startOxxoPayment(deps, player, { sessionId, firstName: "Ana", lastName: "Robles" });
    await startOxxoPayment(deps, player, { sessionId, firstName: "Ana", lastName: "Robles" });
    expect((await eventsFor("booking_initiated", sessionId)).map((e) => e.properties)).toEqual([{ paymentMethod: "oxxo" }, { paymentMethod: "oxxo" }]);
    expect((await eventsFor("booking_payment_started", sessionId)).map((e) => e.properties)).toMatchObject([{ paymentMethod: "oxxo", amountCents: 25_000 }]);
  });

  it("a free seat records booking_initiated and no payment", async () => {
    const player = await person();
    const sessionId = await session(0);
    expect((await bookFreeSeat(testDeps(now).deps, player, { sessionId })).ok).toBe(true);
    expect((await eventsFor("booking_initiated", sessionId)).map((e) => e.properties)).toEqual([{ paymentMethod: "free" }]);
    expect(await eventsFor("booking_payment_started", sessionId)).toEqual([]);
  });

  it("a refused payment records the attempt but no payment", async () => {
    const player = await person();
    const sessionId = await session(25_000);
    await getDb().updateTable("sessions").set({ status: "CANCELLED" }).where("id", "=", sessionId).execute();
    expect((await startCardIntent(payDeps(), player, { sessionId })).ok).toBe(false);
    expect(await eventsFor("booking_initiated", sessionId)).toHaveLength(1);
    expect(await eventsFor("booking_payment_started", sessionId)).toEqual([]);
  });
});

describe("user_country_detected", () => {
  it("is one row per browser session and country, whatever the concurrency", async () => {
    const deps = testDeps(now).deps;
    const viewer = await viewerIn("America/Tijuana", "login-1");
    await Promise.all(Array.from({ length: 8 }, () => trackCountry(deps, viewer, "es")));
    await trackCountry(deps, { ...viewer, timeZone: "America/Chicago" }, "en");
    await trackCountry(deps, { ...viewer, loginSessionId: "login-2", timeZone: "Europe/Madrid" }, "es");
    const rows = (await eventsOf(getDb(), "user_country_detected")).filter((r) => r.user_id === viewer.id);
    expect(rows.map((r) => r.properties)).toEqual([
      { country: "MX", timeZone: "America/Tijuana", locale: "es" },
      { country: "US", timeZone: "America/Chicago", locale: "en" },
      { country: "Unknown", timeZone: "Europe/Madrid", locale: "es" },
    ]);
  });
});

describe("a failure to record", () => {
  it("is logged and never reaches the caller", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const player = await person();
    // A session id that does not exist breaks the foreign key.
    await expect(
      track(testDeps(now).deps, { name: "booking_initiated", user: player, sessionId: "00000000-0000-4000-8000-000000000000" }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("analytics: event not recorded"));
    warn.mockRestore();
  });
});
