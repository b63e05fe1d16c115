import { createSession } from "../fixtures/sessions";
import { escapeRegExp, expect, newUser, openMail, ready, signIn, signInAs, test, uniqueEmail } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// Group registration from end to end, on a 360 px phone, with and without JavaScript in every
// language: a player books a free session for a group of three (a bad row first: the message shows
// beside it and every typed value stays), each guest is mailed an invitation, and one guest signs up
// with that email, verifies it, signs in (nothing is booked for them yet) and accepts the seat.

test.use({ viewport: { width: 360, height: 740 } });

for (const { lang, tag } of journeyRuns(1)) {
  test(`${lang}: a player books for a group of three and a guest accepts their seat after signing up`, { tag }, async ({ page, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "groups", key, values);
    const stamp = Date.now();
    const host = await newUser({ role: "dm" });
    const booker = await newUser({ preferredLanguage: lang, displayName: `Reserva ${stamp}` });
    const title = `Mesa de grupo ${stamp}`;
    const { id } = await createSession({ host: host.id, title, maxParticipants: 5, startsAt: new Date(Date.now() + 7 * 86_400_000) });
    await signInAs(page, booker);

    await page.goto(`/${lang}/session/${id}`);
    await page.getByRole("link", { name: t("page.title") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/group$`));
    await ready(page, javaScriptEnabled);
    await expect(page.getByTestId("seats-left")).toHaveText(t("page.seatsLeft", { count: 5 }));

    const claimer = uniqueEmail("guest");
    const guests = [
      { name: "Rosa Lima", email: claimer },
      { name: "Tomás Vidal", email: uniqueEmail("guest") },
      { name: "Iris Campos", email: uniqueEmail("guest") },
    ];
    const row = (i: number) => page.getByRole("group", { name: t("page.guest", { n: i + 1 }) });
    for (const [i, g] of guests.entries()) {
      await row(i).getByLabel(t("page.name")).fill(g.name);
      await row(i).getByLabel(t("page.email")).fill(g.email);
    }
    // A repeated email (another case) is refused beside its field; nothing is booked, nothing typed is lost.
    await row(3).getByLabel(t("page.name")).fill("Otra Rosa");
    await row(3).getByLabel(t("page.email")).fill(claimer.toUpperCase());
    await page.getByRole("button", { name: t("page.submit") }).click();
    await expect(row(3).getByText(t("errors.emailRepeated"))).toBeVisible();
    await expect(row(0).getByLabel(t("page.email"))).toHaveValue(claimer);
    await expect(row(3).getByLabel(t("page.name"))).toHaveValue("Otra Rosa");
    await expect(page.getByTestId("seats-left")).toHaveText(t("page.seatsLeft", { count: 5 }));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    await row(3).getByLabel(t("page.name")).fill("");
    await row(3).getByLabel(t("page.email")).fill("");
    await page.getByRole("button", { name: t("page.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.booked") })).toBeVisible();
    await expect(page.getByTestId("seats-left")).toHaveText(t("page.seatsLeft", { count: 2 }));
    await expect(page.getByTestId("group-seats").getByRole("listitem")).toHaveCount(3);

    // The guest gets the invitation (no typed text in it: the booker's plain name, the date, our link),
    // signs up with that address, verifies it and signs in; the seat becomes theirs only once accepted.
    await page.context().clearCookies();
    await openMail(page, lang, claimer, new RegExp(escapeRegExp(t("mail.subject", { booker: booker.displayName }))));
    await expect(page.getByRole("link", { name: new RegExp(`/${lang}/invitations$`) })).toBeVisible();
    const password = "dados y dragones";
    await page.goto("/es/signup");
    await page.getByLabel("Nombre", { exact: true }).fill("Rosa");
    await page.getByLabel("Apellido").fill("Lima");
    await page.getByLabel("Nombre público").fill(`Rosa ${stamp}`);
    await page.getByLabel("Correo electrónico").fill(claimer);
    await page.getByLabel("Contraseña").fill(password);
    await page.getByRole("radio", { name: /Quiero jugar/ }).check();
    await page.getByLabel("Idioma preferido").selectOption("es");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/es\/auth\/verify-email\?sent=1$/);
    await openMail(page, "es", claimer, /Confirma tu correo/);
    await page.getByRole("link", { name: /\/es\/auth\/verify-email\?token=/ }).click();
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Confirmar mi correo" }).click();
    await expect(page).toHaveURL(/\/es\/login$/);
    await signIn(page, { email: claimer, password });
    await page.goto(`/es/session/${id}`);
    await expect(page.getByTestId("invitation")).toBeVisible();
    await expect(page.getByRole("link", { name: text("es", "sessions", "booking.leave") })).toHaveCount(0);
    await page.goto("/es/invitations");
    await ready(page, javaScriptEnabled);
    const invitation = page.getByTestId("invitations").getByRole("listitem").filter({ hasText: title });
    await expect(invitation).toBeVisible();
    await invitation.getByRole("button", { name: text("es", "groups", "invitations.accept") }).click();
    await expect(page).toHaveURL(new RegExp(`/es/session/${id}$`));
    await expect(page.getByRole("link", { name: text("es", "sessions", "booking.leave") })).toBeVisible();

    // The booker sees the seat as accepted.
    await page.context().clearCookies();
    await signInAs(page, booker);
    await page.goto(`/${lang}/session/${id}/group`);
    await expect(page.getByTestId("group-seats").getByText(t("page.claimed"), { exact: true })).toHaveCount(1);
    await expect(page.getByTestId("group-seats").getByText(t("page.held"), { exact: true })).toHaveCount(2);
  });
}
