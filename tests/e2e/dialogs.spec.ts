import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { bookSeat, demo, expect, hostSession, newUser, signIn, signInAs, test } from "./fixtures";

/** A session of a new host with two booked players, opened by its host (demo sessions stay as seeded). */
async function openOwnSession(page: Page) {
  await signInAs(page, await newUser({ role: "dm" }));
  const title = `Mesa con jugadores ${Date.now()}`;
  const id = await hostSession(page, { title });
  for (const displayName of ["Jugadora Uno", "Jugador Dos"]) await bookSeat(id, (await newUser({ displayName })).id);
  await page.goto(`/es/session/${id}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

test("the host removes a player from the manage dialog after confirming", async ({ page, browser, javaScriptEnabled }) => {
  await openOwnSession(page);
  const pageLinks = page.getByRole("link", { name: /^Quitar a / });
  const before = 2;
  await expect(pageLinks).toHaveCount(before);
  if (!javaScriptEnabled) {
    // Without JavaScript there is no dialog: the list links to the confirmation page.
    await expect(page.getByRole("button", { name: "Gestionar jugadores" })).toHaveCount(0);
    await expect(pageLinks.first()).toHaveAttribute("href", /\/es\/session\/[^/]+\/remove\?list=bookings&userId=/);
    return;
  }

  const manageButton = page.getByRole("button", { name: "Gestionar jugadores" });
  await manageButton.click();
  const manage = page.getByRole("dialog", { name: "Jugadores y lista de espera" });
  await expect(manage).toBeVisible();
  await expect(manage.getByRole("heading", { name: "Participantes" })).toBeVisible();
  await expect(manage.getByRole("heading", { name: "Lista de espera", exact: true })).toBeVisible();
  const removeButtons = manage.getByRole("button", { name: /^Quitar a / });
  await expect(removeButtons).toHaveCount(before);
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the manage dialog");

  // Escape closes only the confirmation; Cancel too.
  const first = removeButtons.first();
  const name = ((await first.getAttribute("aria-label")) ?? "").replace(/^Quitar a /, "");
  await first.click();
  const confirm = page.getByRole("dialog", { name: `¿Quitar a ${name} de la partida?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(manage).toBeVisible();
  await expect(first).toBeFocused();

  await first.click();
  await expect(confirm.getByText("Se le avisará y su lugar quedará libre.")).toBeVisible();
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the confirmation dialog");
  await confirm.getByRole("button", { name: "Sí, quitar" }).click();
  await expect(confirm).toBeHidden();
  await expect(manage.getByRole("status")).toHaveText("Participante quitado.");
  await expect(manage.getByRole("button", { name: `Quitar a ${name}` })).toHaveCount(0);
  await expect(removeButtons).toHaveCount(before - 1);

  await page.keyboard.press("Escape");
  await expect(manage).toBeHidden();
  await expect(manageButton).toBeFocused();
  // The page's own list and the toast show the same result.
  await expect(pageLinks).toHaveCount(before - 1);
  await expect(page.getByRole("status").filter({ hasText: "Participante quitado." })).toBeVisible();
  await page.reload();
  await expect(pageLinks).toHaveCount(before - 1);
});

test("a day with sessions opens a dialog with JavaScript and the day page without it", async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page, demo.player, "es");
  await page.goto("/es/calendar");
  // The calendar lists what the player booked (demo bookings in the next days); take the first busy day.
  const cell = page
    .locator("td")
    .filter({ has: page.locator("li") })
    .first();
  const titles = (await cell.locator("li a").allInnerTexts()).map((text) => text.replace(/^\d\d:\d\d /, ""));
  expect(titles.length).toBeGreaterThan(0);
  const dayLink = cell.getByRole("link").first();
  const dayHref = (await dayLink.getAttribute("href")) ?? "";
  await dayLink.click();

  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(new RegExp(`${dayHref.replace(/[?]/g, "\\?")}$`));
    await expect(page.getByRole("heading", { name: /^Partidas del / })).toBeVisible();
    for (const title of titles) await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    return;
  }

  const dialog = page.getByRole("dialog", { name: /^Partidas del / });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/es\/calendar$/);
  // The zone by its name in the page's language, never its id (America/Mexico_City).
  await expect(dialog.getByText(/^Horas en tu zona horaria: [^/_]+$/)).toBeVisible();
  for (const title of titles) await expect(dialog.getByRole("link", { name: title }).first()).toBeVisible();
  await expect(dialog.getByText(/^\d\d:\d\d · (Campaña|Partida suelta)$/).first()).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Ver el día completo" })).toHaveAttribute("href", dayHref);
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the calendar day dialog");

  // Tabbing never reaches the page behind (a modal <dialog> makes it inert; past the dialog's last
  // link the browser's own controls take focus, then the dialog again); Escape closes and gives focus back to the day.
  for (let i = 0; i < titles.length + 3; i += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(dayLink).toBeFocused();

  await dayLink.click();
  await dialog.getByRole("link", { name: titles[0] }).first().click();
  await expect(page).toHaveURL(/\/es\/session\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test.describe("on a 375 px screen", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the filter panel opens as a bottom sheet that scrolls, filters and closes", async ({ page, browser, javaScriptEnabled }) => {
    await signIn(page, demo.player, "es");
    await page.goto("/es/sessions");
    const panel = page.locator("details").filter({ has: page.locator("summary", { hasText: "Filtros" }) });
    const summary = panel.locator("summary");
    await expect(panel).not.toHaveAttribute("open");
    await summary.click();
    await expect(panel).toHaveAttribute("open", "");

    const box = await panel.evaluate((node) => {
      const rect = node.getBoundingClientRect();
      return {
        position: getComputedStyle(node).position,
        top: rect.top,
        bottom: rect.bottom,
        height: rect.height,
        viewport: window.innerHeight,
        scrolls: node.scrollHeight > node.clientHeight,
      };
    });
    expect(box.position).toBe("fixed");
    expect(Math.abs(box.bottom - box.viewport)).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(box.viewport * 0.85 + 1);
    expect(box.scrolls).toBe(true);
    await expect(summary.getByText("Cerrar")).toBeVisible();
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the open filter sheet");

    // The apply button sits below the fold of the sheet; scrolling inside reaches it while the close control stays.
    const apply = panel.getByRole("button", { name: "Aplicar filtros" });
    await expect(apply).not.toBeInViewport();
    await panel.evaluate((node) => node.scrollTo(0, node.scrollHeight));
    await expect(apply).toBeInViewport();
    await expect(summary).toBeInViewport();

    await summary.click();
    await expect(panel).not.toHaveAttribute("open");
    expect(await panel.evaluate((node) => getComputedStyle(node).position)).toBe("static");

    await summary.click();
    await panel.getByLabel("Género").selectOption("Horror");
    await apply.click();
    await expect(page).toHaveURL(/genre=Horror/);
    await expect(page.getByRole("link", { name: "Horror en Oaxaca" })).toBeVisible();
  });
});

