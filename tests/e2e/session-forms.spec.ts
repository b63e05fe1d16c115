import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { demo, expect, ready, signIn, test } from "./fixtures";

/** The demo DM plans in Mexico City time. */
const zone = "America/Mexico_City";
const day = (n: number) => DateTime.now().setZone(zone).plus({ days: n }).startOf("day");

/** The form's own submit button (the navbar also has a 'Crear partida' link). */
const submit = (page: Page, name: RegExp) => page.locator("main form").getByRole("button", { name });

/** A session of the demo DM at `when`, made through the API, for the forms to overlap with. */
async function hostSessionAt(page: Page, when: DateTime, label: string) {
  const created = await page.request.post("/api/session", {
    data: { title: `Choque ${label} ${Date.now()}`, game: "Pathfinder", date: when.toISO(), duration: 60 },
  });
  expect(created.status()).toBe(201);
}

/** What a session or a series is about, asked the same way by both forms. */
type About = { description: string; game: string; genre: string; experienceLevel: string; tags: string[]; otherTags: string };

async function fillAbout(page: Page, about: About) {
  await page.getByLabel("Descripción").fill(about.description);
  await page.locator("select[name=game]").selectOption(about.game);
  await page.locator("select[name=genre]").selectOption(about.genre);
  await page.locator("select[name=experienceLevel]").selectOption(about.experienceLevel);
  // The chip's label: its checkbox is visually hidden.
  for (const tag of about.tags) await page.locator(`label:has(> input[name=tags][value=${tag}])`).click();
  await page.getByLabel("Otras etiquetas").fill(about.otherTags);
}

/** The form shows again exactly what fillAbout entered: the same fields, and only those tag chips checked. */
async function expectAboutKept(page: Page, about: About) {
  await expect(page.getByLabel("Descripción")).toHaveValue(about.description);
  await expect(page.locator("select[name=game]")).toHaveValue(about.game);
  await expect(page.locator("select[name=genre]")).toHaveValue(about.genre);
  await expect(page.locator("select[name=experienceLevel]")).toHaveValue(about.experienceLevel);
  for (const tag of about.tags) await expect(page.locator(`input[name=tags][value=${tag}]`)).toBeChecked();
  await expect(page.locator("input[name=tags]:checked")).toHaveCount(about.tags.length);
  await expect(page.getByLabel("Otras etiquetas")).toHaveValue(about.otherTags);
}

test("date pickers start today in the host's time zone, and a past date is refused in the page's language", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  const today = day(0).toISODate()!;
  const yesterday = day(-1).toISODate()!;
  for (const [lang, message] of [
    ["es", "La fecha debe ser hoy o después."],
    ["en", "The date must be today or later."],
  ] as const) {
    await page.goto(`/${lang}/series/new`);
    await expect(page.locator("input[name=startDate]")).toHaveAttribute("min", today);
    await page.goto(`/${lang}/create`);
    // The time's zone by its name in the page's language, never its id (America/Mexico_City).
    await expect(page.getByText(/^(Zona horaria|Time zone): [^/_]+$/)).toBeVisible();
    const date = page.locator("input[name=date]");
    await expect(date).toHaveAttribute("min", today);
    // The picker offers no earlier day: the browser itself refuses one typed in.
    await date.fill(yesterday);
    expect(await date.evaluate((input) => (input as HTMLInputElement).validity.rangeUnderflow)).toBe(true);
    // A browser that ignores `min` (or an edited page) meets the same rule on the server.
    await date.evaluate((input) => input.removeAttribute("min"));
    await page.locator("input[name=title]").fill("Ayer");
    await page.locator("select[name=game]").selectOption("Pathfinder");
    await submit(page, /Crear partida|Create game|Guardar de todos modos|Save anyway/).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(date).toHaveValue(yesterday);
  }
});

