import { createSession } from "../fixtures/sessions";
import { expectNoAxeViolations } from "./axe";
import { actAs, bookSeat, expect, newUser, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// A tip to the DM after a game (decision record 087), on a 360 px phone, with and without
// JavaScript: a tip below the minimum is refused next to its field and keeps what was typed; a card
// tip goes through the provider's page and comes back to a thank-you; an OXXO tip shows its voucher;
// the DM finds the tip in the bell.

test.use({ viewport: { width: 360, height: 740 } });

for (const { lang, tag } of journeyRuns(1)) {
  test(`${lang}: a player tips the DM by card and by OXXO, and the DM is told`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "tips", key, values);
    const stamp = Date.now();
    const dmName = `Narradora ${stamp}`;
    const host = await newUser({ role: "dm", preferredLanguage: lang, displayName: dmName });
    const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${stamp}` });
    const { id } = await createSession({
      host: host.id,
      startsAt: new Date(Date.now() - 4 * 3_600_000),
      durationMinutes: 180,
      status: "COMPLETED",
      priceCents: 25_000,
      title: `Mesa con propina ${stamp}`,
    });
    await bookSeat(id, player.id);
    const fitsThePhone = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await actAs(page, player);
    await page.goto(`/${lang}/session/${id}`);
    await page.getByRole("link", { name: t("link") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("title", { dm: dmName }) })).toBeVisible();
    await fitsThePhone();
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the tip page");

    // Below the minimum: the message beside the field, the amount as typed.
    const amount = page.getByLabel(t("amount", { currency: "MXN" }));
    await amount.fill("19.99");
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page.getByText(text(lang, "validation", "tipAmountTooLow"))).toBeVisible();
    await expect(amount).toHaveValue("19.99");

    // By card: the provider's page, then the thank-you.
    await amount.fill("50");
    await page.getByRole("radio", { name: t("methods.CARD") }).check();
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
    await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/tip/[0-9a-f-]{36}$`));
    await expect(page.getByRole("heading", { level: 1, name: t("receipt.paidHeading") })).toBeVisible();
    await fitsThePhone();

    // By OXXO: the voucher, on a page of the tip's own.
    await page.goto(`/${lang}/session/${id}/tip`);
    await page.getByLabel(t("amount", { currency: "MXN" })).fill("20");
    await page.getByRole("radio", { name: t("methods.OXXO") }).check();
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/tip/[0-9a-f-]{36}$`));
    await expect(page.getByRole("heading", { level: 1, name: t("receipt.waitingHeading") })).toBeVisible();
    await expect(page.getByLabel(text(lang, "payments", "voucher.reference"))).toHaveValue(/^\d+$/);
    await fitsThePhone();
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the tip's voucher page");

    // The DM hears of the card tip; the tip page is not theirs.
    await actAs(page, host);
    await page.goto(`/${lang}/notifications`);
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: text(lang, "notifications", "tip_received.title") })
        .first(),
    ).toBeVisible();
    const own = await page.goto(`/${lang}/session/${id}/tip`);
    expect(own?.status()).toBe(404);
  });
}
