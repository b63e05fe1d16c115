import type { Page } from "@playwright/test";
import { createSession } from "../fixtures/sessions";
import { expect, newUser, signInAs, test, type TestUser } from "./fixtures";
import { LANGS, text } from "./locale-text";

// Lines and veils on a 360 px phone, with and without JavaScript, in every language: a player books
// a free seat with a line and a veil, anonymously; the host sees them without the player's name;
// another player is refused the host's page.

test.use({ viewport: { width: 360, height: 740 } });

async function actAs(page: Page, user: TestUser) {
  await page.context().clearCookies();
  await signInAs(page, user);
}

for (const lang of LANGS) {
  test(`${lang}: a player's anonymous line and veil reach only the host, without the name`, async ({ page }) => {
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
    await page
      .getByRole("group", { name: t("form.lines") })
      .getByLabel(t("topics.torture"))
      .check();
    await page
      .getByRole("group", { name: t("form.veils") })
      .getByLabel(t("topics.spiders_insects"))
      .check();
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