test("a failed session form keeps every typed value, tags included, and 'Save anyway' saves exactly them", async ({ page, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const date = day(javaScriptEnabled ? 61 : 62);
  await signIn(page, demo.dm, "es");
  await hostSessionAt(page, date.set({ hour: 5 }), tag);
  const title = `Mesa completa ${tag} ${Date.now()}`;

  await page.goto("/es/create");
  await page.getByLabel("Título").fill("");
  const about: About = {
    description: "Una noche de terror casero.",
    game: "Other",
    genre: "Horror",
    experienceLevel: "ADVANCED",
    tags: ["homebrew", "latam"],
    otherTags: "Sandbox, Mesa nocturna",
  };
  await fillAbout(page, about);
  await page.getByLabel("Instrucciones para los jugadores confirmados").fill("Trae velas.");
  await page.getByLabel("Ubicación o plataforma").fill("Discord");
  await page.getByLabel("Partida privada (no aparece en la búsqueda)").check();
  await page.getByLabel("Fecha", { exact: true }).fill(date.toISODate()!);
  await page.getByLabel("Hora", { exact: true }).fill("05:00");
  await page.getByLabel("Otra", { exact: true }).check();
  await page.getByLabel("Minutos (15 a 480, de 15 en 15)").fill("75");
  await page.getByLabel("Máximo de jugadores").fill("21");
  await page.getByLabel("Mínimo de jugadores").fill("2");
  await page.getByLabel("Confirmación previa (horas antes)").fill("48");
  await page.getByLabel("Precio (unidades enteras)").fill("250");
  await page.getByLabel(/^OXXO/).check();
  await page.getByLabel("Anticipación mínima para OXXO").selectOption("72");
  await page.getByLabel("Días para pagar el voucher").selectOption("2");
  await page.getByLabel("Efectivo en persona").check();

  const expectKept = async (expected: { title: string; max: string }) => {
    await expect(page.getByLabel("Título")).toHaveValue(expected.title);
    await expectAboutKept(page, about);
    await expect(page.getByLabel("Instrucciones para los jugadores confirmados")).toHaveValue("Trae velas.");
    await expect(page.getByLabel("Ubicación o plataforma")).toHaveValue("Discord");
    await expect(page.getByLabel("Partida privada (no aparece en la búsqueda)")).toBeChecked();
    await expect(page.getByLabel("Fecha", { exact: true })).toHaveValue(date.toISODate()!);
    await expect(page.getByLabel("Hora", { exact: true })).toHaveValue("05:00");
    await expect(page.getByLabel("Otra", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Minutos (15 a 480, de 15 en 15)")).toHaveValue("75");
    await expect(page.getByLabel("Máximo de jugadores")).toHaveValue(expected.max);
    await expect(page.getByLabel("Mínimo de jugadores")).toHaveValue("2");
    await expect(page.getByLabel("Confirmación previa (horas antes)")).toHaveValue("48");
    await expect(page.getByLabel("Precio (unidades enteras)")).toHaveValue("250");
    await expect(page.locator("select[name=currency]")).toHaveValue("MXN");
    await expect(page.getByLabel(/^OXXO/)).toBeChecked();
    await expect(page.getByLabel("Anticipación mínima para OXXO")).toHaveValue("72");
    await expect(page.getByLabel("Días para pagar el voucher")).toHaveValue("2");
    await expect(page.getByLabel("Efectivo en persona")).toBeChecked();
  };

  // Refused (without JavaScript by the server, with it in the browser): everything stays as typed.
  await submit(page, /Crear partida|Guardar de todos modos/).click();
  await expect(page.getByText("Escribe un título.")).toBeVisible();
  await expect(page.getByText("El máximo de jugadores va de 1 a 20.")).toBeVisible();
  await expectKept({ title: "", max: "21" });

  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Máximo de jugadores").fill("6");
  // The host already runs a session at that hour: a warning (live with JavaScript, after submitting without).
  if (!javaScriptEnabled) await submit(page, /Crear partida/).click();
  await expect(page.getByText("Ya diriges una partida a esa hora")).toBeVisible();
  await expectKept({ title, max: "6" });
  await submit(page, /Guardar de todos modos/).click();
  await expect(page).toHaveURL(/\/es\/session\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // What was saved is what was typed: the edit form shows it all again.
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  await expectKept({ title, max: "6" });
});

test("the series overlap warning keeps every field, and 'Save anyway' saves what the host entered", async ({ page, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const date = day(javaScriptEnabled ? 63 : 64);
  await signIn(page, demo.dm, "es");
  await hostSessionAt(page, date.set({ hour: 4, minute: 30 }), tag);
  const title = `Campaña completa ${tag} ${Date.now()}`;

  await page.goto("/es/series/new");
  await page.getByLabel("Título").fill(title);
  const about: About = {
    description: "Una campaña larga.",
    game: "Call of Cthulhu",
    genre: "Horror",
    experienceLevel: "BEGINNER",
    tags: ["homebrew", "roleplay-heavy"],
    otherTags: "Sandbox",
  };
  await fillAbout(page, about);
  await page.getByLabel("Instrucciones para los jugadores confirmados").fill("Llega cinco minutos antes.");
  await page.getByLabel("Ubicación o plataforma").fill("Roll20");
  await page.getByLabel("Día de la semana").selectOption(String(date.weekday % 7));
  await page.getByLabel("Primera fecha").fill(date.toISODate()!);
  await page.getByLabel("Hora", { exact: true }).fill("04:00");
  await page.getByLabel("Duración", { exact: true }).fill("90");
  await page.getByLabel("Máximo de jugadores").fill("7");
  await page.getByLabel("Mínimo de jugadores").fill("2");
  await page.getByLabel("Sesiones creadas por adelantado").fill("3");
  await page.getByLabel("Cierre de reservas (horas antes)").fill("48");
  await page.getByLabel("Confirmación previa (horas antes)").fill("12");
  await page.getByLabel("Partida gratis").check();

  const expectKept = async () => {
    await expect(page.getByLabel("Título")).toHaveValue(title);
    await expectAboutKept(page, about);
    await expect(page.getByLabel("Instrucciones para los jugadores confirmados")).toHaveValue("Llega cinco minutos antes.");
    await expect(page.getByLabel("Ubicación o plataforma")).toHaveValue("Roll20");
    await expect(page.getByLabel("Día de la semana")).toHaveValue(String(date.weekday % 7));
    await expect(page.getByLabel("Primera fecha")).toHaveValue(date.toISODate()!);
    await expect(page.getByLabel("Hora", { exact: true })).toHaveValue("04:00");
    await expect(page.getByLabel("Duración", { exact: true })).toHaveValue("90");
    await expect(page.getByLabel("Máximo de jugadores")).toHaveValue("7");
    await expect(page.getByLabel("Mínimo de jugadores")).toHaveValue("2");
    await expect(page.getByLabel("Sesiones creadas por adelantado")).toHaveValue("3");
    await expect(page.getByLabel("Cierre de reservas (horas antes)")).toHaveValue("48");
    await expect(page.getByLabel("Confirmación previa (horas antes)")).toHaveValue("12");
    await expect(page.getByLabel("Partida gratis")).toBeChecked();
    // Free hides the price and the payment methods (CSS, so also without JavaScript).
    await expect(page.getByLabel("Precio (unidades enteras)")).toBeHidden();
  };

  if (!javaScriptEnabled) await submit(page, /Crear campaña/).click();
  await expect(page.getByText("Ya diriges una partida a esa hora")).toBeVisible();
  await expectKept();
  await submit(page, /Guardar de todos modos/).click();
  await expect(page).toHaveURL(/\/es\/sessions$/);
  await expect(page.getByRole("status")).toContainText("¡Campaña creada!");

  await page.goto(`/es/sessions?searchTerm=${encodeURIComponent(`campaña completa ${tag}`)}`);
  await page.getByRole("link", { name: title }).first().click();
  // The search page's links are plain: wait for the series page to hydrate before clicking on it.
  await expect(page).toHaveURL(/\/es\/series\/[0-9a-f-]{36}$/);
  await ready(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Editar campaña" }).click();
  await expect(page.getByRole("heading", { name: "Editar campaña" })).toBeVisible();
  await expectKept();
});

test("the series form offers OXXO's advance and voucher choices, shown only for MXN", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  await page.goto("/es/series/new");
  await expect(page.getByLabel("Anticipación mínima para OXXO")).toHaveValue("120");
  await expect(page.getByLabel("Días para pagar el voucher")).toHaveValue("3");
  await page.locator("select[name=currency]").selectOption("USD");
  await expect(page.getByLabel("Anticipación mínima para OXXO")).toBeHidden();
  await expect(page.getByLabel(/^OXXO/)).toBeHidden();
  await page.locator("select[name=currency]").selectOption("MXN");
  await expect(page.getByLabel(/^OXXO/)).toBeVisible();
});

test("the game and genre lists read 'Other' in the page's language", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  for (const [lang, other] of [
    ["es", "Otro"],
    ["pt", "Outro"],
    ["en", "Other"],
  ] as const) {
    for (const path of ["create", "series/new"]) {
      await page.goto(`/${lang}/${path}`);
      await expect(page.locator("select[name=game] option[value=Other]")).toHaveText(other);
      await expect(page.locator("select[name=genre] option[value=Other]")).toHaveText(other);
    }
    await page.goto(`/${lang}/sessions`);
    await expect(page.locator("select[name=game] option[value=Other]")).toHaveText(other);
  }
});
