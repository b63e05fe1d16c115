import type { Locator, Page } from "@playwright/test";
import { createSession } from "../fixtures/sessions";
import { actAs, expect, newUser, test } from "./fixtures";
import { journeyRuns, type Lang, text } from "./locale-text";

// Lines and veils on a 360 px phone, with and without JavaScript, in every language: a player books
// a free seat with a line and a veil, anonymously; the host sees them without the player's name;
// another player is refused the host's page.

test.use({ viewport: { width: 360, height: 740 } });

/** The checkbox of a topic (its key under the safety texts' `topics`) in the form's group of lines or of veils. */
const topicBox = (scope: Page | Locator, lang: Lang, group: "lines" | "veils", topic: string) =>
  scope.getByRole("group", { name: text(lang, "safety", `form.${group}`) }).getByLabel(text(lang, "safety", `topics.${topic}`));

for (const { lang, tag } of journeyRuns(1)) {
  test(`${lang}: a player's anonymous line and veil reach only the host, without the name`, { tag }, async ({ page }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "safety", key, values);
    const s = (key: string) => text(lang, "sessions", key);
    const stamp = Date.now();
    const host = await newUser({ role: "dm", preferredLanguage: lang });
    const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${stamp}` });
    const other = await newUser({ preferredLanguage: lang });
    const title = `Mesa segura ${stamp}`;
    const { id } = await createSession({ host: host.id, startsAt: new Date(Date.now() + 4 * 86_400_000), durationMinutes: 180, title, priceCents: 0 });

    await actAs(page, player);
    await page.goto(`/${lang}/session/${id}/confirm`);
    await page.getByText(t("form.legend")).click();
    await topicBox(page, lang, "lines", "torture").check();
    await topicBox(page, lang, "veils", "spiders_insects").check();
    await page.getByLabel(t("form.note")).fill("Sin escenas de ahogo");
    await page.getByLabel(t("form.anonymous")).check();
    await page.getByRole("button", { name: s("booking.confirmFree") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}$`));

    await actAs(page, host);
    await page.goto(`/${lang}/session/${id}`);
    await page.getByRole("link", { name: t("sheet.link") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("sheet.title", { title }) })).toBeVisible();
    const players = page.getByTestId("safety-players");
    await expect(players.getByRole("heading", { name: t("sheet.anonymous") })).toBeVisible();
    await expect(players.getByText(t("topics.torture"))).toBeVisible();
    await expect(players.getByText(t("topics.spiders_insects"))).toBeVisible();
    await expect(players.getByText("Sin escenas de ahogo")).toBeVisible();
    await expect(page.getByText(player.displayName)).toHaveCount(0);

    await actAs(page, other);
    const refused = await page.goto(`/${lang}/session/${id}/safety`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("Sin escenas de ahogo")).toHaveCount(0);
  });
}

// After booking, the player changes their note from the session page and later removes it; the
// host's page follows. One language per project: Spanish with JavaScript, English without.
test("the player changes and then removes their lines and veils before the session", async ({ page }, testInfo) => {
  const lang = testInfo.project.name === "no-js" ? "en" : "es";
  const t = (key: string, values?: Record<string, string | number>) => text(lang, "safety", key, values);
  const stamp = Date.now();
  const host = await newUser({ role: "dm", preferredLanguage: lang });
  const player = await newUser({ preferredLanguage: lang, displayName: `Jugador ${stamp}` });
  const { id } = await createSession({
    host: host.id,
    startsAt: new Date(Date.now() + 4 * 86_400_000),
    durationMinutes: 180,
    title: `Mesa ${stamp}`,
    priceCents: 0,
  });

  await actAs(page, player);
  await page.goto(`/${lang}/session/${id}/confirm`);
  await page.getByText(t("form.legend")).click();
  await topicBox(page, lang, "lines", "torture").check();
  await page.getByRole("button", { name: text(lang, "sessions", "booking.confirmFree") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}$`));

  const panel = page.getByTestId("seat-safety");
  await expect(panel.getByRole("heading", { name: t("edit.title") })).toBeVisible();
  await topicBox(panel, lang, "lines", "torture").uncheck();
  await topicBox(panel, lang, "veils", "phobias").check();
  await panel.getByLabel(t("form.note")).fill("Nada de arañas");
  await panel.getByRole("button", { name: t("edit.save") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}$`));
  await expect(page.getByText(t("edit.saved"))).toBeVisible();
  await expect(page.getByTestId("seat-safety").getByLabel(t("form.note"))).toHaveValue("Nada de arañas");

  await actAs(page, host);
  await page.goto(`/${lang}/session/${id}/safety`);
  const players = page.getByTestId("safety-players");
  await expect(players.getByText(t("topics.phobias"))).toBeVisible();
  await expect(players.getByText("Nada de arañas")).toBeVisible();
  await expect(players.getByText(t("topics.torture"))).toHaveCount(0);

  await actAs(page, player);
  await page.goto(`/${lang}/session/${id}`);
  await page
    .getByTestId("seat-safety")
    .getByRole("button", { name: t("edit.remove") })
    .click();
  await expect(page.getByText(t("edit.removed"))).toBeVisible();

  await actAs(page, host);
  await page.goto(`/${lang}/session/${id}/safety`);
  await expect(page.getByText(t("sheet.empty"))).toBeVisible();
});

// A paid seat by card, in Spanish: the line typed on the confirmation page goes with the card dialog
// (JavaScript) or the card page's form post (without it), and reaches the host once the card is paid.
test("es: a paid seat's lines and veils reach the host once the card is paid", async ({ page, javaScriptEnabled }) => {
  const lang = "es";
  const t = (key: string) => text(lang, "safety", key);
  const pay = (key: string) => text(lang, "payments", key);
  const stamp = Date.now();
  const host = await newUser({ role: "dm", preferredLanguage: lang });
  const player = await newUser({ preferredLanguage: lang, displayName: `Pagadora ${stamp}` });
  const { id } = await createSession({
    host: host.id,
    startsAt: new Date(Date.now() + 10 * 86_400_000),
    durationMinutes: 180,
    title: `Mesa pagada ${stamp}`,
    priceCents: 25000,
    paymentMethods: ["CARD"],
  });

  await actAs(page, player);
  await page.goto(`/${lang}/session/${id}/confirm`);
  await page.getByText(t("form.legend")).click();
  await topicBox(page, lang, "lines", "torture").check();
  await page.getByLabel(t("form.note")).fill("Sin payasos");
  await page.getByRole("button", { name: pay("card.pay") }).click();
  if (javaScriptEnabled)
    await page
      .getByRole("dialog")
      .getByRole("link", { name: pay("card.continue") })
      .click();
  await expect(page).toHaveURL(/\/es\/dev\/payments\/(pi|cs)_offline_[0-9a-f]+$/);

  // Before the card is paid the host sees nothing.
  const paymentPage = page.url();
  await actAs(page, host);
  await page.goto(`/${lang}/session/${id}/safety`);
  await expect(page.getByText(t("sheet.empty"))).toBeVisible();

  await actAs(page, player);
  await page.goto(paymentPage);
  await page.getByRole("button", { name: "Pago exitoso" }).click();
  await expect(page).toHaveURL(new RegExp(`/es/session/${id}\\?payment=success$`));

  await actAs(page, host);
  await page.goto(`/${lang}/session/${id}/safety`);
  const players = page.getByTestId("safety-players");
  await expect(players.getByText(t("topics.torture"))).toBeVisible();
  await expect(players.getByText("Sin payasos")).toBeVisible();
});
