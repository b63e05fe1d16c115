import { expect, newUser, ready, signInAs, test } from "./fixtures";

test("a player makes a calendar address, a calendar app reads it, and turning it off stops it", async ({ page, javaScriptEnabled, request }) => {
  await signInAs(page, await newUser());
  await page.goto("/es/settings/calendar");
  await ready(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Calendario en tu teléfono" })).toBeVisible();
  await page.getByRole("button", { name: "Crear dirección" }).click();
  const address = page.getByLabel("Dirección del calendario");
  await expect(address).toBeVisible();
  const url = await address.inputValue();
  // The address uses the host name this browser reached the site on.
  expect(new URL(url).host).toBe(new URL(page.url()).host);
  expect(await page.getByRole("link", { name: "Añadir al calendario de este dispositivo" }).getAttribute("href")).toMatch(/^webcal:\/\//);

  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");

  await page.goto("/es/settings/calendar");
  await expect(page.getByText("Tu calendario está activo.")).toBeVisible();
  await page.getByRole("button", { name: "Desactivar" }).click();
  await expect(page.getByText("Calendario desactivado: la dirección anterior ya no funciona.")).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
