import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { demo, expect, newUser, shareOfPages, signIn, test } from "./fixtures";

async function expectNoViolations(page: Page, browser: Browser, javaScriptEnabled: boolean, path: string) {
  if (path !== "") await page.goto(path);
  // Soft, so one run lists every page with a problem.
  expect.soft(await axeViolations(page, browser, javaScriptEnabled), `axe on ${page.url()}`).toEqual([]);
}

// Each test walks a dozen or more pages through axe (without JavaScript, the server's HTML in a second page too).
test.describe.configure({ timeout: 180_000 });

// Each page of a list is analysed in one of the two modes (shareOfPages); the forms with their
// errors, the open menu and a mail are analysed in both.
test("public pages have no axe violations", async ({ page, browser, javaScriptEnabled }) => {
  for (const path of shareOfPages(
    [
      "/es",
      "/es/login",
      "/es/signup",
      "/es/auth/verify-email",
      "/es/auth/verify-email?token=nope",
      "/es/forgot-password",
      "/es/reset-password?token=nope",
      "/es/no-existe",
      "/fr/x",
      "/es/dev/mailbox",
      "/en/login",
      "/pt/signup",
    ],
    javaScriptEnabled,
  )) {
    await expectNoViolations(page, browser, javaScriptEnabled, path);
  }
});

test("forms showing their errors have no axe violations", async ({ page, browser, javaScriptEnabled }) => {
  await page.goto("/es/signup");
  await page.getByLabel("Contraseña").fill("corta");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, browser, javaScriptEnabled, "");

  // A wrong password for an account of its own: failed sign-ins count against the account.
  await page.goto("/es/login");
  await page.getByLabel("Correo electrónico").fill((await newUser()).email);
  await page.getByLabel("Contraseña").fill("no es mi contraseña");
  await page.getByRole("button", { name: "Iniciar sesión" }).last().click();
  await expect(page.locator("form#login").getByRole("alert")).toBeVisible();
  await expectNoViolations(page, browser, javaScriptEnabled, "");
});

test("a player's pages and the guard screen have no axe violations", async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page, demo.player, "es");
  for (const path of shareOfPages(
    [
      "/es/settings/profile",
      "/es/settings/hosting",
      "/es/settings/password",
      "/es/settings/sessions",
      "/es/settings/calendar",
      "/es/settings/data",
      "/es/auth/verify-email?sent=1",
    ],
    javaScriptEnabled,
  )) {
    await expectNoViolations(page, browser, javaScriptEnabled, path);
  }
  await expect(page.getByRole("heading", { name: "Acceso denegado" })).toHaveCount(0);
  await page.goto("/es/settings/hosting");
  await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
  // With the avatar menu open, its links and sign-out button are checked too.
  await page.locator("header details:has(form[action$='/logout']) > summary").click();
  await expectNoViolations(page, browser, javaScriptEnabled, "");
});

test("a DM's pages and the mailbox have no axe violations", async ({ page, browser, javaScriptEnabled }) => {
  await signIn(page, demo.dm, "es");
  for (const path of shareOfPages(
    [
      "/es/settings/profile",
      "/es/settings/hosting",
      "/es/settings/password",
      "/es/settings/sessions",
      "/es/notifications",
      "/es/sessions",
      "/es/create",
      "/es/calendar",
      "/es/calendar?view=week",
      "/es/series/new",
    ],
    javaScriptEnabled,
  )) {
    await expectNoViolations(page, browser, javaScriptEnabled, path);
  }
  await page.goto("/es/sessions?searchTerm=cripta");
  const cripta = (await page.getByRole("link", { name: "La Cripta del Rey Dragón" }).getAttribute("href"))!;
  for (const path of shareOfPages([cripta, `${cripta}/edit`], javaScriptEnabled)) await expectNoViolations(page, browser, javaScriptEnabled, path);
  // The demo weekly series: its page (with the host's tools) and its edit form.
  await page.goto("/es/sessions?searchTerm=costa+de+la+espada");
  const series = (await page.getByRole("link", { name: "La Costa de la Espada" }).first().getAttribute("href"))!;
  expect(series).toMatch(/\/es\/series\/[0-9a-f-]{36}$/);
  for (const path of shareOfPages([`${series}/edit`, series], javaScriptEnabled)) await expectNoViolations(page, browser, javaScriptEnabled, path);
  await page.goto(cripta);
  // The host's public profile (its path holds an id), both tabs.
  // The host card's rating link ("4,7 · 3 reseñas" for the demo host) leads to their reviews.
  const profile = (await page
    .getByRole("link", { name: /reseñas/ })
    .first()
    .getAttribute("href"))!.replace(/\?.*$/, "");
  for (const path of shareOfPages([profile, `${profile}?tab=reviews`], javaScriptEnabled)) await expectNoViolations(page, browser, javaScriptEnabled, path);

  // Ask for a reset link so the mailbox surely has a message to open (for an account of its own:
  // a reset link for a demo account would outlive the test).
  await page.context().clearCookies();
  await page.goto("/es/forgot-password");
  await page.getByLabel("Correo electrónico").fill((await newUser()).email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  // The reset mail leaves after the answer (the answer is the same whether or not the address has an
  // account), so on a busy machine the mailbox may not hold it yet: look again until it does.
  const resetMail = page.getByRole("link", { name: /Restablece tu contraseña/ }).first();
  await expect(async () => {
    await page.goto("/es/dev/mailbox");
    await expect(resetMail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await resetMail.click();
  await expect(page).toHaveURL(/\/es\/dev\/mailbox\/[^/]+$/);
  await expectNoViolations(page, browser, javaScriptEnabled, "");
});
