import fs from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { formatPrice } from "../../app/modules/i18n/format";
import { accountMenu, actAs, expect, newUser, test } from "./fixtures";
import { type Lang, text } from "./locale-text";

// Issue 28's acceptance, told once per language in both projects: a new DM onboards on the offline
// payouts page, publishes a paid session, two players pay (card, OXXO), the earnings desk shows both
// lines with the fee, one player leaves in time and the desk shows the refund, and the CSV it hands
// out adds up to the page. The viewport alternates, so a phone and a desktop both run with and
// without JavaScript.
const runs: { lang: Lang; viewport: { width: number; height: number } }[] = [
  { lang: "es", viewport: { width: 360, height: 740 } },
  { lang: "en", viewport: { width: 1280, height: 800 } },
  { lang: "pt", viewport: { width: 360, height: 740 } },
];

/** 250 MXN a seat; Mesa keeps 10 % (the default fee). */
const PRICE = 25_000;
const FEE = 2_500;

/** The table's columns, in order (earnings-lines.tsx). */
const COL = { player: 2, method: 3, state: 4, amount: 5, fee: 6, refunds: 7, net: 8 } as const;
/** The CSV's columns, in order (csv.server.ts). */
const CSV_COLUMNS = ["date", "session", "player", "kind", "method", "state", "amount", "gross", "fee", "refunds", "net", "currency", "payment"] as const;

/** RFC 4180 rows (CRLF between them): a quoted cell may hold commas, doubled quotes and line breaks. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  while (i < body.length) {
    const c = body[i]!;
    const next = body[i + 1];
    i += 1;
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && next === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else {
      cell += c;
    }
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** "225.00" → 22500 (MXN has two decimals). */
const decimalCents = (value: string) => {
  expect(value).toMatch(/^\d+\.\d{2}$/);
  return Number(value.replace(".", ""));
};

/** The session form's fields a host fills for a paid MXN session with card and OXXO, 14 days ahead. */
async function fillPaidSession(page: Page, lang: Lang, title: string) {
  const t = (key: string) => text(lang, "sessions", `form.${key}`);
  await page.getByLabel(t("title"), { exact: true }).fill(title);
  await page.getByLabel(t("game"), { exact: true }).selectOption("Pathfinder");
  // Far enough ahead for OXXO's notice and for a player to leave with a refund.
  await page.getByLabel(t("date"), { exact: true }).fill(DateTime.now().setZone("America/Mexico_City").plus({ days: 14 }).toISODate()!);
  await page.getByLabel(t("time"), { exact: true }).fill("19:00");
  await page.getByLabel(t("price"), { exact: true }).fill("250");
  await page.getByLabel(t("currency"), { exact: true }).selectOption("MXN");
  await page.getByLabel(t("oxxo"), { exact: true }).check();
}

/** The form's own submit button (the navbar also links to the create page). */
const createButton = (page: Page, lang: Lang) => page.locator("main form").getByRole("button", { name: text(lang, "sessions", "form.submitCreate") });

/** A line's cell by column. */
const cell = (row: Locator, column: keyof typeof COL) => row.locator("td").nth(COL[column]);

