import { getDb } from "../../db/client.server";
import { runJobStep } from "./clock/job-step";
import { actAs, expect, newUser, otherHost, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";
import { hostWeeklySeries, seriesZone as zone } from "./series-api";

// A paid subscription as time passes, on a 360 px phone under another host name than APP_URL's,
// with and without JavaScript in every language: the player subscribes at OXXO, pays the first
// session, is reminded three times to pay the second, lets it lapse, cancels and rejoins.
//
// The clock: the server runs no jobs in this suite (global-setup.ts), so the test runs the jobs'
// own steps with the time it chooses (clock/job-step.ts). Only on this test's rows: the other
// tests share the server's database, and their holds and reminders must not move with this clock.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

const DAY = 86_400_000;

/** The player's seats in the series, by session date. */
const seatsOf = (userId: string, seriesId: string) =>
  getDb()
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["b.id", "b.session_id", "b.status", "b.hold_until"])
    .where("b.user_id", "=", userId)
    .where("s.series_id", "=", seriesId)
    .orderBy("s.starts_at")
    .orderBy("b.created_at")
    .execute();

for (const { lang, tag } of journeyRuns(2)) {
  test(`${lang}: a paid subscription over two sessions: paid, reminded three times, lapsed, cancelled and rejoined`, { tag }, async ({ page }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "subscriptions", key, values);
    const host = await newUser({ role: "dm", timeZone: zone });
    await actAs(page, host);
    const id = await hostWeeklySeries(page, `Campaña con reloj ${lang} ${Date.now()}`, {
      price: 30000,
      allowedPaymentMethods: ["CARD", "OXXO"],
      minAdvanceBookingHours: 48,
      voucherPaymentDays: 2,
      timeOfDay: `${String(8 + (Date.now() % 12)).padStart(2, "0")}:${String(Date.now() % 60).padStart(2, "0")}`,
    });

    // Subscribing at OXXO (the spec's call): a voucher for the first session, the second seat due.
    const player = await newUser({ preferredLanguage: lang, timeZone: zone });
    await actAs(page, player);
    const joined = await page.request.post(`/api/series/${id}/subscribe`, { data: { paymentMethod: "oxxo", firstName: "Ana", lastName: "Robles" } });
    expect(joined.status(), await joined.text()).toBe(201);
    const [first, second] = await seatsOf(player.id, id);
    expect([first?.status, second?.status]).toEqual(["PENDING_PAYMENT", "PENDING_PAYMENT"]);

    // The first session is paid: the voucher is paid at the store (the local provider's page).
    const voucher = await getDb().selectFrom("payments").select("provider_ref").where("booking_id", "=", first!.id).executeTakeFirstOrThrow();
    await page.goto(`/${lang}/dev/payments/${voucher.provider_ref}`);
    await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
    await expect.poll(async () => (await seatsOf(player.id, id))[0]?.status).toBe("CONFIRMED");
    await page.goto(`/${lang}/series/${id}/confirm`);
    await expect(page.getByText(t("banners.nextPaid"))).toBeVisible();

    // The clock moves to 7, 3 and 1 days before the second seat's deadline: one reminder each.
    const deadline = new Date(second!.hold_until!);
    for (const days of [7, 3, 1]) {
      const now = new Date(deadline.getTime() - days * DAY + 60_000).toISOString();
      expect(await runJobStep({ step: "remind", now, userId: player.id })).toEqual({ sent: [second!.session_id] });
      // The same minute again sends nothing more.
      expect(await runJobStep({ step: "remind", now, userId: player.id })).toEqual({ sent: [] });
    }
    await page.goto(`/${lang}/notifications`);
    await expect(page.getByRole("listitem").filter({ hasText: text(lang, "notifications", "payment_due.title") })).toHaveCount(3);

    // The deadline passes unpaid: the seat goes, the player is told and stays subscribed.
    expect(await runJobStep({ step: "settle", now: new Date(deadline.getTime() + 1000).toISOString(), sessionId: second!.session_id })).toEqual({
      settled: true,
    });
    expect((await seatsOf(player.id, id))[1]?.status).toBe("EXPIRED");
    await page.goto(`/${lang}/notifications`);
    await expect(page.getByRole("listitem").filter({ hasText: text(lang, "notifications", "subscription_seat_released.title") })).toHaveCount(1);
    await page.goto(`/${lang}/profile/${player.id}`);
    const subscriptions = page.getByRole("region", { name: text(lang, "profile", "own.subscriptionsHeading") });
    await expect(subscriptions.getByRole("link", { name: new RegExp(`Campaña con reloj ${lang}`) })).toBeVisible();

    // Cancelling gives up the paid seat (refunded in full); the series then welcomes the player back.
    await page.goto(`/${lang}/series/${id}/confirm`);
    await page.getByRole("button", { name: t("actions.cancel") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.cancelled") })).toBeVisible();
    await expect.poll(async () => (await seatsOf(player.id, id))[0]?.status).toMatch(/^(CANCELLED|REFUNDED)$/);
    await page.goto(`/${lang}/series/${id}/confirm`);
    await expect(page.getByText(t("banners.welcomeBack"))).toBeVisible();
    const rejoined = await page.request.post(`/api/series/${id}/subscribe`, { data: { paymentMethod: "oxxo", firstName: "Ana", lastName: "Robles" } });
    expect(rejoined.status(), await rejoined.text()).toBe(201);
    expect(await rejoined.json()).toMatchObject({ success: true, rejoined: true });
    await page.goto(`/${lang}/series/${id}/confirm`);
    await expect(page.getByText(t("banners.subscribed"))).toBeVisible();
    await expect(page.getByRole("link", { name: t("actions.payNext") })).toBeVisible();
  });
}
