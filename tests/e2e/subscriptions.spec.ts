import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { actAs, escapeRegExp, expect, newUser, otherHost, ready, test } from "./fixtures";
import { journeyRuns, type Lang, LANGS, text } from "./locale-text";
import { hostWeeklySeries, seriesZone as zone } from "./series-api";

// Subscribing to a series as a player meets it, on a 360 px phone reaching the app under another
// host name than APP_URL's: a free series joined, seen on the profile, cancelled and rejoined, with
// and without JavaScript in every language; a paid one by OXXO and by card without JavaScript, and a
// declined card, which leaves no subscription (decision record 070), with and without it.
// What happens as time passes (reminders, deadlines, lapses) is driven by a controllable clock in
// subscription-clock.spec.ts, and in tests/integration/subscription-reminders.test.ts and subscriptions-paid.test.ts.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

/** A weekly series hosted by a new DM, its first session five days ahead; `fields` override the API's. */
async function hostSeries(page: Page, title: string, fields: Record<string, unknown> = {}) {
  const host = await newUser({ role: "dm", timeZone: zone });
  await actAs(page, host);
  // Each run at its own minute, so one host's series never clash.
  return hostWeeklySeries(page, title, {
    timeOfDay: `${String(8 + (Date.now() % 12)).padStart(2, "0")}:${String(Date.now() % 60).padStart(2, "0")}`,
    ...fields,
  });
}

/** A new player, speaking `lang` and living in the series' zone, signs in and opens the series' confirmation screen. */
async function openConfirmAsNewPlayer(page: Page, lang: Lang, seriesId: string) {
  await actAs(page, await newUser({ preferredLanguage: lang, timeZone: zone }));
  await page.goto(`/${lang}/series/${seriesId}/confirm`);
}

/** A paid series' terms: 300 MXN by card or at OXXO, booked 48 h ahead at least, two days to pay a voucher. */
const paid = { price: 30000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, voucherPaymentDays: 2 };

