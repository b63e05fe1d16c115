import type { Page, Route } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { actAs, expect, hostPaidSession, newUser, otherHost, test, type TestUser } from "./fixtures";

// The OXXO name dialog needs JavaScript; without it 'Pagar en OXXO' is the name page (payments.spec.ts).
// Skipped on purpose in the no-js project: every test here drives the OXXO dialog, which only script opens; the plain OXXO page is covered in payment-paths.spec.ts. The js project runs it.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the dialog is the JavaScript path");

// On a 360 px phone that reaches the app under another host name than APP_URL's (a phone on the
// local network), like the other payment journeys: sign-in cookies follow that host, and leaving it fails the test.
test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

const notYet = { voucherReference: null, voucherUrl: null, voucherExpiresAt: null };

/** A paid MXN session taking OXXO, hosted by a new DM; the page is then signed in as a new Spanish-speaking player. */
async function oxxoSession(page: Page): Promise<{ id: string; player: TestUser }> {
  const host = await newUser({ role: "dm" });
  const id = await hostPaidSession(page, host, { title: `Cripta OXXO ${Date.now()}`, minPlayers: 2 });
  const player = await newUser({ preferredLanguage: "es" });
  await actAs(page, player);
  return { id, player };
}

/** The intent answers as a provider that has not made the voucher yet: the booking without oxxoDetails. */
async function intentWithoutVoucher(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as Record<string, unknown>;
  delete body.oxxoDetails;
  await route.fulfill({ response, json: body });
}

async function openDialog(page: Page, id: string) {
  await page.goto(`/es/session/${id}/confirm`);
  await page.getByRole("link", { name: "Pagar en OXXO" }).click();
  const dialog = page.getByRole("dialog", { name: "Pago en efectivo en OXXO" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the OXXO dialog checks the names in the browser, then makes the voucher and shows it", async ({ page, browser, javaScriptEnabled }) => {
  const { id } = await oxxoSession(page);
  let dialog = await openDialog(page, id);
  await expect(page).toHaveURL(new RegExp(`/es/session/${id}/confirm$`));
  expect(new URL(page.url()).host).not.toBe(new URL(process.env.E2E_BASE_URL!).host);
  // The dialog fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(dialog.getByText("Cripta OXXO")).toBeVisible();
  await expect(dialog.getByText("$250.00 MXN")).toBeVisible();
  await expect(dialog.getByText("La reserva vence en 3 días si no pagas.")).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Confirmar y generar ficha" });
  const firstName = dialog.getByLabel("Nombre", { exact: true });
  const lastName = dialog.getByLabel("Apellido");
  // The dialog starts with the player's names, as the name page does; confirm waits for both.
  await expect(firstName).not.toHaveValue("");
  await expect(lastName).not.toHaveValue("");
  await expect(confirm).toBeEnabled();
  await lastName.fill("");
  await expect(confirm).toBeDisabled();
  await firstName.fill("Ana");
  await expect(confirm).toBeDisabled();
  // Escape closes it while nothing is being made.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "Pagar en OXXO" })).toBeFocused();
  dialog = await openDialog(page, id);

  // Blank names: both messages, next to their fields.
  await dialog.getByLabel("Nombre", { exact: true }).fill("  ");
  await dialog.getByLabel("Apellido").fill(" ");
  await confirm.click();
  await expect(dialog.getByText("Escribe tu nombre.")).toBeVisible();
  await expect(dialog.getByText("Escribe tu apellido.")).toBeVisible();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "the OXXO dialog");

  // One letter is too short (said so, not 'enter your name'); editing a field clears its own message only.
  await firstName.fill("A");
  await expect(dialog.getByText("Escribe tu nombre.")).toBeHidden();
  await expect(dialog.getByText("Escribe tu apellido.")).toBeVisible();
  await lastName.fill(" Robles ");
  await expect(dialog.getByText("Escribe tu apellido.")).toBeHidden();
  await confirm.click();
  await expect(dialog.getByText("El nombre debe tener al menos 2 caracteres.")).toBeVisible();
  await expect(dialog.getByText("Escribe tu nombre.")).toBeHidden();
  await expect(dialog.getByText("Escribe tu apellido.")).toBeHidden();
  await firstName.fill("  Ana ");
  await expect(dialog.getByText("El nombre debe tener al menos 2 caracteres.")).toBeHidden();

  // A double click makes one intent.
  const intents: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/payments/create-intent")) intents.push(request.postData() ?? "");
  });
  await confirm.dblclick();
  await expect(page).toHaveURL(/\/es\/booking\/[0-9a-f-]{36}\/voucher$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva Creada");
  await expect(page.getByLabel("Número de referencia")).toHaveValue(/^\d{18}$/);
  await expect(page.getByText("Ficha de pago generada")).toBeVisible();
  expect(intents).toHaveLength(1);
  expect(JSON.parse(intents[0]!)).toEqual({ sessionId: id, paymentMethod: "oxxo", country: "MX", firstName: "Ana", lastName: "Robles" });
});

