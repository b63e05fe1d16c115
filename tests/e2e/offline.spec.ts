import type { Page } from "@playwright/test";
import { getDb } from "../../db/client.server";
import { expectNoAxeViolations } from "./axe";
import { actAs, bookSeat, expect, hostPaidSession, hostSession, newUser, signOut, test } from "./fixtures";
import { LANGS, text } from "./locale-text";

// Tickets and vouchers offline (decision record 094): after one visit online, a player's open OXXO
// voucher and next ticket open with the network cut, marked as copies saved at a time; any other
// page is the offline page in its address's language; a ban or signing out takes them away.
// Service workers need JavaScript, and every other spec blocks them (playwright.config.ts).
test.use({ serviceWorkers: "allow", viewport: { width: 360, height: 740 } });

const KEPT = "mesa-kept-v1";
const isKept = (page: Page, path: string) => page.evaluate(async ([cacheName, key]) => Boolean(await caches.match(key!, { cacheName })), [KEPT, path] as const);

/**
 * Waits until the page's after-paint script has added its stylesheet and icon and the service
 * worker it registers is active: cutting the network before that fails those requests, which a
 * player offline a moment after loading a page would not notice but this test's browser reports.
 */
async function settled(page: Page) {
  await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
  await page.evaluate(async () => {
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    const loaded = (link: HTMLLinkElement) =>
      link.sheet ? undefined : new Promise((done) => ["load", "error"].forEach((event) => link.addEventListener(event, done)));
    await Promise.all(sheets.map(loaded));
    await navigator.serviceWorker.ready;
  });
}

/** Without network a page either comes from the worker or fails to load at all (no worker any more): both are fine here. */
async function gotoOffline(page: Page, path: string) {
  await page.goto(path).catch((error: Error) => expect(error.message).toMatch(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/));
}

test("a player's voucher and next ticket open offline, other pages say so, and a ban or signing out takes them away @js-only", async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const t = (ns: string, key: string, values?: Record<string, string | number>) => text("es", ns, key, values);
  const host = await newUser({ role: "dm", displayName: "Marta Offline" });
  const player = await newUser({ preferredLanguage: "es", timeZone: "America/Mexico_City" });
  const paid = await hostPaidSession(page, host);
  const next = await hostSession(page, {
    title: `Mesa mañana ${Date.now()}`,
    date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    location: "Café Dados, Roma Norte",
  });
  await bookSeat(next, player.id);

  await actAs(page, player);
  await page.goto(`/es/session/${paid}/oxxo`);
  await page.getByLabel(t("payments", "oxxo.firstName"), { exact: true }).fill("Ana");
  await page.getByLabel(t("payments", "oxxo.lastName"), { exact: true }).fill("Robles");
  await page.getByRole("button", { name: t("payments", "oxxo.confirm") }).click();
  await expect(page).toHaveURL(/\/es\/booking\/[0-9a-f-]{36}\/voucher$/);
  const voucher = new URL(page.url()).pathname;
  const reference = await page.locator("#voucher-ref").inputValue();
  // Online, the page is the live one: its "saved at" note is hidden.
  await expect(page.locator("[data-kept-copy]")).toBeHidden();

  // The worker installs on this first visit and keeps the kit: the tickets, the voucher, the booked games.
  await expect.poll(async () => (await isKept(page, voucher)) && (await isKept(page, "/es/tickets")), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto(voucher);
  await expect(page.locator("#voucher-ref")).toHaveValue(reference);
  await expect(page.getByRole("img", { name: t("offline", "voucher.barcode") })).toBeVisible();
  const note = page.locator("[data-kept-copy]");
  await expect(note).toBeVisible();
  await expect(note).toContainText(/\d{1,2}:\d{2}/);
  await expect(note).toContainText(t("offline", "kept.paymentAsOf", { time: "" }).split("{{time}}")[0]!.trim().slice(0, 20));

  await page.goto("/es/tickets");
  const ticket = page.getByRole("listitem").filter({ hasText: "Café Dados, Roma Norte" });
  await expect(ticket).toContainText(t("offline", "tickets.seats.confirmed"));
  await expect(ticket).toContainText("Marta Offline");
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: t("offline", "tickets.openVoucher") }) })).toHaveCount(1);
  await expect(page.locator("[data-kept-copy]")).toBeVisible();

  // Anywhere else: the offline page, in the address's language, which passes axe in each.
  for (const lang of LANGS) {
    await page.goto(`/${lang}/sessions`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(lang, "offline", "page.title"));
    await expect(page.getByRole("link", { name: text(lang, "offline", "page.ticketsLink") })).toHaveAttribute("href", "/es/tickets");
    await expectNoAxeViolations(page, browser, true, `the offline page in ${lang}`);
  }

  // Back online: once a page says the player is no longer signed in here (banned, or a password
  // changed on another device ended this session), the worker drops what it kept for them.
  await context.setOffline(false);
  const ban = (at: Date | null) => getDb().updateTable("users").set({ banned_at: at }).where("id", "=", player.id).execute();
  await ban(new Date());
  await page.goto("/es/sessions");
  await expect.poll(() => isKept(page, voucher)).toBe(false);
  await ban(null);
  await page.goto("/es/tickets");
  await expect.poll(() => isKept(page, voucher), { timeout: 15_000 }).toBe(true);

  // Signing out on this device clears what it kept: offline, the voucher is gone.
  await signOut(page, t("common", "nav.logout"));
  await expect(page).toHaveURL(/\/es$/);
  await expect.poll(() => isKept(page, voucher)).toBe(false);
  await settled(page);
  await context.setOffline(true);
  await gotoOffline(page, voucher);
  await expect(page.locator("#voucher-ref")).toHaveCount(0);
  expect(await isKept(page, voucher).catch(() => false)).toBe(false);
  await context.setOffline(false);
});
