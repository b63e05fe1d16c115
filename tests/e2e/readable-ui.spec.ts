import { demo, expect, signIn, test } from "./fixtures";

test("active-filter badges name the filter and show its value in words", async ({ page }) => {
  await signIn(page, demo.player, "es");
  await page.goto("/es/sessions?freeOnly=true&dateFrom=2027-12-31&minSpots=4&genre=Horror&tags=one-shot");
  const badges = page.getByRole("link", { name: /^Quitar filtro:/ });
  await expect(badges).toHaveText(
    ["Género: Terror", "Desde el 31 dic 2027", "Etiqueta: Partida única", "Mín. 4 lugares libres", "Solo gratis"].map((text) => `${text} ×`),
  );
  await expect(page.getByRole("link", { name: "Quitar filtro: Solo gratis" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("true");
  await page.getByRole("link", { name: "Quitar filtro: Desde el 31 dic 2027" }).click();
  await expect(page).not.toHaveURL(/dateFrom/);
  await expect(page.getByRole("link", { name: /^Quitar filtro:/ })).toHaveCount(4);

  await page.goto("/en/sessions?freeOnly=true&minSpots=4&priceMin=10000&priceMax=25000&currency=MXN");
  await expect(page.getByRole("link", { name: /^Remove filter:/ })).toHaveText([
    "Min. 4 spots ×",
    "Free only ×",
    "Price: $100.00 – $250.00 ×",
    "Currency: MXN ×",
  ]);
});

test("the ticked 'group campaigns' box, the default, shows no badge", async ({ page }) => {
  await signIn(page, demo.player, "es");
  await page.goto("/es/sessions");
  await page.locator("summary").filter({ hasText: "Filtros" }).click();
  await expect(page.getByLabel("Agrupar campañas")).toBeChecked();
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).not.toHaveURL(/groupBySeries/);
  await expect(page.getByRole("link", { name: /^Quitar filtro/ })).toHaveCount(0);

  // Unticked, grouping is off: one badge that says so.
  await page.locator("summary").filter({ hasText: "Filtros" }).click();
  await page.getByLabel("Agrupar campañas").uncheck();
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/groupBySeries=false/);
  await expect(page.getByRole("link", { name: /^Quitar filtro/ })).toHaveText(["Campañas sin agrupar ×"]);
});

test("the calendar names the time zone in the page's language and counts the shown month in words", async ({ page }) => {
  await signIn(page, demo.player, "es");
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/es/calendar?day=${today}`);
  const zone = page.getByText(/^Horas en tu zona horaria:/);
  await expect(zone).toBeVisible();
  await expect(zone).not.toContainText("America");
  await expect(zone).not.toContainText("_");

  await page.goto("/es/calendar");
  const summary = page.getByText(/^Este mes: \d+ (sesión|sesiones) de campaña y \d+ (partida suelta|partidas sueltas)$/);
  await expect(summary).toBeVisible();
  await expect(page.locator("main")).not.toContainText("de campañas y");
});

test("the header's and the footer's language menus are distinct landmarks", async ({ page }) => {
  await page.goto("/es");
  await expect(page.getByRole("navigation", { name: "Idioma", exact: true })).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Idioma (pie de página)", exact: true })).toHaveCount(1);
});
