import type { Page } from "@playwright/test";
import { accountMenu, demo, expect, signIn, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

const pages = [
  "/es",
  "/es/sessions",
  "/es/sessions?page=2",
  "/es/calendar",
  "/es/create",
  "/es/series/new",
  "/es/notifications",
  "/es/settings/profile",
  "/en/sessions",
  "/pt/calendar",
];

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("at 360 px no main page is wider than the screen, and the header stays one row", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  for (const path of pages) {
    await page.goto(path);
    expect(await pageWidth(page), path).toBeLessThanOrEqual(360);
    // One row: logo, links, language, bell and avatar share one line (44 px controls plus padding).
    const header = await page.locator("header").first().boundingBox();
    expect(header!.height, path).toBeLessThanOrEqual(61);
  }
});

test("at 360 px the pagination shows 5 page buttons and fits the screen", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  await page.goto("/es/sessions?includePast=true&groupBySeries=false");
  const nav = page.getByRole("navigation", { name: "Paginación" });
  await expect(nav).toBeVisible();
  const visibleButtons = nav.locator("a[aria-label^='Página'], a[aria-current=page]").filter({ visible: true });
  expect(await visibleButtons.count()).toBeLessThanOrEqual(5);
  expect(await visibleButtons.count()).toBeGreaterThan(1);
  const box = await nav.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

test("at 360 px the account menu opens inside the screen", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  await page.goto("/es/sessions");
  await accountMenu(page).click();
  const items = page.locator("header details[open] a, header details[open] button");
  expect(await items.count()).toBeGreaterThan(3);
  for (const item of await items.all()) {
    const box = await item.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});

test("the interface's own icons are SVG, not emoji that may render as empty boxes", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  await page.goto("/es/sessions");
  const header = page.locator("header").first();
  await expect(header.locator("svg").first()).toBeVisible();
  expect(await header.innerText()).not.toMatch(/[\u{1F300}-\u{1FAFF}]/u);
  // Each icon-only control still has its name.
  await expect(header.getByRole("link", { name: "Notificaciones" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Crear partida" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Mesa" })).toBeVisible();
});

test("the home page's feature icons are SVG as well", async ({ page }) => {
  await page.goto("/es");
  const features = page.locator("main li");
  await expect(features).toHaveCount(6);
  for (const feature of await features.all()) await expect(feature.locator("svg[aria-hidden=true]")).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
});

test("on /create at 360 px the tag chips wrap several to a row", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  await page.goto("/es/create");
  const chips = page.locator("fieldset label:has(input[name=tags])");
  expect(await chips.count()).toBeGreaterThan(30);
  const tops = new Set<number>();
  for (const chip of await chips.all()) tops.add(Math.round((await chip.boundingBox())!.y));
  // Before, nearly every chip took a row of its own (30 rows for 34 chips); now most rows hold two or more.
  expect(tops.size).toBeLessThanOrEqual(Math.ceil((await chips.count()) * 0.65));
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});