for (const { lang, viewport } of runs)
  test.describe(`payouts and earnings in ${lang} at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`in ${lang}: a new DM onboards, sells a seat by card and one by OXXO, sees the fee, the refund when a player leaves, and a CSV that adds up`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const price = (cents: number) => formatPrice(cents, "MXN", lang);
      const dm = await newUser({ role: "dm", payouts: "none", preferredLanguage: lang });
      const cardPlayer = await newUser({ preferredLanguage: lang, displayName: `Tarjeta ${lang}` });
      const oxxoPlayer = await newUser({ preferredLanguage: lang, displayName: `Efectivo ${lang}` });
      const title = `Cofre ${lang} ${javaScriptEnabled ? "js" : "html"} ${Date.now()}`;

      // Without a payout account the price is refused, with the way to the payouts page beside it.
      await actAs(page, dm);
      await page.goto(`/${lang}/create`);
      await fillPaidSession(page, lang, title);
      await createButton(page, lang).click();
      await expect(page.getByText(text(lang, "validation", "payoutAccountNeeded"))).toBeVisible();
      await page.getByRole("link", { name: text(lang, "sessions", "form.setUpPayouts") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/settings/payouts$`));

      // The terms first, then the country; the offline page plays Stripe's onboarding.
      const payouts = (key: string) => text(lang, "payouts", key);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(payouts("title"));
      await page.getByRole("button", { name: payouts("start") }).click();
      await expect(page.getByText(payouts("errors.termsRequired"))).toBeVisible();
      await page.getByLabel(payouts("terms.accept")).check();
      await page.getByLabel(payouts("countryLabel")).selectOption(payouts("countries.MX"));
      await page.getByRole("button", { name: payouts("start") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dev/connect/[^/?#]+$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(payouts("dev.title"));
      await page.getByRole("button", { name: payouts("dev.complete") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/settings/payouts\\?return=1$`));
      await expect(page.getByText(payouts("dev.done"))).toBeVisible();
      const state = page.getByTestId("payout-state");
      await expect(state).toHaveAttribute("data-state", "active");
      await expect(state.getByRole("heading")).toHaveText(payouts("state.active"));

      // Now the same session publishes.
      await page.goto(`/${lang}/create`);
      await fillPaidSession(page, lang, title);
      await createButton(page, lang).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/[0-9a-f-]{36}$`));
      await expect(page.getByText(text(lang, "sessions", "toasts.created"))).toBeVisible();
      const id = new URL(page.url()).pathname.split("/").pop()!;

      // A player pays by card: a dialog with JavaScript, the hosted card page without.
      const pay = (key: string) => text(lang, "payments", key);
      await actAs(page, cardPlayer);
      await page.goto(`/${lang}/session/${id}/confirm`);
      await page.getByRole("button", { name: pay("card.pay") }).click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole("dialog", { name: pay("card.title") });
        await dialog.getByRole("link", { name: pay("card.continue") }).click();
      }
      await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/(cs|pi)_offline_[0-9a-f]+$`));
      await page.getByRole("button", { name: pay("dev.succeed") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}\\?payment=success$`));
      await expect(page.getByText(pay("voucher.paid"))).toBeVisible();
      await expect(page.getByRole("link", { name: text(lang, "sessions", "booking.leave") })).toBeVisible();

      // Another pays at OXXO: the names (a dialog with JavaScript, a page without), the voucher, the store.
      await actAs(page, oxxoPlayer);
      await page.goto(`/${lang}/session/${id}/confirm`);
      await page.getByRole("link", { name: pay("oxxo.pay") }).click();
      const names = javaScriptEnabled ? page.getByRole("dialog", { name: pay("oxxo.title") }) : page.locator("main");
      if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/oxxo$`));
      await names.getByLabel(pay("oxxo.firstName"), { exact: true }).fill("Rosa");
      await names.getByLabel(pay("oxxo.lastName"), { exact: true }).fill("Pérez");
      await names.getByRole("button", { name: pay("oxxo.confirm") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
      const pdf = await page.getByRole("link", { name: pay("voucher.download") }).getAttribute("href");
      const intent = /\/api\/payments\/offline\/(pi_offline_[0-9a-f]+)\/voucher/.exec(pdf!)![1]!;
      await page.goto(`/${lang}/dev/payments/${intent}`);
      await page.getByRole("button", { name: pay("dev.succeed") }).click();
      await expect(page.getByTestId("offline-status")).toHaveText("succeeded");

      // The DM finds the desk in the account menu: both lines paid, each with the fee, and the totals.
      const earn = (key: string, values: Record<string, string | number> = {}) => text(lang, "earnings", key, values);
      await actAs(page, dm);
      await page.goto(`/${lang}/settings/payouts`);
      await accountMenu(page).click();
      await page.getByRole("link", { name: text(lang, "common", "nav.earnings"), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/earnings$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(earn("title"));
      const lines = page.getByTestId("lines").locator("tbody tr");
      const cardLine = lines.filter({ hasText: cardPlayer.displayName });
      const oxxoLine = lines.filter({ hasText: oxxoPlayer.displayName });
      await expect(lines).toHaveCount(2);
      for (const [line, method] of [
        [cardLine, "card"],
        [oxxoLine, "oxxo"],
      ] as const) {
        await expect(line).toHaveAttribute("data-state", "paid");
        await expect(line.getByRole("link", { name: title })).toBeVisible();
        await expect(cell(line, "method")).toHaveText(earn(`method.${method}`));
        await expect(cell(line, "state")).toHaveText(earn("state.paid"));
        await expect(cell(line, "amount")).toHaveText(price(PRICE));
        await expect(cell(line, "fee")).toHaveText(price(FEE));
        await expect(cell(line, "refunds")).toHaveText(price(0));
        await expect(cell(line, "net")).toHaveText(price(PRICE - FEE));
      }
      const totals = page.getByTestId("totals").locator("tr[data-currency=MXN]");
      await expect(totals.locator("th")).toHaveText(`MXN · ${earn("totals.lines_other", { count: 2 })}`);
      await expect(totals.locator("td")).toHaveText([price(2 * PRICE), price(2 * FEE), price(0), price(2 * (PRICE - FEE))]);
      // Paid just now: pending until two business days have passed, nothing available yet.
      await expect(page.locator("[data-money=pending-MXN]")).toHaveText(price(2 * (PRICE - FEE)));
      await expect(page.locator("[data-money=available-MXN]")).toHaveText(price(0));

      // The card player leaves long before the start: the page promises the refund.
      await actAs(page, cardPlayer);
      await page.goto(`/${lang}/session/${id}`);
      await page.getByRole("link", { name: text(lang, "sessions", "booking.leave") }).click();
      if (javaScriptEnabled) await expect(page.getByRole("dialog")).toBeVisible();
      else await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/leave$`));
      await expect(page.getByText(text(lang, "sessions", "booking.leaveRefund"))).toBeVisible();
      await page.getByRole("button", { name: text(lang, "sessions", "booking.leaveConfirm") }).click();
      await expect(page.getByText(text(lang, "sessions", "toasts.bookingLeft"))).toBeVisible();

      // The desk shows the reversal: that line refunded and worth nothing, the totals without it.
      await actAs(page, dm);
      await page.goto(`/${lang}/earnings`);
      await expect(cardLine).toHaveAttribute("data-state", "refunded");
      await expect(cell(cardLine, "state")).toHaveText(earn("state.refunded"));
      // Leaving refunds the whole charge, and a whole refund gives the whole fee back (decision record 085).
      await expect(cell(cardLine, "amount")).toHaveText(price(PRICE));
      await expect(cell(cardLine, "fee")).toHaveText(price(0));
      await expect(cell(cardLine, "refunds")).toHaveText(price(PRICE));
      await expect(cell(cardLine, "net")).toHaveText(price(0));
      await expect(oxxoLine).toHaveAttribute("data-state", "paid");
      await expect(cell(oxxoLine, "fee")).toHaveText(price(FEE));
      await expect(cell(oxxoLine, "net")).toHaveText(price(PRICE - FEE));
      await expect(totals.locator("th")).toHaveText(`MXN · ${earn("totals.lines_other", { count: 2 })}`);
      await expect(totals.locator("td")).toHaveText([price(2 * PRICE), price(FEE), price(PRICE), price(PRICE - FEE)]);
      await expect(page.locator("[data-money=pending-MXN]")).toHaveText(price(PRICE - FEE));
      const netTotal = totals.locator("td").nth(3);

      // The CSV of these lines: one header row in the DM's language, the same lines, the same net.
      const ids = await lines.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-line")));
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: earn("csv.download") }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^mesa-earnings-\d{4}-\d{2}\.csv$/);
      const [header, ...rows] = parseCsv(await fs.readFile(await download.path(), "utf8"));
      expect(header).toEqual(CSV_COLUMNS.map((c) => earn(`csv.${c}`)));
      const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
      expect(rows.map((r) => r[column("payment")])).toEqual(ids);
      const byPlayer = (name: string) => rows.find((r) => r[column("player")] === name)!;
      expect(byPlayer(cardPlayer.displayName)).toEqual(expect.arrayContaining([title, earn("method.card"), earn("state.refunded"), "250.00", "0.00", "MXN"]));
      expect(byPlayer(cardPlayer.displayName)[column("net")]).toBe("0.00");
      expect(byPlayer(oxxoPlayer.displayName)[column("state")]).toBe(earn("state.paid"));
      expect(byPlayer(oxxoPlayer.displayName)[column("fee")]).toBe("25.00");
      expect(byPlayer(oxxoPlayer.displayName)[column("net")]).toBe("225.00");
      const csvNet = rows.reduce((sum, r) => sum + decimalCents(r[column("net")]!), 0);
      await expect(netTotal).toHaveText(price(csvNet));
      expect(page.url(), "the download leaves the desk in place").toMatch(new RegExp(`/${lang}/earnings$`));

      // The session's name narrows the desk to its lines; the filter says so and takes itself away.
      await cardLine.getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/earnings\\?session=${id}$`));
      await expect(page.getByTestId("session-filter")).toContainText(earn("filters.onlySession", { title }));
      await expect(lines).toHaveCount(2);
      await page.getByRole("link", { name: earn("filters.removeSession") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/earnings$`));
    });
  });
