import { actAs, expect, hostSession, newUser, openMail, signInAs, test } from "./fixtures";

test("a player books the last seat, another waits in line, takes the offer when the first leaves", async ({ page }) => {
  const host = await newUser({ role: "dm" });
  const first = await newUser({ preferredLanguage: "en" });
  const second = await newUser({ preferredLanguage: "en" });
  await signInAs(page, host);
  const id = await hostSession(page, { maxParticipants: 1, minPlayers: 1, title: `One seat ${Date.now()}` });

  // The first player books from the session page through the confirmation screen.
  await actAs(page, first);
  await page.goto(`/en/session/${id}`);
  await page.getByRole("link", { name: "Book a seat" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your booking");
  await expect(page.getByText("1 of 1")).toBeVisible();
  await page.getByRole("button", { name: "Confirm free booking" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/session/${id}$`));
  await expect(page.getByText("Your seat is booked. See you at the table!")).toBeVisible();

  // The second finds it full and joins the waitlist.
  await actAs(page, second);
  await page.goto(`/en/session/${id}/confirm`);
  await expect(page.getByText(/This session is full/)).toBeVisible();
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByText("You are number 1 on the waitlist.")).toBeVisible();

  // The first leaves, confirming on the leave page.
  await actAs(page, first);
  await page.goto(`/en/session/${id}`);
  await page.getByRole("link", { name: "Leave session" }).click();
  await page.getByRole("button", { name: "Yes, leave" }).click();
  await expect(page.getByText("You left the session.")).toBeVisible();

  // The second is told by email, follows the link and takes the held seat.
  await openMail(page, "en", second.email, /A seat in One seat \d+ is yours to take/);
  await actAs(page, second);
  await page.goto(`/en/session/${id}/confirm`);
  await expect(page.getByText(/A seat is held for you until/)).toBeVisible();
  await page.getByRole("button", { name: "Confirm free booking" }).click();
  await expect(page.getByText("Your seat is booked. See you at the table!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Leave session" })).toBeVisible();
});

test("a private session asks for a code; a wrong one is explained, the host's link books the seat, and the profile lists it and lets the player leave", async ({
  page,
  javaScriptEnabled,
}) => {
  const host = await newUser({ role: "dm" });
  const player = await newUser();
  await signInAs(page, host);
  const title = `Mesa privada ${Date.now()}`;
  const id = await hostSession(page, { isPrivate: true, title });
  await page.goto(`/es/session/${id}/invites`);
  await page.getByRole("button", { name: "Crear código" }).click();
  const link = await page.getByLabel("Enlace para compartir").inputValue();

  await actAs(page, player);
  await page.goto(`/es/session/${id}/confirm`);
  await expect(page.getByText("Esta partida es privada: necesitas un código de invitación del narrador.")).toBeVisible();
  await page.getByLabel("Código de invitación").fill("NADA-1234");
  await page.getByRole("button", { name: "Usar código" }).click();
  // One answer for every wrong code (decision record 040).
  await expect(page.getByText("Ese código de invitación no sirve para esta partida.", { exact: false })).toBeVisible();

  await page.goto(link);
  await expect(page.getByText(/^Código [A-Z0-9]{12} aplicado: puedes reservar\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Confirmar reserva gratuita" }).click();
  await expect(page).toHaveURL(new RegExp(`/es/session/${id}$`));

  await page.goto(`/es/profile/${player.id}`);
  await expect(page.getByRole("heading", { name: "Tus próximas partidas" })).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.getByRole("link", { name: `Dejar la partida: ${title}` }).click();
  // With JavaScript the question is a dialog on the profile; without, the leave page asks it.
  if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: `¿Salir de ${title}?` })).toBeVisible();
  else await expect(page).toHaveURL(new RegExp(`/es/session/${id}/leave\\?returnTo=`));
  await page.getByRole("button", { name: "Sí, salir" }).click();
  await expect(page).toHaveURL(new RegExp(`/es/profile/${player.id}$`));
  await expect(page.getByText("Saliste de la sesión.")).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
});
