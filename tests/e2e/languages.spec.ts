import { expect, test } from "@playwright/test";
import { demo, ready, signIn } from "./fixtures";

test("switching language on a deep page keeps the path and query", async ({ page }) => {
  await signIn(page, demo.player, "es", "/es/settings/profile?tab=x");
  await expect(page).toHaveURL(/\/es\/settings\/profile\?tab=x$/);
  await page.getByRole("link", { name: "English" }).first().click();
  await expect(page).toHaveURL(/\/en\/settings\/profile\?tab=x$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await page.getByRole("link", { name: "Português" }).first().click();
  await expect(page.getByRole("heading", { name: "Seu perfil" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});

test("the footer language select works", async ({ page, javaScriptEnabled }) => {
  await page.goto("/es/forgot-password?x=1");
  await ready(page, javaScriptEnabled);
  await page.locator("footer select[name=lang]").selectOption("pt");
  if (!javaScriptEnabled) await page.locator("footer form button[type=submit]").click();
  await expect(page).toHaveURL(/\/pt\/forgot-password\?x=1$/);
  await expect(page.getByRole("heading", { name: "Redefinir senha" })).toBeVisible();
});

test("/ goes to the remembered language, an unknown one is a 404 in it", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/es$/); // Accept-Language es-MX
  await page.goto("/pt");
  await page.goto("/");
  await expect(page).toHaveURL(/\/pt$/);
  const response = await page.goto("/fr/sessions");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});

test("pages never show raw translation keys", async ({ page }) => {
  for (const path of ["/es", "/en/login", "/pt/signup", "/es/auth/verify-email", "/en/forgot-password", "/pt/reset-password?token=x", "/es/dev/mailbox", "/en/nowhere"]) {
    await page.goto(path);
    const text = await page.locator("body").innerText();
    expect(text, path).not.toMatch(/\b(?:[a-z]+[A-Z]?[a-zA-Z]*\.){1,3}[a-z][a-zA-Z]+\b(?![./@])/);
  }
  await signIn(page, demo.dm, "en");
  for (const path of ["/en/settings/profile", "/en/settings/hosting", "/en/settings/password", "/en/settings/sessions", "/en/notifications"]) {
    await page.goto(path);
    expect(await page.locator("main").innerText(), path).not.toMatch(/\b(?:[a-z]+\.){1,3}[a-z][a-zA-Z]+\b(?![./@])/);
  }
});