for (const { lang, tag } of journeyRuns(0)) {
  test(`${lang}: a player joins a free series, finds it on their profile, cancels and rejoins`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "subscriptions", key, values);
    const title = `Campaña abierta ${lang} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    const id = await hostSeries(page, title);
    const player = await newUser({ preferredLanguage: lang, timeZone: zone });
    await actAs(page, player);

    await page.goto(`/${lang}/series/${id}`);
    await ready(page, javaScriptEnabled);
    await page.getByRole("link", { name: t("panel.subscribe") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}/confirm$`));
    await expect(page.getByRole("heading", { name: t("title"), level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: t("benefits.title") })).toBeVisible();
    await expect(page.getByText(t("next.autoEnrol"))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the series confirmation screen");

    await page.getByRole("button", { name: t("actions.join") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}\\?subscribed=true$`));
    await expect(page.getByText(t("panel.welcome"))).toBeVisible();
    await expect(page.getByText(`${t("facts.subscribers")}: ${t("facts.subscribersValue_one", { count: 1 })}`)).toBeVisible();

    await page.goto(`/${lang}/profile/${player.id}`);
    const mine = page.getByRole("region", { name: text(lang, "profile", "own.subscriptionsHeading") });
    await expect(mine.getByRole("link", { name: title })).toBeVisible();

    await page.goto(`/${lang}/series/${id}/confirm`);
    await expect(page.getByText(t("banners.subscribed"))).toBeVisible();
    await page.getByRole("button", { name: t("actions.cancel") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}$`));
    await expect(page.getByRole("status").filter({ hasText: t("toasts.cancelled") })).toBeVisible();

    await page.getByRole("link", { name: t("panel.rejoin") }).click();
    await expect(page.getByRole("heading", { name: t("titleRejoin"), level: 1 })).toBeVisible();
    await expect(page.getByText(t("banners.welcomeBack"))).toBeVisible();
    await page.getByRole("button", { name: t("actions.rejoin") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}\\?subscribed=true$`));
    await expect(page.getByRole("status").filter({ hasText: t("toasts.rejoined") })).toBeVisible();
  });
}

test.describe("a paid series without JavaScript", () => {
  // Skipped on purpose in the js project: these are the plain-HTML payment paths; the card dialog journey below covers the script. The no-js project runs it.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain-HTML payment paths; the card dialog has its own specs");
  test("es: subscribing at OXXO with the names on the page makes the voucher; bad names are kept and explained", async ({ page }) => {
    const lang: Lang = "es";
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "subscriptions", key, values);
    const id = await hostSeries(page, `Campaña de pago OXXO ${Date.now()}`, paid);
    await openConfirmAsNewPlayer(page, lang, id);
    await expect(page.getByText(t("banners.paymentDue_other", { count: 36 }))).toBeVisible();
    // The OXXO form has lines and veils of its own (the card form has its own too).
    const oxxoForm = page.locator("form").filter({ has: page.getByRole("button", { name: t("actions.payOxxo") }) });
    await oxxoForm.getByText(text(lang, "safety", "form.legend")).click();
    const spiders = oxxoForm.getByRole("group", { name: text(lang, "safety", "form.lines") }).getByLabel(text(lang, "safety", "topics.spiders_insects"));
    await spiders.check();
    const firstName = oxxoForm.getByLabel(text(lang, "payments", "oxxo.firstName"), { exact: true });
    await firstName.fill("A");
    await oxxoForm.getByLabel(text(lang, "payments", "oxxo.lastName"), { exact: true }).fill("Robles");
    await page.getByRole("button", { name: t("actions.payOxxo") }).click();
    await expect(firstName).toHaveValue("A");
    await expect(oxxoForm.getByLabel(text(lang, "payments", "oxxo.lastName"), { exact: true })).toHaveValue("Robles");
    await expect(spiders).toBeChecked();
    await firstName.fill("Ana");
    await page.getByRole("button", { name: t("actions.payOxxo") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
    await expect(page.getByRole("status").filter({ hasText: t("toasts.joinedOxxo") })).toBeVisible();
  });

  for (const lang of ["en", "pt"] as const) {
    test(`${lang}: subscribing by card goes to the provider's page and back, through the processing page, to the series`, async ({ page, baseURL }) => {
      const t = (key: string) => text(lang, "subscriptions", key);
      const id = await hostSeries(page, `Campaña de pago tarjeta ${lang} ${Date.now()}`, paid);
      await openConfirmAsNewPlayer(page, lang, id);
      await page.getByRole("button", { name: t("actions.payCard") }).click();
      await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
      await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
      // The webhook confirms the seat; the processing page then lands on the series.
      await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/series/${id}\\?subscribed=true$`));
      await expect(page.getByRole("status").filter({ hasText: t("toasts.joinedPaid") })).toBeVisible();
      await page.goto(`/${lang}/series/${id}/confirm`);
      await expect(page.getByText(t("banners.nextPaid"))).toBeVisible();
    });
  }
  for (const lang of LANGS) {
    test(`${lang}: a declined card on the provider's page leaves no subscription; the screen says declined and the player tries again`, async ({
      page,
      baseURL,
    }) => {
      const t = (key: string, values?: Record<string, string | number>) => text(lang, "subscriptions", key, values);
      const id = await hostSeries(page, `Campaña de pago rechazada ${lang} ${Date.now()}`, paid);
      await openConfirmAsNewPlayer(page, lang, id);
      await page.getByRole("button", { name: t("actions.payCard") }).click();
      await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
      await page.getByRole("button", { name: text(lang, "payments", "dev.fail") }).click();
      await expect(page.getByText(text(lang, "payments", "dev.declined"))).toBeVisible();

      // Back on the series' confirmation screen (the provider page's way back): not subscribed, and told why.
      await page.getByRole("button", { name: text(lang, "payments", "dev.cancel") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}/confirm$`));
      await expect(page.getByText(t("banners.declined"))).toBeVisible();
      await expect(page.getByText(t("banners.subscribed"))).toHaveCount(0);
      // Nobody is counted as a subscriber (0 takes the 'one' form in Portuguese).
      const zero = t(`facts.subscribersValue_${new Intl.PluralRules(lang).select(0)}`, { count: 0 });
      await expect(page.getByText(zero, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: t("actions.payOxxo") })).toBeVisible();
      // The processing page has nothing to wait for: it leads back to the same screen.
      await page.goto(`/${lang}/series/${id}/confirm/processing`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}/confirm$`));
      await expect(page.getByText(t("banners.declined"))).toBeVisible();

      // Another card, paid this time: subscribed.
      await page.getByRole("button", { name: t("actions.payCard") }).click();
      await expect(page).toHaveURL(/\/dev\/payments\/cs_offline_[0-9a-f]+$/);
      await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
      await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/series/${id}\\?subscribed=true$`));
      await page.goto(`/${lang}/series/${id}/confirm`);
      await expect(page.getByText(t("banners.subscribed"))).toBeVisible();
      await expect(page.getByText(t("banners.declined"))).toHaveCount(0);
    });
  }
  test("es: the processing page says it is waiting, refreshes itself and lands on the series when the payment comes in", async ({ page, context, baseURL }) => {
    const lang: Lang = "es";
    const t = (key: string) => text(lang, "subscriptions", key);
    const id = await hostSeries(page, `Campaña de pago espera sin script ${Date.now()}`, paid);
    await openConfirmAsNewPlayer(page, lang, id);
    await page.getByRole("button", { name: t("actions.payCard") }).click();
    await expect(page).toHaveURL(/\/dev\/payments\/cs_offline_[0-9a-f]+$/);
    const providerPage = page.url();
    // Back before paying: the processing page waits, in words, with a way to look again.
    await page.goto(`/${lang}/series/${id}/confirm/processing`);
    await expect(page.getByRole("heading", { name: t("processing.title"), level: 1 })).toBeVisible();
    await expect(page.getByText(t("processing.body"))).toBeVisible();
    await expect(page.getByRole("link", { name: t("processing.again") })).toBeVisible();
    const provider = await context.newPage();
    await provider.goto(providerPage);
    await provider.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
    // The meta refresh (every 3 s) reloads the page until the payment is in.
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/series/${id}\\?subscribed=true$`), { timeout: 10_000 });
    await expect(page.getByRole("status").filter({ hasText: t("toasts.joinedPaid") })).toBeVisible();
  });
});

