import { expectNoAxeViolations } from "./axe";
import { actAs, escapeRegExp, expect, hostPaidSession, newUser, otherHost, test } from "./fixtures";
import { LANGS, text } from "./locale-text";

// The payment paths as a player meets them without JavaScript, in every language, with the texts
// read from the locale files: a card, a declined card, the OXXO name form and its voucher, and what
// paid sessions promise and refund. All on a 360 px phone that reaches the app under another host
// name than APP_URL's (a phone on the local network), so nothing may lean on APP_URL's host.
const before = (s: string, marker: string) => s.slice(0, s.indexOf(marker));

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

/** The paid sessions here give two days to pay an OXXO voucher. */
const twoDayVoucher = { voucherPaymentDays: 2 };

test.describe("payment paths without JavaScript", () => {
  // Skipped on purpose in the js project: these journeys are the plain-HTML paths; the dialogs have their own specs. The no-js project runs it.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "these journeys are the no-script paths");

  for (const lang of LANGS) {
    test(`card in ${lang} from a host name other than APP_URL's: 'Pay' returns to the session on the same host`, async ({ page, baseURL }) => {
      const other = baseURL!;
      expect(new URL(other).host).not.toBe(new URL(process.env.E2E_BASE_URL!).host);
      const host = await newUser({ role: "dm" });
      const player = await newUser({ preferredLanguage: lang });
      const id = await hostPaidSession(page, host, twoDayVoucher);
      await actAs(page, player);
      await page.goto(`${other}/${lang}/session/${id}/confirm`);
      await expect(page.getByText(text(lang, "sessions", "booking.securityPaid"))).toBeVisible();
      await page.getByRole("button", { name: text(lang, "payments", "card.pay") }).click();
      await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(other)}/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
      await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
      await expect(page).toHaveURL(`${other}/${lang}/session/${id}?payment=success`);
      await expect(page.getByText(text(lang, "payments", "voucher.paid"))).toBeVisible();
    });

    test(`a declined card in ${lang} is shown as a failed payment, never as a booking`, async ({ page }) => {
      const host = await newUser({ role: "dm", preferredLanguage: lang });
      const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${lang}` });
      const id = await hostPaidSession(page, host, twoDayVoucher);
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}/confirm`);
      await page.getByRole("button", { name: text(lang, "payments", "card.pay") }).click();
      await page.getByRole("button", { name: text(lang, "payments", "dev.fail") }).click();
      await expect(page.getByText(text(lang, "payments", "dev.declined"))).toBeVisible();

      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(text(lang, "sessions", "booking.paymentFailed"), { exact: true })).toBeVisible();
      await expect(page.getByText(before(text(lang, "sessions", "booking.paymentFailedBody"), "{{until}}"))).toBeVisible();
      await expect(page.getByText(text(lang, "sessions", "detail.joined"), { exact: true })).toHaveCount(0);
      await expect(page.getByRole("link", { name: text(lang, "sessions", "booking.leave") })).toHaveCount(0);
      await expect(page.getByText(before(text(lang, "chat", "afterPayment"), "{{title}}"))).toHaveCount(0);
      await expect(page.getByText(text(lang, "sessions", "booking.seatsHeld_one", { count: 1 }))).toBeVisible();
      await page.getByRole("link", { name: text(lang, "sessions", "booking.payAgain") }).click();
      await expect(page.getByText(before(text(lang, "sessions", "booking.paymentFailedBody"), "{{until}}"))).toBeVisible();
      await expect(page.getByText(text(lang, "sessions", "booking.alreadyBooked"))).toHaveCount(0);

      await page.goto(`/${lang}/notifications`);
      await expect(
        page
          .getByRole("listitem")
          .filter({ hasText: text(lang, "notifications", "payment_failed.title") })
          .first(),
      ).toBeVisible();

      await actAs(page, host);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(`Jugadora ${lang} · ${text(lang, "sessions", "booking.participantPending")}`)).toBeVisible();
    });

    test(`the OXXO name form and voucher in ${lang}: 'at least 2 characters', one validity, the paid state, 360 px, axe`, async ({ page, browser }) => {
      const host = await newUser({ role: "dm" });
      const player = await newUser({ preferredLanguage: lang });
      const id = await hostPaidSession(page, host, twoDayVoucher);
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}/oxxo`);
      await expect(page.getByText(text(lang, "payments", "oxxo.warnings.expires", { days: 2 }))).toBeVisible();
      await page.getByLabel(text(lang, "payments", "oxxo.firstName"), { exact: true }).fill("A");
      await page.getByLabel(text(lang, "payments", "oxxo.lastName"), { exact: true }).fill("Robles");
      await page.getByRole("button", { name: text(lang, "payments", "oxxo.confirm") }).click();
      await expect(page.getByText(text(lang, "validation", "firstNameTooShort"))).toBeVisible();
      await expect(page.getByText(text(lang, "validation", "firstNameRequired"))).toHaveCount(0);
      await page.getByLabel(text(lang, "payments", "oxxo.firstName"), { exact: true }).fill("Ana");
      await page.getByRole("button", { name: text(lang, "payments", "oxxo.confirm") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
      const voucherUrl = page.url();

      // The form's days are the voucher page's days.
      await expect(page.getByText(text(lang, "payments", "voucher.reserved_other", { count: 2 }))).toBeVisible();
      // The whole 18-digit reference shows at 360 px.
      const reference = page.locator("#voucher-ref");
      await expect(reference).toHaveValue(/^\d{18}$/);
      const box = await reference.evaluate((el: HTMLInputElement) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll, `reference box ${JSON.stringify(box)}`).toBeLessThanOrEqual(box.client);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, browser, false, `voucher page ${lang}`);

      // Paid at the store: the page leads with it, without the days, the steps or the chat's wait.
      const pdf = await page.getByRole("link", { name: text(lang, "payments", "voucher.download") }).getAttribute("href");
      const intent = /\/api\/payments\/offline\/(pi_offline_[0-9a-f]+)\/voucher/.exec(pdf!)![1]!;
      await page.goto(`/${lang}/dev/payments/${intent}`);
      await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
      await expect(page.getByTestId("offline-status")).toHaveText("succeeded");
      await page.goto(voucherUrl);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(lang, "payments", "voucher.paidHeading"));
      for (const gone of [text(lang, "payments", "voucher.heading"), text(lang, "payments", "voucher.stepsTitle"), text(lang, "payments", "voucher.chatNote")])
        await expect(page.getByText(gone, { exact: true })).toHaveCount(0);
      await expect(page.getByText(text(lang, "payments", "voucher.timeLeft"))).toHaveCount(0);
    });

    test(`refunds in ${lang}: the host's cancel page says paid seats are refunded, the player's cancelled page says theirs is`, async ({ page }) => {
      const host = await newUser({ role: "dm", preferredLanguage: lang });
      const player = await newUser({ preferredLanguage: lang });
      const id = await hostPaidSession(page, host, twoDayVoucher);
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}/confirm`);
      await page.getByRole("button", { name: text(lang, "payments", "card.pay") }).click();
      await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/${escapeRegExp(id)}\\?payment=success$`));

      await actAs(page, host);
      await page.goto(`/${lang}/session/${id}/cancel`);
      await expect(page.getByText(text(lang, "sessions", "booking.cancelRefund"))).toBeVisible();
      await page.getByRole("button", { name: text(lang, "sessions", "booking.cancelConfirm") }).click();
      await expect(page.getByText(text(lang, "sessions", "toasts.sessionCancelled"))).toBeVisible();

      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(text(lang, "sessions", "booking.cancelledBanner"))).toBeVisible();
      await expect(page.getByText(text(lang, "sessions", "booking.cancelledRefund"))).toBeVisible();
    });
  }
});

test.describe("the voucher page with JavaScript", () => {
  // Skipped on purpose in the no-js project: the copy button is added by script, so there is nothing to measure without it. The js project runs it.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the copy button shows only with script");

  for (const lang of LANGS)
    test(`in ${lang} at 360 px: the copy button leaves the whole 18-digit reference in view; axe finds nothing`, async ({ page, browser }) => {
      const host = await newUser({ role: "dm" });
      const player = await newUser({ preferredLanguage: lang });
      const id = await hostPaidSession(page, host, twoDayVoucher);
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}/oxxo`);
      await page.getByLabel(text(lang, "payments", "oxxo.firstName"), { exact: true }).fill("Ana");
      await page.getByLabel(text(lang, "payments", "oxxo.lastName"), { exact: true }).fill("Robles");
      await page.getByRole("button", { name: text(lang, "payments", "oxxo.confirm") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
      await expect(page.getByRole("button", { name: text(lang, "payments", "voucher.copy") })).toBeVisible();
      const box = await page.locator("#voucher-ref").evaluate((el: HTMLInputElement) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll, `reference box ${JSON.stringify(box)}`).toBeLessThanOrEqual(box.client);
      await expectNoAxeViolations(page, browser, true, `voucher page ${lang}`);
    });
});
