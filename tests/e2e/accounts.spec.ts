import { expect, test } from "@playwright/test";
import { demo, signIn, uniqueEmail } from "./fixtures";

test("sign up, open the verification mail, verify, sign in", async ({ page }) => {
  const email = uniqueEmail("journey");
  await page.goto("/es/signup");
  await page.getByLabel("Nombre", { exact: true }).fill("Valeria");
  await page.getByLabel("Apellido").fill("Núñez");
  await page.getByLabel("Nombre público").fill("Vale N");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("dados y dragones");
  await page.getByText("Quiero dirigir").click();
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/es\/auth\/verify-email\?sent=1$/);
  await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();

  await page.goto("/es/dev/mailbox");
  await page.getByRole("link", { name: /Confirma tu correo/ }).first().click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("link", { name: /verify-email\?token=/ }).click();
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page).toHaveURL(/\/es\/login$/);
  await expect(page.getByRole("status")).toContainText("Correo confirmado");

  await signIn(page, { email, password: "dados y dragones" });
  await expect(page).toHaveURL(/\/es$/);
  // A DM sees the create button; the welcome notification waits in the bell.
  await expect(page.getByRole("link", { name: "Crear partida" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Notificaciones: 1 notificación sin leer/ })).toBeVisible();
});

test("wrong password shows the message next to the form and keeps the email", async ({ page }) => {
  await page.goto("/es/login");
  await page.locator("input[name=email]").fill(demo.player.email);
  await page.locator("input[name=password]").fill("not my password");
  await page.locator("form#login button[type=submit]").click();
  await expect(page.getByRole("alert")).toContainText("Correo o contraseña incorrectos.");
  await expect(page.locator("input[name=email]")).toHaveValue(demo.player.email);
});

test("sign-up with bad input explains each field and keeps what was typed", async ({ page }) => {
  await page.goto("/en/signup");
  await page.getByLabel("Display name").fill("Kim");
  await page.getByLabel("Email").fill("kim@example");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter your first name.")).toBeVisible();
  await expect(page.getByText("The password must have at least 8 characters.")).toBeVisible();
  await expect(page.getByText("Enter a valid email, like name@example.com.")).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue("Kim");
  await expect(page.getByLabel("Email")).toHaveValue("kim@example");
});

test("sign-in returns to the page asked for, and never to another site", async ({ page }) => {
  await signIn(page, demo.player, "es", "/es/settings/password");
  await expect(page).toHaveURL(/\/es\/settings\/password$/);
  await page.locator("details summary").filter({ hasText: "Menú de la cuenta" }).click();
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByRole("status")).toContainText("Cerraste sesión");

  await page.goto(`/es/login?redirect_to=${encodeURIComponent("https://evil.example/")}`);
  await page.locator("input[name=email]").fill(demo.player.email);
  await page.locator("input[name=password]").fill(demo.player.password);
  await page.locator("form#login button[type=submit]").click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/es$/);
});

test("a player is refused on a DM-only page", async ({ page }) => {
  await signIn(page, demo.player, "en");
  await page.goto("/en/settings/hosting");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
});

test("a DM reaches the hosting settings and saves them", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  await page.goto("/es/settings/hosting");
  await page.getByLabel("Tarifa por jugador por hora").fill("abc");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText("Escribe un número, por ejemplo 150.")).toBeVisible();
  await page.getByLabel("Tarifa por jugador por hora").fill("250");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByRole("status")).toContainText("Ajustes de anfitrión guardados");
  await expect(page.getByLabel("Tarifa por jugador por hora")).toHaveValue("250");
});
