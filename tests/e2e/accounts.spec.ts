import { accountMenu, demo, expect, newUser, openMail, ready, signIn, signInAs, signOut, test, uniqueEmail } from "./fixtures";

test("sign up, open the verification mail, verify, sign in", async ({ page, javaScriptEnabled }) => {
  const email = uniqueEmail("journey");
  const password = "dados y dragones";
  await page.goto("/es/signup");
  await page.getByLabel("Nombre", { exact: true }).fill("Valeria");
  await page.getByLabel("Apellido").fill("Núñez");
  await page.getByLabel("Nombre público").fill("Vale N");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("radio", { name: /Quiero dirigir/ }).check();
  await page.getByLabel("Idioma preferido").selectOption("es");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/es\/auth\/verify-email\?sent=1$/);
  await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();

  await openMail(page, "es", email, /Confirma tu correo/);
  // A plain link to the full address, as in a mail client: a whole new page load.
  await page.getByRole("link", { name: /\/es\/auth\/verify-email\?token=/ }).click();
  await expect(page.getByRole("heading", { name: "Confirma tu correo" })).toBeVisible();
  await ready(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page).toHaveURL(/\/es\/login$/);
  await expect(page.getByRole("status")).toContainText("Correo confirmado. Ya puedes iniciar sesión.");

  await signIn(page, { email, password });
  await expect(page).toHaveURL(/\/es$/);
  await expect(accountMenu(page)).toContainText("Menú de la cuenta de Vale N");
  // A DM sees the create button; the welcome notification waits in the bell.
  await expect(page.getByRole("link", { name: "Crear partida" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Notificaciones: 1 notificación sin leer/ })).toBeVisible();
});

test("a verification link can be used once", async ({ page }) => {
  const email = uniqueEmail("once");
  await page.goto("/en/signup");
  await page.getByLabel("First name").fill("Ola");
  await page.getByLabel("Last name").fill("Berg");
  await page.getByLabel("Display name").fill("Ola B");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("twelve chars!");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/en\/auth\/verify-email\?sent=1$/);
  await openMail(page, "en", email, /Confirm your email/);
  const link = (await page.getByRole("link", { name: /\/en\/auth\/verify-email\?token=/ }).getAttribute("href"))!;
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("alert")).toHaveText("This link is invalid or has expired.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("wrong password shows the message next to the form and keeps the email", async ({ page }) => {
  // Its own account: failed sign-ins count against the account, and demo accounts are for signing in.
  const { email } = await newUser();
  await page.goto("/es/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("not my password");
  await page.getByRole("button", { name: "Iniciar sesión" }).last().click();
  await expect(page.locator("form#login").getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
  await expect(page).toHaveURL(/\/es\/login$/);
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  await expect(accountMenu(page)).toHaveCount(0);
});

test("sign-up with bad input explains each field and keeps what was typed", async ({ page }) => {
  await page.goto("/en/signup");
  await page.getByLabel("Display name").fill("Kim");
  await page.getByLabel("Email").fill("kim@example");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("radio", { name: /I want to run games/ }).check();
  await page.getByLabel("Preferred language").selectOption("pt");
  await page.getByRole("button", { name: "Create account" }).click();

  // Each message is tied to its field (aria-describedby), so it is read out with it.
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription("Enter your first name.");
  await expect(page.getByLabel("Last name")).toHaveAccessibleDescription("Enter your last name.");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/The password must have at least 8 characters\./);
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email, like name@example.com.");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Display name")).not.toHaveAttribute("aria-invalid", "true");

  await expect(page).toHaveURL(/\/en\/signup$/);
  await expect(page.getByLabel("Display name")).toHaveValue("Kim");
  await expect(page.getByLabel("Email")).toHaveValue("kim@example");
  await expect(page.getByRole("radio", { name: /I want to run games/ })).toBeChecked();
  await expect(page.getByLabel("Preferred language")).toHaveValue("pt");
});

test("sign-in returns to the page asked for, with ?redirect= or ?redirect_to=", async ({ page }) => {
  await signIn(page, demo.player, "es", "/es/settings/password");
  await expect(page).toHaveURL(/\/es\/settings\/password$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.context().clearCookies();
  await page.goto(`/en/login?redirect_to=${encodeURIComponent("/en/settings/sessions?tab=1")}`);
  await page.getByLabel("Email").fill(demo.player.email);
  await page.getByLabel("Password").fill(demo.player.password);
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page).toHaveURL(/\/en\/settings\/sessions\?tab=1$/);
});

test("a protected page sends a visitor to sign in and back", async ({ page }) => {
  await page.goto("/es/settings/profile?x=1");
  await expect(page).toHaveURL(/\/es\/login\?redirect=/);
  await page.getByLabel("Correo electrónico").fill(demo.player.email);
  await page.getByLabel("Contraseña").fill(demo.player.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).last().click();
  await expect(page).toHaveURL(/\/es\/settings\/profile\?x=1$/);
});

for (const target of ["https://evil.example", "//evil.example", "/\\evil.example", "https:evil.example"]) {
  test(`an off-site redirect (${target}) stays on this site`, async ({ page, baseURL }) => {
    await signIn(page, demo.player, "es", target);
    await expect(page).toHaveURL(`${baseURL}/es`);
  });
}

test("sign out ends the session", async ({ page }) => {
  await signIn(page, demo.player, "es");
  await page.goto("/es/settings/profile");
  await signOut(page, "Cerrar sesión");
  await expect(page.getByRole("status")).toContainText("Cerraste sesión.");
  await expect(accountMenu(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  await page.goto("/es/settings/profile");
  await expect(page).toHaveURL(/\/es\/login\?redirect=%2Fes%2Fsettings%2Fprofile$/);
});

test("a player is refused on a DM-only page", async ({ page }) => {
  await signIn(page, demo.player, "en");
  const response = await page.goto("/en/settings/hosting");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();

  await page.goto("/es/settings/hosting");
  await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
  await expect(page.getByText("No tienes permiso para acceder a esta página.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver" })).toBeVisible();
});

test("a DM reaches the hosting settings and saves them", async ({ page }) => {
  // A DM of its own: the demo DM's profile is read by other tests.
  await signInAs(page, await newUser({ role: "dm" }));
  await page.goto("/es/settings/hosting");
  await page.getByLabel("Tarifa por jugador por hora").fill("abc");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByText("Escribe un número, por ejemplo 150.")).toBeVisible();
  // A new DM has not said yet which languages and days they run games in.
  await expect(page.getByText("Elige al menos un idioma.")).toBeVisible();
  const language = page.getByRole("group", { name: "Idiomas en los que diriges" }).getByLabel("Español");
  const day = page.getByRole("group", { name: "Días disponibles" }).getByLabel("Viernes");
  await language.check();
  await day.check();
  await page.getByLabel("Tarifa por jugador por hora").fill("250");
  await page.getByRole("button", { name: "Guardar ajustes" }).click();
  await expect(page.getByRole("status")).toContainText("Ajustes de anfitrión guardados");
  await expect(page.getByLabel("Tarifa por jugador por hora")).toHaveValue("250");
  await expect(language).toBeChecked();
  await expect(day).toBeChecked();
});
