import { DateTime } from "luxon";
import { expect, newUser, signInAs, test } from "./fixtures";

/** The demo accounts plan in Mexico City time. */
const zone = "America/Mexico_City";
const day = (n: number) => DateTime.now().setZone(zone).plus({ days: n });
const weekdayNames = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
/** Each test hosts as a DM of its own, so the demo DMs' sessions and profiles stay as seeded. */
const newDm = () => newUser({ role: "dm", timeZone: zone });

/**
 * Every run shares one server, so each test and project plans its sessions at its own hour:
 * the host would otherwise (rightly) be warned that they overlap.
 */
test("a DM creates a weekly series, finds it grouped in search and on its page, then edits it", async ({ page, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const title = `Campaña del Abismo ${tag} ${Date.now()}`;
  const weekday = day(4).weekday % 7;
  await signInAs(page, await newDm());
  await page.goto("/es/series/new");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Juego").selectOption("D&D 5e");
  await page.getByLabel("Instrucciones para los jugadores confirmados").fill("corto");
  await page.getByRole("button", { name: "Crear campaña" }).click();
  await expect(page.getByText("Las instrucciones deben tener al menos 10 caracteres.")).toBeVisible();
  await expect(page.getByLabel("Título")).toHaveValue(title);
  await expect(page.getByLabel("Juego")).toHaveValue("D&D 5e");

  await page.getByLabel("Instrucciones para los jugadores confirmados").fill("Trae tu ficha y dados.");
  await page.getByLabel("Día de la semana").selectOption(String(weekday));
  await page.getByLabel("Hora", { exact: true }).fill(javaScriptEnabled ? "06:00" : "16:00");
  await page.getByLabel("Duración", { exact: true }).fill("60");
  await page.getByLabel("Sesiones creadas por adelantado").fill("3");
  await page.getByRole("button", { name: "Crear campaña" }).click();
  await expect(page).toHaveURL(/\/es\/sessions$/);
  await expect(page.getByRole("status")).toContainText("¡Campaña creada!");

  await page.goto(`/es/sessions?searchTerm=${encodeURIComponent(`abismo ${tag}`)}`);
  await expect(page.getByText(/^1 resultado$/)).toBeVisible();
  await expect(page.getByText(`Cada ${weekdayNames[weekday]}`)).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Próximas sesiones" })).toBeVisible();
  await expect(page.getByText("Ver todas (3)")).toBeVisible();

  await page.getByRole("link", { name: "Editar campaña" }).click();
  await expect(page.getByRole("heading", { name: "Editar campaña" })).toBeVisible();
  await expect(page.getByLabel("Título")).toHaveValue(title);
  await expect(page.getByLabel("Hora", { exact: true })).toHaveValue(javaScriptEnabled ? "06:00" : "16:00");
  await page.getByLabel("Título").fill(`${title} editada`);
  // Ongoing hides the end date (CSS does it, so also without JavaScript).
  await expect(page.getByLabel("Fecha final", { exact: true })).toBeVisible();
  await page.getByLabel("Campaña sin fecha final").check();
  await expect(page.getByLabel("Fecha final", { exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Actualizar campaña" }).click();
  await expect(page).toHaveURL(/\/es\/sessions$/);
  await expect(page.getByRole("status")).toContainText("¡Campaña actualizada!");
  // Sessions other tests create push a new series off the list's first page: look it up by name.
  await page.goto(`/es/sessions?searchTerm=${encodeURIComponent(`abismo ${tag}`)}`);
  await page
    .getByRole("link", { name: `${title} editada` })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: `${title} editada` })).toBeVisible();
  await expect(page.getByText("Ver todas (3)")).toBeVisible();
});

test("the series form warns about an overlap beside the picker; 'Save anyway' saves", async ({ page, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const time = javaScriptEnabled ? "07:00" : "13:00";
  const date = day(20);
  await signInAs(page, await newDm());
  await page.goto("/es/create");
  await page.getByLabel("Título").fill(`Partida suelta ${tag} ${Date.now()}`);
  await page.getByLabel("Juego").selectOption("Pathfinder");
  await page.getByLabel("Fecha", { exact: true }).fill(date.toISODate()!);
  await page.getByLabel("Hora", { exact: true }).fill(time);
  await page.getByRole("button", { name: "Crear partida" }).click();
  await expect(page).toHaveURL(/\/es\/session\/[0-9a-f-]+$/);

  const title = `Campaña encimada ${tag} ${Date.now()}`;
  await page.goto("/es/series/new");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Juego").selectOption("Pathfinder");
  await page.getByLabel("Instrucciones para los jugadores confirmados").fill("Llega cinco minutos antes.");
  await page.getByLabel("Día de la semana").selectOption(String(date.weekday % 7));
  await page.getByLabel("Primera fecha").fill(date.toISODate()!);
  await page.getByLabel("Hora", { exact: true }).fill(time);
  const warning = page.getByText("Ya diriges una partida a esa hora");
  if (javaScriptEnabled) {
    // Checked live while the host picks the date and time.
    await expect(warning).toBeVisible();
  } else {
    await page.getByRole("button", { name: "Crear campaña" }).click();
    await expect(warning).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue(title);
  }
  await expect(page.getByText(/^Partida suelta /)).toBeVisible();
  await page.getByRole("button", { name: "Guardar de todos modos" }).click();
  await expect(page).toHaveURL(/\/es\/sessions$/);
  await expect(page.getByRole("status")).toContainText("¡Campaña creada!");
});

test("the host adds sessions by hand to an irregular series", async ({ page, javaScriptEnabled }) => {
  await signInAs(page, await newDm());
  const title = `Mesa irregular ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  // The form offers only fixed schedules (spec); an irregular series comes from the API.
  const created = await page.request.post("/api/session-series", {
    data: {
      title,
      game: "Call of Cthulhu",
      frequency: "IRREGULAR",
      startDate: day(3).toISODate(),
      timeOfDay: "20:00",
      sessionInstructions: "Llega puntual, por favor.",
      isOngoing: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/es/series/${id}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("No hay sesiones programadas.")).toBeVisible();

  await page.getByLabel("Fecha", { exact: true }).fill(day(30).toISODate()!);
  await page.getByLabel("Hora", { exact: true }).fill("18:15");
  await page.getByRole("button", { name: "Añadir sesión" }).click();
  await expect(page.getByRole("status")).toContainText("Sesión añadida a la campaña.");
  await expect(page.getByRole("link", { name: /\b6:15\b/ })).toHaveCount(1);

  await page.getByLabel("Cuántas (1 a 10)").fill("11");
  await page.getByRole("button", { name: "Generar sesiones" }).click();
  await expect(page.getByText("Genera entre 1 y 10 sesiones.")).toBeVisible();
  await expect(page.getByLabel("Cuántas (1 a 10)")).toHaveValue("11");
  await page.getByLabel("Cuántas (1 a 10)").fill("2");
  await page.getByLabel("Días entre sesiones (1 a 30)").fill("7");
  await page.getByRole("button", { name: "Generar sesiones" }).click();
  await expect(page.getByRole("status")).toContainText("2 sesiones añadidas a la campaña.");
  await expect(page.getByText("Ver todas (3)")).toBeVisible();
});

test("another DM cannot edit someone else's series", async ({ page }) => {
  await signInAs(page, await newDm());
  const created = await page.request.post("/api/session-series", {
    data: {
      title: `Campaña ajena ${Date.now()}`,
      game: "D&D 5e",
      frequency: "IRREGULAR",
      startDate: day(3).toISODate(),
      sessionInstructions: "Solo para mi grupo.",
      isOngoing: true,
    },
  });
  const { id } = (await created.json()) as { id: string };
  await page.context().clearCookies();
  await signInAs(page, await newDm());
  await page.goto(`/es/series/${id}`);
  await expect(page.getByRole("heading", { name: /^Campaña ajena/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Editar campaña" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Añadir sesión" })).toHaveCount(0);
  const response = await page.goto(`/es/series/${id}/edit`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
});