test("when the intent comes without the voucher, the dialog asks for it until it is ready and cannot be closed meanwhile", async ({ page }) => {
  const { id } = await oxxoSession(page);
  await page.route("**/api/payments/create-intent", intentWithoutVoucher);
  let asked = 0;
  await page.route("**/api/bookings/*/voucher", async (route) => {
    asked += 1;
    if (asked <= 3) await route.fulfill({ json: notYet });
    else await route.continue();
  });
  const dialog = await openDialog(page, id);
  await dialog.getByLabel("Nombre", { exact: true }).fill("Ana");
  await dialog.getByLabel("Apellido").fill("Robles");
  await dialog.getByRole("button", { name: "Confirmar y generar ficha" }).click();
  await expect(dialog.getByRole("button", { name: "Generando ficha..." })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeDisabled();
  await expect.poll(() => asked).toBeGreaterThan(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/es\/booking\/[0-9a-f-]{36}\/voucher$/, { timeout: 20_000 });
  expect(asked).toBe(4);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva Creada");
  await expect(page.getByLabel("Número de referencia")).toHaveValue(/^\d{18}$/);
});

test("when the voucher never comes, the dialog says so after 30 tries and points to the held booking's voucher page", async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await oxxoSession(page);
  await page.clock.install();
  await page.route("**/api/payments/create-intent", intentWithoutVoucher);
  let asked = 0;
  await page.route("**/api/bookings/*/voucher", async (route) => {
    asked += 1;
    await route.fulfill({ json: notYet });
  });
  const dialog = await openDialog(page, id);
  await dialog.getByLabel("Nombre", { exact: true }).fill("Ana");
  await dialog.getByLabel("Apellido").fill("Robles");
  await dialog.getByRole("button", { name: "Confirmar y generar ficha" }).click();
  await expect(dialog.getByRole("button", { name: "Generando ficha..." })).toBeVisible();
  // The page's clock jumps 2 s at a time instead of the minute the 30 tries take.
  for (let i = 1; i <= 30; i += 1) {
    await page.clock.fastForward(2000);
    await expect.poll(() => asked).toBeGreaterThanOrEqual(i);
  }
  await expect(dialog.getByText("Tu ficha está tardando más de lo esperado.", { exact: false })).toBeVisible();
  expect(asked).toBe(30);
  await page.clock.fastForward(10_000);
  expect(asked).toBe(30);
  // The dialog stays open with the names typed, and the booking is held: its voucher page has it.
  await expect(dialog.getByLabel("Nombre", { exact: true })).toHaveValue("Ana");
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeEnabled();
  await page.unroute("**/api/bookings/*/voucher");
  await dialog.getByRole("link", { name: "Ver tu ficha OXXO" }).click();
  await expect(page).toHaveURL(/\/es\/booking\/[0-9a-f-]{36}\/voucher$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva Creada");
});

test("an intent the server refuses shows its message next to the buttons and keeps the names", async ({ page }) => {
  const { id } = await oxxoSession(page);
  await page.route("**/api/payments/create-intent", (route) => route.fulfill({ status: 409, json: { error: "Ya tienes un pago en curso para esta sesión." } }));
  const dialog = await openDialog(page, id);
  await dialog.getByLabel("Nombre", { exact: true }).fill("Ana");
  await dialog.getByLabel("Apellido").fill("Robles");
  await dialog.getByRole("button", { name: "Confirmar y generar ficha" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Ya tienes un pago en curso para esta sesión." })).toBeVisible();
  await expect(dialog.getByLabel("Apellido")).toHaveValue("Robles");
  await expect(dialog.getByRole("button", { name: "Confirmar y generar ficha" })).toBeEnabled();
  // Without a message of its own, the spec's fallback.
  await page.unroute("**/api/payments/create-intent");
  await page.route("**/api/payments/create-intent", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await dialog.getByRole("button", { name: "Confirmar y generar ficha" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "No se pudo crear el pago" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
});
