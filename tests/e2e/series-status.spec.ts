import { expectNoAxeViolations } from "./axe";
import { expect, newUser, ready, signInAs, test } from "./fixtures";
import { hostWeeklySeries, seriesZone as zone } from "./series-api";

test.use({ viewport: { width: 360, height: 740 } });

test("on a phone, the host pauses, resumes and then cancels a series; a player sees the banners", async ({ page, browser, javaScriptEnabled }) => {
  const host = await newUser({ role: "dm", timeZone: zone });
  await signInAs(page, host);
  const title = `Campaña en pausa ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  const id = await hostWeeklySeries(page, title, { timeOfDay: javaScriptEnabled ? "09:00" : "11:00" });
  // A subscriber, so the host's subscriber table (a column per upcoming session) is on the page.
  const subscriberContext = await browser.newContext();
  const subscriber = await subscriberContext.newPage();
  await signInAs(subscriber, await newUser({ timeZone: zone }));
  const subscribed = await subscriber.request.post(`${process.env.E2E_BASE_URL}/api/series/${id}/subscribe`, { data: { paymentMethod: "free" } });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  await subscriberContext.close();

  await page.goto(`/es/series/${id}`);
  await ready(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByTestId("series-status")).toHaveText("Activa");

  await page.getByRole("button", { name: "Pausar campaña" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La campaña está en pausa." })).toBeVisible();
  await expect(page.getByTestId("series-status")).toHaveText("En pausa");
  await expect(page.getByText(/Esta campaña está en pausa/)).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the paused series page");

  // A player sees the banner and no host controls.
  const player = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 740 } });
  const playerPage = await player.newPage();
  await playerPage.goto(`${process.env.E2E_BASE_URL}/es/series/${id}`);
  await expect(playerPage.getByText(/Esta campaña está en pausa/)).toBeVisible();
  await expect(playerPage.getByRole("button", { name: "Reanudar campaña" })).toHaveCount(0);

  await page.getByRole("button", { name: "Reanudar campaña" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La campaña está activa de nuevo." })).toBeVisible();
  await expect(page.getByTestId("series-status")).toHaveText("Activa");
  await expect(page.getByText(/Esta campaña está en pausa/)).toHaveCount(0);

  // Cancelling asks first: a dialog with JavaScript, the confirmation page without it.
  await page.getByRole("link", { name: "Cancelar campaña" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: `¿Cancelar ${title}?` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the cancel series dialog");
    await dialog.getByRole("button", { name: "Sí, cancelar la campaña" }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`/es/series/${id}/cancel$`));
    await expect(page.getByRole("heading", { name: `¿Cancelar ${title}?` })).toBeVisible();
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the cancel series page");
    await page.getByRole("button", { name: "Sí, cancelar la campaña" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/es/series/${id}$`));
  await expect(page.getByRole("status").filter({ hasText: "La campaña fue cancelada y avisamos a todos." })).toBeVisible();
  await expect(page.getByTestId("series-status")).toHaveText("Cancelada");
  await expect(page.getByRole("button", { name: "Reanudar campaña" })).toHaveCount(0);
  await playerPage.reload();
  await expect(playerPage.getByText("Esta campaña fue cancelada. Sus sesiones restantes no se llevarán a cabo.")).toBeVisible();
  await player.close();
});
