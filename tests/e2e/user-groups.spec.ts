import { expectNoAxeViolations } from "./axe";
import { actAs, bookSeat, expect, hostSession, newUser, otherHost, ready, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// A group a player makes (decision record 091) on a 360 px phone: with two people from a table they
// played at, it is named, started with one, the other added from its people page, a PDF sent to
// it; both read it, and someone taken out of it finds its address and its files gone.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

for (const { lang, tag } of journeyRuns(2)) {
  test(
    `${lang}: a player starts a group with a co-player, adds another, and a removed member loses it`,
    { tag },
    async ({ page, browser, javaScriptEnabled }) => {
      const chat = (key: string, values: Record<string, string | number> = {}) => text(lang, "chat", key, values);
      const stamp = `${lang}${Date.now()}`;
      const host = await newUser({ role: "dm", preferredLanguage: lang, displayName: `Dana ${stamp}` });
      const [lucia, mateo, camila] = await Promise.all(
        ["Lucía", "Mateo", "Camila"].map((name) => newUser({ preferredLanguage: lang, displayName: `${name} ${stamp}` })),
      );
      await actAs(page, host);
      const sessionId = await hostSession(page);
      for (const player of [lucia!, mateo!, camila!]) await bookSeat(sessionId, player.id);

      // Lucía starts the group from her chats, with Mateo.
      await actAs(page, lucia!);
      await page.goto(`/${lang}/chats`);
      await page.getByRole("link", { name: chat("groups.new") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/chats/new-group$`));
      await expectNoAxeViolations(page, browser, javaScriptEnabled, "the new group form");
      // Without a name the form says so and keeps the ticked box.
      await page.getByRole("checkbox", { name: `Mateo ${stamp}` }).check();
      await page.getByRole("button", { name: chat("groups.create") }).click();
      await expect(page.getByText(text(lang, "validation", "groupNameRequired"))).toBeVisible();
      await expect(page.getByRole("checkbox", { name: `Mateo ${stamp}` })).toBeChecked();
      await page.getByLabel(chat("groups.name")).fill("Los de los martes");
      await page.getByRole("button", { name: chat("groups.create") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/chats/[0-9a-f-]{36}$`));
      const chatUrl = page.url();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Los de los martes");
      await ready(page, javaScriptEnabled);
      await page.getByLabel(chat("label")).fill("¿Jugamos el martes?");
      await page.getByRole("button", { name: chat("send") }).click();
      await expect(page.locator("li").filter({ hasText: "¿Jugamos el martes?" })).toBeVisible();

      // Camila joins from the group's people page.
      await page.getByRole("link", { name: chat("groups.peopleLink") }).click();
      await expect(page.getByRole("heading", { level: 2, name: chat("groups.members_other", { count: 2, max: 50 }) })).toBeVisible();
      await page.getByRole("checkbox", { name: `Camila ${stamp}` }).check();
      await page.getByRole("button", { name: chat("groups.add") }).click();
      await expect(page.getByRole("heading", { level: 2, name: chat("groups.members_other", { count: 3, max: 50 }) })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, browser, javaScriptEnabled, "a group's people");

      // Lucía sends the table a PDF.
      await page.getByRole("link", { name: chat("groups.backToChat") }).click();
      await ready(page, javaScriptEnabled);
      await page.getByLabel(chat("attach")).setInputFiles({ name: "Hoja de personaje.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.getByLabel(chat("label")).fill("La hoja para el martes");
      await page.getByRole("button", { name: chat("send") }).click();
      const sentFile = page
        .locator("[data-live-chat] li")
        .filter({ hasText: "La hoja para el martes" })
        .getByRole("link", { name: /Hoja de personaje\.pdf/ });
      await expect(sentFile).toBeVisible();
      const fileUrl = (await sentFile.getAttribute("href"))!;

      // Camila finds it among her chats, with its head count, and reads it.
      const camilaContext = await browser.newContext({ baseURL: otherHost(), javaScriptEnabled, viewport: { width: 360, height: 740 } });
      const camilaPage = await camilaContext.newPage();
      await actAs(camilaPage, camila!);
      await camilaPage.goto(`/${lang}/chats`);
      const listed = camilaPage.getByRole("link").filter({ hasText: "Los de los martes" });
      await expect(listed).toContainText(chat("groups.peopleCount_other", { count: 3 }));
      await listed.click();
      await expect(camilaPage.locator("li").filter({ hasText: "¿Jugamos el martes?" })).toBeVisible();
      await expect(camilaPage.getByRole("link", { name: /Hoja de personaje\.pdf/ })).toBeVisible();
      expect((await camilaPage.request.get(fileUrl)).status()).toBe(200);
      await page.getByRole("link", { name: chat("groups.peopleLink") }).click();

      // Lucía takes Camila out: the group's address is a 404 for her now.
      await page.getByRole("button", { name: chat("groups.removeWho", { name: `Camila ${stamp}` }) }).click();
      await expect(page.getByRole("heading", { level: 2, name: chat("groups.members_other", { count: 2, max: 50 }) })).toBeVisible();
      expect((await camilaPage.goto(chatUrl.replace(/^https?:\/\/[^/]+/, "")))?.status()).toBe(404);
      // Its files too: her old link to the PDF is a 404 now.
      expect((await camilaPage.request.get(fileUrl)).status()).toBe(404);
      await camilaContext.close();
    },
  );
}
