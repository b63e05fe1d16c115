import type { Page } from "@playwright/test";
import { expect, hostSession, newUser, signInAs, test } from "./fixtures";

/** Whatever fetches ahead of a click: none of it may be in a page that saves data. */
const aheadLinks = (page: Page) => page.locator("link[rel='prefetch'], link[rel='preload'], link[rel='modulepreload'], link[rel='prerender']");

test("a search asked with Save-Data: on gets the game's initial instead of card images @no-js-only", async ({ page, browser }) => {
  const host = await newUser({ role: "dm" });
  await signInAs(page, host);
  const title = `Ahorro ${Date.now()}`;
  // Our own upload's address (its shape is what the cards check); the file itself is not needed here.
  await hostSession(page, { title, imageUrl: `/uploads/${host.id}/session/1800000000000/1800000000000-tapa.png` });
  const search = `/es/sessions?searchTerm=${encodeURIComponent(title.toLowerCase())}`;
  const cardOf = (p: Page) => p.getByRole("listitem").filter({ has: p.getByRole("link", { name: title }) });

  const plain = await page.goto(search);
  expect(plain?.headers().vary).toMatch(/Save-Data/i);
  await expect(cardOf(page).locator("img")).toHaveAttribute("srcset", /\.w400\.webp 400w, .+\.w800\.webp 800w$/);

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false, extraHTTPHeaders: { "Save-Data": "on" } });
  const saving = await context.newPage();
  await signInAs(saving, host);
  await saving.goto(search);
  const card = cardOf(saving);
  await expect(card.locator("[data-placeholder]")).toHaveText("D");
  await expect(card.locator("img")).toHaveCount(0);
  await expect(saving.locator("main img")).toHaveCount(0);
  await expect(aheadLinks(saving)).toHaveCount(0);
  await expect(saving.getByText("Ahorro de datos activado.")).toBeVisible();
  await context.close();
});

test("with data saving on for the account, the live layer connects only once the bell is opened @js-only", async ({ page }) => {
  await signInAs(page, await newUser());
  const streams: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/notifications/stream") streams.push(request.url());
  });

  await page.goto("/es/settings/data");
  await expect(page.locator("html[data-live='open']")).toHaveCount(1);
  await page.getByRole("button", { name: "Activar en mi cuenta" }).click();
  await expect(page.getByTestId("save-data-status")).toContainText("Está activado en tu cuenta.");

  streams.length = 0;
  await page.goto("/es/notifications");
  await expect(page.locator("html[data-live='idle']")).toHaveCount(1);
  expect(streams).toEqual([]);
  await expect(aheadLinks(page)).toHaveCount(0);

  await page.locator("[data-live='bell-link']").click();
  await expect(page.locator("#live-panel")).toBeVisible();
  await expect(page.locator("html[data-live='open']")).toHaveCount(1);
  expect(streams).toHaveLength(1);
});
