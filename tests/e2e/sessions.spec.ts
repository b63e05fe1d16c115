import { bookSeat, demo, expect, hostSession, newUser, signIn, signInAs, test } from "./fixtures";

test("a DM creates a session; bad input is explained and kept; the session shows in search and details", async ({ page, javaScriptEnabled }) => {
  const title = `Tumba de los Reyes ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  // A DM of its own: sessions added to a demo DM would show up in what other tests read.
  await signInAs(page, await newUser({ role: "dm" }));
  await page.goto("/es/create");
  // The browser already stops typing at 200 characters (maxlength), so leave the title empty instead.
  await page.getByLabel("Título").fill("");
  await page.getByLabel("Juego").selectOption("Pathfinder");
  await page.getByLabel("Máximo de jugadores").fill("21");
  await page.getByRole("button", { name: "Crear partida" }).last().click();
  await expect(page.getByText("Escribe un título.")).toBeVisible();
  await expect(page.getByText("El máximo de jugadores va de 1 a 20.")).toBeVisible();
  await expect(page.getByLabel("Juego")).toHaveValue("Pathfinder");

  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Máximo de jugadores").fill("4");
  await page.getByLabel("Mínimo de jugadores").fill("2");
  await page.getByLabel("Precio (unidades enteras)").fill("180");
  // Both projects share the server; the same hour twice would (rightly) warn about an overlap.
  await page.getByLabel("Hora", { exact: true }).fill(javaScriptEnabled ? "07:00" : "09:00");
  await page.getByText("Partida única").click();
  await page.getByRole("button", { name: "Crear partida" }).last().click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("$180.00 MXN")).toBeVisible();
  await expect(page.getByText("0 de 4 ocupados")).toBeVisible();

  await page.goto(`/es/sessions?searchTerm=${encodeURIComponent(title.slice(0, 12).toLowerCase())}`);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByText("Tu partida").first()).toBeVisible();
});

test("a player searches with filters in the URL and pages through results", async ({ page }) => {
  await page.goto("/es/sessions");
  await expect(page).toHaveURL(/\/es\/login\?redirect=%2Fes%2Fsessions$/);
  await signIn(page, demo.player, "es", "/es/sessions");
  await page.goto("/es/sessions?game=Call+of+Cthulhu");
  await expect(page.getByText(/^\d+ resultados?$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Horror en Oaxaca" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Night City Blues" })).toHaveCount(0);
  await page.getByRole("link", { name: "Quitar filtro: Juego: Call of Cthulhu" }).click();
  await expect(page).not.toHaveURL(/game=/);
  // Without the filter it is there, on the first page or a later one: page with the plain links.
  const nightCity = page.getByRole("link", { name: "Night City Blues" });
  for (let turns = 0; turns < 5 && (await nightCity.count()) === 0; turns += 1) {
    await expect(page.getByText(/^Mostrando \d+–\d+ de (más de )?\d+$/)).toBeVisible();
    await page.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=\d+/);
  }
  await expect(nightCity).toBeVisible();

  await page.getByRole("link", { name: "Partidas gratis" }).click();
  await expect(page).toHaveURL(/freeOnly=true/);
  await expect(page.getByRole("link", { name: "Night City Blues" })).toHaveCount(0);
  // Tests running alongside add free sessions of their own, so narrow to one game before looking for a demo one.
  await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&game=Pathfinder`);
  await expect(page.getByRole("link", { name: "Introdução ao Pathfinder" })).toBeVisible();

  await page.goto("/es/sessions?page=abc&minSpots=zzz&priceMin=-3");
  await expect(page.getByRole("heading", { name: "Partidas" })).toBeVisible();
});

test("a player cannot open the create page", async ({ page }) => {
  await signIn(page, demo.player, "en");
  await page.goto("/en/create");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("the host removes a participant after confirming", async ({ page }) => {
  // Its own host, session and players: removing someone from a demo session would change what other tests read.
  const host = await newUser({ role: "dm" });
  await signInAs(page, host);
  const id = await hostSession(page);
  for (const displayName of ["Jugadora Uno", "Jugador Dos"]) await bookSeat(id, (await newUser({ displayName })).id);
  await page.goto(`/es/session/${id}`);
  await expect(page.getByRole("heading", { name: "Participantes" })).toBeVisible();
  const removeLinks = page.getByRole("link", { name: /^Quitar a / });
  await expect(removeLinks).toHaveCount(2);
  await removeLinks.first().click();
  await expect(page.getByRole("heading", { name: /de la partida\?$/ })).toBeVisible();
  await page.getByRole("button", { name: "Sí, quitar" }).click();
  await expect(page.getByRole("status")).toContainText("Participante quitado.");
  await expect(removeLinks).toHaveCount(1);
});

test("the calendar shows sessions by month, week and day", async ({ page }) => {
  await signIn(page, demo.player, "es");
  await page.goto("/es/calendar");
  await expect(page.getByRole("columnheader", { name: "Dom" })).toBeVisible();
  await expect(page.getByText("Campaña", { exact: true })).toBeVisible();
  const event = page.getByRole("link", { name: /La Cripta del Rey Dragón/ }).first();
  if ((await event.count()) === 0) await page.getByRole("link", { name: "Siguiente" }).click(); // late in the month the demo session falls in the next one
  await expect(page.getByRole("link", { name: /La Cripta del Rey Dragón/ }).first()).toBeVisible();
  await page.getByRole("link", { name: "Semana" }).click();
  await expect(page).toHaveURL(/view=week/);
  await page.goto("/es/calendar?day=2020-01-01");
  await expect(page.getByText("No hay partidas este día.")).toBeVisible();
});
