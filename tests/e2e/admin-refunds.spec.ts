import type { Page } from "@playwright/test";
import { failedRefund } from "../fixtures/refunds";
import { expectNoAxeViolations } from "./axe";
import { expect, newUser, signInAs, test } from "./fixtures";
import { keysShownIn, localeKeys } from "./locale-keys";
import { journeyRuns, text } from "./locale-text";

// A refund that gave up reaches the admin desk: the admin retries it, sees it refunded and the
// retry in the audit log, and a manual refund of a payment that does not exist is refused next to
// its field with what was typed kept — on a 360 px phone, with and without JavaScript, in every language.

test.use({ viewport: { width: 360, height: 740 } });

const keys = localeKeys();

/** Nothing sticks out of a 360 px screen sideways, and no raw translation key shows. */
async function fitsAndReads(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(keysShownIn(await page.locator("body").innerText(), keys)).toEqual([]);
}

for (const { lang, tag } of journeyRuns(2)) {
  test(`${lang}: the admin retries a failed refund and finds it refunded and in the audit log`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "admin", key, values);
    const stamp = Date.now();
    const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${stamp}` });
    // Each test makes its own failed refund (tests run in parallel; the demo's stays for people to try).
    const refund = await failedRefund({
      playerId: player.id,
      priceCents: 18_000,
      title: `Mesa pagada ${lang} ${stamp}`,
      error: `Error: provider down ${stamp}`,
    });

    // The desk does not exist for a player.
    await signInAs(page, player);
    expect((await page.request.get(`/${lang}/admin/refunds`)).status()).toBe(404);

    const admin = await newUser({ role: "admin", preferredLanguage: lang, displayName: `Admin ${stamp}` });
    await page.context().clearCookies();
    await signInAs(page, admin);
    await page.goto(`/${lang}/admin`);
    await page.getByRole("link", { name: t("nav.refunds") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/admin/refunds$`));
    const card = page.getByTestId(`refund-${refund.paymentId}`);
    await expect(card).toContainText(player.displayName);
    await expect(card).toContainText(refund.title);
    await expect(card).toContainText(/180[.,]00/);
    await expect(card).toContainText(`Error: provider down ${stamp}`);
    await expect(card).toContainText(t("refunds.statusFailed"));
    await fitsAndReads(page);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "refunds desk");

    // A manual refund of a payment that does not exist: refused next to the field, the typed id kept.
    const unknown = "6f1c1a8e-0000-4000-8000-000000000000";
    await page.getByLabel(t("refunds.paymentLabel")).fill(unknown);
    await page.getByLabel(t("refunds.reasonLabel")).selectOption("duplicate_payment");
    await page.getByRole("button", { name: t("refunds.refund"), exact: true }).click();
    await expect(page.getByText(t("refunds.errors.notFound"))).toBeVisible();
    await expect(page.getByLabel(t("refunds.paymentLabel"))).toHaveValue(unknown);
    await expect(page.getByLabel(t("refunds.reasonLabel"))).toHaveValue("duplicate_payment");

    // Retry now: the provider accepts, and the refund moves to the refunded list.
    await page
      .getByTestId(`refund-${refund.paymentId}`)
      .getByRole("button", { name: t("refunds.retry") })
      .click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.refundRetried") })).toBeVisible();
    await expect(page.getByTestId(`refund-${refund.paymentId}`)).toHaveCount(0);
    const done = page.getByTestId(`refunded-${refund.paymentId}`);
    await expect(done).toContainText(t("refunds.statusRefunded"));
    await expect(done).toContainText(player.displayName);
    await fitsAndReads(page);

    // The audit log names the admin, the retry and the payment.
    await page.getByRole("link", { name: t("nav.audit") }).click();
    const entry = page.getByTestId("audit-list").getByRole("listitem").filter({ hasText: refund.paymentId });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(t("audit.actions.retry_refund"));
    await expect(entry).toContainText(admin.displayName);
    await expect(entry).toContainText(t("audit.kinds.payment"));
    await fitsAndReads(page);
  });
}