test.describe("a paid series with JavaScript", () => {
  // Skipped on purpose in the no-js project: the card dialog exists only with script; the hosted card page above is that project's path. The js project runs it.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the card dialog needs JavaScript; the no-script path is above");

  test("es: the card dialog subscribes, and the processing page lands on the series once the payment is in", async ({ page, baseURL }) => {
    const lang: Lang = "es";
    const id = await hostSeries(page, `Campaña de pago diálogo ${Date.now()}`, paid);
    await openConfirmAsNewPlayer(page, lang, id);
    await ready(page, true);
    await page.getByRole("button", { name: text(lang, "subscriptions", "actions.payCard") }).click();
    const dialog = page.getByRole("dialog", { name: text(lang, "payments", "card.title") });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("$300.00 MXN")).toBeVisible();
    await dialog.getByRole("link", { name: text(lang, "payments", "card.continue") }).click();
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/dev/payments/(pi_offline_[0-9a-f]+)$`));
    const intent = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
    // The local test page goes back to the session it paid; Stripe would return to the address the dialog gave it.
    await expect(page).toHaveURL(new RegExp(`/${lang}/session/[0-9a-f-]{36}\\?payment=success$`));
    // Where that address leads after a paid card.
    await page.goto(`/${lang}/series/${id}/confirm/processing?paymentIntent=${intent}`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}\\?subscribed=true$`));
    await expect(page.getByText(text(lang, "subscriptions", "panel.welcome"))).toBeVisible();
  });
  test("es: a card declined from the dialog leaves no subscription; the screen says declined", async ({ page, baseURL }) => {
    const lang: Lang = "es";
    const t = (key: string) => text(lang, "subscriptions", key);
    const id = await hostSeries(page, `Campaña de pago diálogo rechazada ${Date.now()}`, paid);
    await openConfirmAsNewPlayer(page, lang, id);
    await ready(page, true);
    await page.getByRole("button", { name: t("actions.payCard") }).click();
    await page
      .getByRole("dialog", { name: text(lang, "payments", "card.title") })
      .getByRole("link", { name: text(lang, "payments", "card.continue") })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/dev/payments/pi_offline_[0-9a-f]+$`));
    const intent = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("button", { name: text(lang, "payments", "dev.fail") }).click();
    await expect(page.getByText(text(lang, "payments", "dev.declined"))).toBeVisible();
    // Where Stripe's return address after the dialog leads: back to the screen, which says the card was declined.
    await page.goto(`/${lang}/series/${id}/confirm/processing?paymentIntent=${intent}`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/series/${id}/confirm$`));
    await expect(page.getByText(t("banners.declined"))).toBeVisible();
    await expect(page.getByText(t("banners.subscribed"))).toHaveCount(0);
  });
  test("es: the processing page waits without reloading and lands on the series when the payment comes in", async ({ page, context, baseURL }) => {
    const lang: Lang = "es";
    const id = await hostSeries(page, `Campaña de pago espera ${Date.now()}`, { price: 30000, allowedPaymentMethods: ["CARD"], minAdvanceBookingHours: 48 });
    await openConfirmAsNewPlayer(page, lang, id);
    await ready(page, true);
    await page.getByRole("button", { name: text(lang, "subscriptions", "actions.payCard") }).click();
    await page
      .getByRole("dialog", { name: text(lang, "payments", "card.title") })
      .getByRole("link", { name: text(lang, "payments", "card.continue") })
      .click();
    await expect(page).toHaveURL(/\/dev\/payments\/pi_offline_[0-9a-f]+$/);
    const providerPage = page.url();
    const intent = new URL(providerPage).pathname.split("/").pop()!;
    await page.goto(`/${lang}/series/${id}/confirm/processing?paymentIntent=${intent}`);
    await expect(page.getByText(text(lang, "subscriptions", "processing.body"))).toBeVisible();
    // No meta refresh runs with script: a marker set on this document survives until the payment is in.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.waitForTimeout(4500);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The payment succeeds in another tab (the provider's page); the waiting page notices on its own.
    const provider = await context.newPage();
    await provider.goto(providerPage);
    await provider.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(baseURL!)}/${lang}/series/${id}\\?subscribed=true$`), { timeout: 10_000 });
    await expect(page.getByRole("status").filter({ hasText: text(lang, "subscriptions", "toasts.joinedPaid") })).toBeVisible();
  });
});
