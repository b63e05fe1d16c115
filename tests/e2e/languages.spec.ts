import fs from "node:fs";
import path from "node:path";
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

/** Every dotted key of the Spanish files ("form.createTitle", "search.chips.today", …). */
function allKeys(): string[] {
  const dir = path.resolve("public/locales/es");
  const walk = (value: unknown, prefix: string): string[] =>
    value && typeof value === "object" ? Object.entries(value).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
  return fs
    .readdirSync(dir)
    .flatMap((file) => walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), ""))
    .filter((key) => key.includes(".") && !/\.\d+$/.test(key))
    .map((key) => key.replace(/_(one|other)$/, ""));
}

test("pages never show raw translation keys", async ({ page }) => {
  const keys = allKeys();
  const rawKeysIn = (text: string) => keys.filter((key) => text.includes(key));
  for (const path of ["/es", "/en/login", "/pt/signup", "/es/auth/verify-email", "/en/forgot-password", "/pt/reset-password?token=x", "/es/dev/mailbox", "/en/nowhere"]) {
    await page.goto(path);
    expect(rawKeysIn(await page.locator("body").innerText()), path).toEqual([]);
  }
  await signIn(page, demo.dm, "en");
  for (const path of ["/en/settings/profile", "/en/settings/hosting", "/en/settings/password", "/en/settings/sessions", "/en/notifications", "/en/sessions", "/en/create"]) {
    await page.goto(path);
    expect(rawKeysIn(await page.locator("body").innerText()), path).toEqual([]);
  }
});