test("wider than 767 px the open filter panel stays in the page", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, demo.player, "es");
  await page.goto("/es/sessions");
  const panel = page.locator("details").filter({ has: page.locator("summary", { hasText: "Filtros" }) });
  await panel.locator("summary").click();
  await expect(panel).toHaveAttribute("open", "");
  expect(await panel.evaluate((node) => getComputedStyle(node).position)).toBe("static");
  await expect(panel.locator("summary").getByText("Cerrar")).toBeHidden();
});

test("a DM's public profile shows their upcoming public games and the reviews tab, to anyone", async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page, demo.player, "es");
  await page.goto("/es/sessions?searchTerm=cripta");
  await page.getByRole("link", { name: "La Cripta del Rey Dragón" }).click();
  // The host card's rating link: Ana is rated 4.7 from the demo's three reviews.
  await page.getByRole("complementary").getByRole("link", { name: "4,7 · 3 reseñas" }).click();
  await expect(page).toHaveURL(/\/es\/profile\/[0-9a-f-]{36}\?tab=reviews$/);
  const profilePath = new URL(page.url()).pathname;

  // Signed out, in each language.
  await page.context().clearCookies();
  await page.goto(`${profilePath}?tab=reviews`);
  await expect(page.getByRole("heading", { name: "Ana la Narradora", level: 1 })).toBeVisible();
  await expect(page.getByText("Narrador", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Miembro desde /)).toBeVisible();
  // The zone by its name in the page's language, never its id (America/Mexico_City).
  await expect(page.getByText("hora estándar central", { exact: true })).toBeVisible();
  await expect(page.getByText("America/Mexico_City")).toHaveCount(0);
  await expect(page.getByText("Dirijo D&D 5e y La Llamada de Cthulhu desde 2012.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reseñas", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Reseñas", level: 2 })).toBeVisible();
  // Newest first, with Ana's one answer.
  await expect(page.locator("main").getByText("Muy buena partida. El combate final se alargó un poco.")).toBeVisible();
  await expect(page.locator("main").getByText("¡Gracias, Mateo! Para la próxima preparo un final más ágil.")).toBeVisible();
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the profile's reviews tab");

  await page.getByRole("link", { name: /^Partidas \(\d+\)$/ }).click();
  await expect(page.getByRole("heading", { name: "Próximas partidas y campañas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Horror en Oaxaca" })).toBeVisible();
  await expect(page.getByRole("link", { name: "La Cripta del Rey Dragón" })).toBeVisible();
  // Past sessions and other DMs' sessions are not listed.
  await expect(page.getByRole("link", { name: "Crónicas de la Ciudad Vampira" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Night City Blues" })).toHaveCount(0);
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the profile's games tab");

  await page.goto(profilePath.replace("/es/", "/en/"));
  await expect(page.getByText("Game master", { exact: true })).toBeVisible();
  await expect(page.getByText("Central Standard Time", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upcoming games and campaigns" })).toBeVisible();
  await page.goto(`${profilePath.replace("/es/", "/pt/")}?tab=reviews`);
  await expect(page.getByRole("heading", { name: "Avaliações", level: 2 })).toBeVisible();

  for (const missing of ["/es/profile/00000000-0000-4000-8000-000000000000", "/es/profile/nope"]) {
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  }
});
