import { DateTime } from "luxon";
import { zoneName } from "../../app/modules/i18n/format";
import { getDb } from "../../db/client.server";
import { expectNoAxeViolations } from "./axe";
import { actAs, expect, hostPaidSession, newUser, otherHost, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";
import { hostWeeklySeries, seriesZone } from "./series-api";

// What a player reads around paying, on a 360 px phone, with and without JavaScript, in every
// language: the test payment page after a declined card, the voucher page once the voucher is
// paid, and the series confirmation screen (the host, the questions, the security note, and OXXO
// greyed out when the next session is too close).
test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

async function hostWithBio(lang: string) {
  const host = await newUser({ role: "dm", timeZone: seriesZone, displayName: `Marta ${lang} ${Date.now()}` });
  const profile = { description: `Narradora de terror ${lang}`, bio: `Dirijo partidas desde 2009 (${lang}); campañas largas y mapas a mano.` };
  await getDb()
    .insertInto("profiles")
    .values({ user_id: host.id, ...profile })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(profile))
    .execute();
  return { host, ...profile };
}

for (const { lang, tag } of journeyRuns(0)) {
  const t = (ns: string, key: string, values?: Record<string, string | number>) => text(lang, ns, key, values);

  test(
    `${lang}: after 'Payment declined' the test payment page says the card was declined and offers another try`,
    { tag },
    async ({ page, browser, javaScriptEnabled }) => {
      const host = await newUser({ role: "dm" });
      const player = await newUser({ preferredLanguage: lang });
      const id = await hostPaidSession(page, host);
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}/confirm`);
      await page.getByRole("button", { name: t("payments", "card.pay") }).click();
      if (javaScriptEnabled)
        await page
          .getByRole("dialog", { name: t("payments", "card.title") })
          .getByRole("link", { name: t("payments", "card.continue") })
          .click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/(cs|pi)_offline_[0-9a-f]+$`));
      await expect(page.getByRole("alert")).toHaveCount(0);

      await page.getByRole("button", { name: t("payments", "dev.fail") }).click();
      await expect(page).toHaveURL(/\?outcome=declined$/);
      const alert = page.getByRole("alert").filter({ hasText: t("payments", "dev.declinedTitle") });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(t("payments", "dev.declined"));
      // Another card: every outcome is still there, and the card method too.
      for (const action of ["succeed", "fail", "requireAction"]) await expect(page.getByRole("button", { name: t("payments", `dev.${action}`) })).toBeEnabled();
      await expect(page.getByRole("radio", { name: t("payments", "dev.methods.card") })).toBeVisible();
      await expectNoAxeViolations(page, browser, javaScriptEnabled, `the declined test payment page in ${lang}`);
      await page.getByRole("button", { name: t("payments", "dev.succeed") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}\\?payment=success$`));
    },
  );

  test(`${lang}: a paid OXXO voucher's page is a receipt, with no amount to pay, expiry or PDF`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const host = await newUser({ role: "dm" });
    const zone = "Asia/Tokyo";
    const player = await newUser({ preferredLanguage: lang, timeZone: zone });
    const id = await hostPaidSession(page, host);
    await actAs(page, player);
    await page.goto(`/${lang}/session/${id}/oxxo`);
    await page.getByLabel(t("payments", "oxxo.firstName"), { exact: true }).fill("Ana");
    await page.getByLabel(t("payments", "oxxo.lastName"), { exact: true }).fill("Robles");
    await page.getByRole("button", { name: t("payments", "oxxo.confirm") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
    const voucherUrl = page.url();
    const reference = await page.locator("#voucher-ref").inputValue();
    const pdf = await page.getByRole("link", { name: t("payments", "voucher.download") }).getAttribute("href");
    const intent = /\/api\/payments\/offline\/(pi_offline_[0-9a-f]+)\/voucher/.exec(pdf!)![1]!;

    await page.goto(`/${lang}/dev/payments/${intent}`);
    await page.getByRole("button", { name: t("payments", "dev.succeed") }).click();
    await expect(page.getByTestId("offline-status")).toHaveText("succeeded");

    await page.goto(voucherUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("payments", "voucher.paidHeading"));
    const receipt = page.getByTestId("voucher-receipt");
    await expect(receipt.getByRole("heading", { name: t("payments", "voucher.receiptTitle") })).toBeVisible();
    await expect(receipt.getByText(t("payments", "voucher.paidAt"), { exact: true })).toBeVisible();
    await expect(receipt).toContainText(zoneName(zone, lang, new Date()));
    await expect(receipt).toContainText(/250[.,]00 MXN/);
    await expect(receipt).toContainText(reference);
    for (const key of ["voucher.amount", "voucher.expiresAt", "voucher.timeLeft", "voucher.stepsTitle"])
      await expect(page.getByText(t("payments", key), { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: t("payments", "voucher.download") })).toHaveCount(0);
    await expect(page.locator('a[href*="/voucher"][download], a[href$=".pdf"]')).toHaveCount(0);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, `the paid voucher page in ${lang}`);
  });

  test(
    `${lang}: the series confirmation screen has the host's bio, the questions and the security note; OXXO too close is greyed out`,
    { tag },
    async ({ page, browser, javaScriptEnabled }) => {
      const { host, description, bio } = await hostWithBio(lang);
      await actAs(page, host);
      // The next session 57 hours from now (any weekday): inside the 120-hour OXXO minimum, outside the 24-hour booking lock.
      const first = DateTime.now().setZone(seriesZone).plus({ hours: 57 });
      const id = await hostWeeklySeries(page, `Campaña ${lang} ${Date.now()}`, {
        price: 30000,
        allowedPaymentMethods: ["CARD", "OXXO"],
        minAdvanceBookingHours: 120,
        startDate: first.toISODate(),
        dayOfWeek: first.weekday % 7,
        timeOfDay: first.toFormat("HH:mm"),
      });
      const player = await newUser({ preferredLanguage: lang, timeZone: seriesZone });
      await actAs(page, player);
      await page.goto(`/${lang}/series/${id}/confirm`);

      await expect(page.getByText(host.displayName, { exact: true })).toBeVisible();
      await expect(page.getByText(description, { exact: true })).toBeVisible();
      await expect(page.getByText(bio, { exact: true })).toBeVisible();
      await expect(page.getByText(`🔒 ${t("sessions", "booking.securityPaid")}`)).toBeVisible();

      // The questions: one open at a time, by the browser alone (<details>), script or not.
      await expect(page.getByRole("heading", { name: t("sessions", "booking.faqTitle") })).toBeVisible();
      await expect(page.getByText(t("sessions", "booking.faq.a1"))).toBeVisible();
      await expect(page.getByText(t("sessions", "booking.faq.a2"))).toBeHidden();
      await page.getByText(t("sessions", "booking.faq.q2"), { exact: true }).click();
      await expect(page.getByText(t("sessions", "booking.faq.a2"))).toBeVisible();
      await expect(page.getByText(t("sessions", "booking.faq.a1"))).toBeHidden();

      // OXXO is there, greyed out, with a reason that names it.
      await expect(page.getByRole("button", { name: t("subscriptions", "actions.payOxxo") })).toBeDisabled();
      const reason = t("payments", "oxxo.notEligible", { hours: 120 });
      expect(reason).toContain("OXXO");
      await expect(page.getByText(reason)).toBeVisible();
      await expect(page.getByRole("button", { name: t("subscriptions", "actions.payCard") })).toBeEnabled();
      await expectNoAxeViolations(page, browser, javaScriptEnabled, `the series confirmation screen in ${lang}`);
    },
  );
}
