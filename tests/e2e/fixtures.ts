import { expect, type Page } from "@playwright/test";

export const demo = {
  player: { email: "lucia@mesa.test", password: "Jugadora-2026!" },
  dm: { email: "ana.dm@mesa.test", password: "Dragones-2026!" },
};

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@e2e.test`;

/** Signs in through the real form (works with and without JavaScript). */
export async function signIn(page: Page, who: { email: string; password: string }, lang = "es", redirect?: string) {
  await page.goto(`/${lang}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  await page.waitForLoadState("load");
  await page.locator("input[name=email]").fill(who.email);
  await page.locator("input[name=password]").fill(who.password);
  await page.locator("form#login button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await expect(page.locator("form[action$='/logout']")).toHaveCount(1);
}

/** With JavaScript on, waits until React has hydrated so event handlers are attached. */
export async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
