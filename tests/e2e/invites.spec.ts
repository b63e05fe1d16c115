import { expect, hostSession, newUser, signInAs, test } from "./fixtures";

test("a host makes an invite code, bad input is explained and kept, and revokes it", async ({ page }) => {
  await signInAs(page, await newUser({ role: "dm" }));
  const sessionId = await hostSession(page, { isPrivate: true });
  await page.goto(`/es/session/${sessionId}`);
  await page.getByRole("link", { name: "Códigos de invitación" }).click();
  await expect(page.getByRole("heading", { name: "Códigos de invitación" })).toBeVisible();
  await expect(page.getByText("Todavía no hay códigos para esta partida.")).toBeVisible();

  const code = page.getByLabel("Código (opcional)");
  const uses = page.getByLabel("Usos máximos");
  await code.fill("ab");
  await uses.fill("500");
  await page.getByRole("button", { name: "Crear código" }).click();
  await expect(page.getByText("El código debe tener de 6 a 20 letras, números o guiones.")).toBeVisible();
  await expect(page.getByText("Los usos máximos van de 1 a 100.")).toBeVisible();
  await expect(code).toHaveValue("ab");
  await expect(uses).toHaveValue("500");

  const typed = `amigos-${Date.now() % 100000}`;
  await code.fill(typed);
  await uses.fill("3");
  await page.getByLabel("Tipo").selectOption("free");
  await page.getByRole("button", { name: "Crear código" }).click();
  await expect(page.getByText(`Código ${typed.toUpperCase()} creado.`)).toBeVisible();
  await expect(page.getByText("Gratis · 0 de 3 usos")).toBeVisible();
  const link = await page.getByLabel("Enlace para compartir").inputValue();
  expect(link).toBe(`${new URL(page.url()).origin}/es/session/${sessionId}/confirm?invite=${typed.toUpperCase()}`);

  await page.getByRole("button", { name: "Revocar" }).click();
  await expect(page.getByText("Código revocado: ya no sirve para reservar.")).toBeVisible();
  await expect(page.getByText("Revocado", { exact: true })).toBeVisible();
});

test("another DM cannot open a session's invite codes", async ({ page, browser }) => {
  await signInAs(page, await newUser({ role: "dm" }));
  const sessionId = await hostSession(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, await newUser({ role: "dm" }));
  const response = await otherPage.goto(`/es/session/${sessionId}/invites`);
  expect(response?.status()).toBe(403);
  await other.close();
});
