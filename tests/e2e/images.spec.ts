import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, newUser, signInAs, test } from "./fixtures";

/** Small images made for the test (nothing binary in the repository). */
const cover = () =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: "#0b7285" } })
    .png()
    .toBuffer();
const pdfNamedPng = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
// A PNG signature then 6 MB of anything: refused on size, in the browser and on the server alike.
const sixMegabytes = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(6 * 1024 * 1024)]);

const imageInput = (page: Page) => page.getByLabel("Imagen", { exact: true });
let dayOffset = 30;

/** Fills the required fields on its own date and hour, far from other tests' sessions (no overlap warning). */
async function fillSession(page: Page, title: string, javaScriptEnabled: boolean) {
  dayOffset += 1;
  const date = new Date(Date.now() + (dayOffset + (javaScriptEnabled ? 0 : 40)) * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Juego").selectOption("Pathfinder");
  await page.getByLabel("Fecha").fill(date);
  await page.getByLabel("Hora", { exact: true }).fill("07:30");
}

async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test("a DM adds an image to a new session; the card and the detail page show its copies", async ({ page, javaScriptEnabled }) => {
  const title = `Portada ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await signInAs(page, await newUser({ role: "dm" }));
  await page.goto("/es/create");
  await fillSession(page, title, javaScriptEnabled);
  await imageInput(page).setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: await cover() });
  if (javaScriptEnabled) await expect(page.getByRole("img", { name: "Vista previa de la imagen" })).toBeVisible();
  await page.getByRole("button", { name: "Crear partida" }).last().click();

  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const large = page.locator("article img").first();
  await expect(large).toHaveAttribute("src", /\/uploads\/[0-9a-f-]+\/session\/\d+\/\d+-portada\.w800\.webp$/);
  await expectLoaded(large);
  // Both copies are offered; the 640 px column of a desktop window takes the 800 px one.
  await expect(large).toHaveAttribute("srcset", /\.w400\.webp 400w, .+\.w800\.webp 800w$/);
  expect(await large.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-portada\.w800\.webp$/);

  await page.goto(`/es/sessions?searchTerm=${encodeURIComponent(title.toLowerCase())}`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  const thumb = card.locator("img");
  await expect(thumb).toHaveAttribute("src", /\.w400\.webp$/);
  await expect(thumb).toHaveAttribute("srcset", /\.w400\.webp 400w, .+\.w800\.webp 800w$/);
  await expect(thumb).toHaveAttribute("sizes", /320px/);
  await expect(thumb).toHaveAttribute("loading", "lazy");
  await expect(thumb).toHaveAttribute("width", "400");
  await expect(thumb).toHaveAttribute("height", "225");
  await expectLoaded(thumb);
});

test("uploaded images load when the site is opened under another host name than APP_URL", async ({ page, javaScriptEnabled }) => {
  const title = `Otro nombre ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await signInAs(page, await newUser({ role: "dm" }));
  await page.goto("/es/create");
  await fillSession(page, title, javaScriptEnabled);
  // A day of its own (a failed test restarts the worker, and with it the shared day counter).
  await page.getByLabel("Fecha").fill(new Date(Date.now() + (javaScriptEnabled ? 200 : 240) * 86_400_000).toISOString().slice(0, 10));
  await imageInput(page).setInputFiles({ name: "otro-host.png", mimeType: "image/png", buffer: await cover() });
  await page.getByRole("button", { name: "Crear partida" }).last().click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // The test server's APP_URL is http://127.0.0.1:PORT; a phone on the network, or localhost, is another origin.
  const elsewhere = new URL(page.url());
  expect(elsewhere.hostname).toBe("127.0.0.1");
  elsewhere.hostname = "localhost";
  await page.goto(elsewhere.toString());
  const large = page.locator("article img").first();
  await expect(large).toHaveAttribute("src", /^\/uploads\/.+-otro-host\.w800\.webp$/);
  await expectLoaded(large);
});

test("an image picked before another mistake is stored only once the form is right", async ({ page, javaScriptEnabled }) => {
  const title = `Guardada ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await signInAs(page, await newUser({ role: "dm" }));
  await page.goto("/es/create");
  await fillSession(page, title, javaScriptEnabled);
  await page.getByLabel("Título").fill("");
  await imageInput(page).setInputFiles({ name: "guardada.png", mimeType: "image/png", buffer: await cover() });
  await page.getByRole("button", { name: "Crear partida" }).last().click();
  await expect(page.getByText("Escribe un título.")).toBeVisible();
  if (javaScriptEnabled) {
    // The browser checks the form first: the file is still picked and shown.
    await expect(page.getByRole("img", { name: "Vista previa de la imagen" })).toBeVisible();
  } else {
    // The server stores nothing for a form that fails, and says so: the browser has emptied the file input.
    await expect(page.locator("ul[aria-live]").filter({ hasText: "La imagen solo se sube cuando el resto del formulario está bien" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Vista previa de la imagen" })).toHaveCount(0);
    await imageInput(page).setInputFiles({ name: "guardada.png", mimeType: "image/png", buffer: await cover() });
  }

  await page.getByLabel("Título").fill(title);
  await page.getByRole("button", { name: "Crear partida" }).last().click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.locator("article img").first()).toHaveAttribute("src", /-guardada\.w800\.webp$/);
});

test("a file that is not an image, or is over 5 MB, is refused with the spec's message", async ({ page, javaScriptEnabled }) => {
  const title = `Rechazada ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await signInAs(page, await newUser({ role: "dm" }));
  await page.goto("/es/create");
  await fillSession(page, title, javaScriptEnabled);

  const wrongType = "Tipo de archivo no válido. Sube una imagen JPEG, PNG o WebP.";
  const tooLarge = "El archivo es demasiado grande: el máximo es 5 MB y este pesa 6 MB.";
  for (const [file, message] of [
    [{ name: "factura.png", mimeType: "image/png", buffer: pdfNamedPng }, wrongType],
    [{ name: "enorme.png", mimeType: "image/png", buffer: sixMegabytes }, tooLarge],
  ] as const) {
    await imageInput(page).setInputFiles(file);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Crear partida" }).last().click();
    // Next to the field and as a toast; what was typed stays.
    await expect(page.locator("ul[aria-live]").filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(imageInput(page)).toHaveValue(""); // the refused file is cleared
    await expect(imageInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Título")).toHaveValue(title);
  }
  await expect(page).toHaveURL(/\/es\/create$/);
});
