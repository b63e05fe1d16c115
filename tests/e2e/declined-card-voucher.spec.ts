import fs from "node:fs";
import path from "node:path";
import { actAs, expect, hostPaidSession, newUser, otherHost, test } from "./fixtures";

// After a declined card the player pays the same held seat with an OXXO voucher, without
// JavaScript, in every language, on a 360 px phone that reaches the app under another host name
// than APP_URL's. Texts are read from the locale files.
const LANGS = ["es", "en", "pt"] as const;
type Lang = (typeof LANGS)[number];
type Tree = { [key: string]: string | Tree };
const read = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lang}/${ns}.json`), "utf8")) as Tree;
function text(lang: Lang, ns: string, key: string) {
  let node: Tree | string = read(lang, ns);
  for (const part of key.split(".")) node = (node as Tree)[part]!;
  if (typeof node !== "string") throw new Error(`${ns}:${key} is not a text`);
  return node;
}
const before = (s: string, marker: string) => s.slice(0, s.indexOf(marker));

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

test.describe("a declined card, then an OXXO voucher, without JavaScript", () => {
  // Skipped on purpose in the js project: this journey is the plain-HTML path; the dialogs have their own specs. The no-js project runs it.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-script path");

  for (const lang of LANGS)
    test(`in ${lang}: the confirmation page offers the card and OXXO again, and the voucher holds the same seat`, async ({ page }) => {
      const host = await newUser({ role: "dm", preferredLanguage: lang });
      const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${lang}` });
      const id = await hostPaidSession(page, host, { voucherPaymentDays: 2 });
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}/confirm`);
      await page.getByRole("button", { name: text(lang, "payments", "card.pay") }).click();
      await page.getByRole("button", { name: text(lang, "payments", "dev.fail") }).click();
      await expect(page.getByText(text(lang, "payments", "dev.declined"))).toBeVisible();

      // Back on the confirmation page: the declined message and both ways to pay.
      await page.goto(`/${lang}/session/${id}/confirm`);
      await expect(page.getByText(before(text(lang, "sessions", "booking.paymentFailedBody"), "{{until}}"))).toBeVisible();
      await expect(page.getByRole("button", { name: text(lang, "payments", "card.pay") })).toBeVisible();
      await page.getByRole("link", { name: text(lang, "payments", "oxxo.pay") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/oxxo$`));
      await page.getByLabel(text(lang, "payments", "oxxo.firstName"), { exact: true }).fill("Ana");
      await page.getByLabel(text(lang, "payments", "oxxo.lastName"), { exact: true }).fill("Robles");
      await page.getByRole("button", { name: text(lang, "payments", "oxxo.confirm") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
      await expect(page.locator("#voucher-ref")).toHaveValue(/^\d{18}$/);

      // The confirmation page now leads to the voucher, not to another payment; the seat is counted once.
      await page.goto(`/${lang}/session/${id}/confirm`);
      await expect(page.getByText(text(lang, "payments", "voucher.pending"))).toBeVisible();
      await expect(page.getByRole("button", { name: text(lang, "payments", "card.pay") })).toHaveCount(0);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(text(lang, "sessions", "detail.joined"), { exact: true })).toHaveCount(0);
      await actAs(page, host);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(`Jugadora ${lang} · ${text(lang, "sessions", "booking.participantPending")}`)).toHaveCount(1);
    });
});
