import { expectNoAxeViolations } from "./axe";
import { actAs, expect, newUser, otherHost, ready, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";
import { hostWeeklySeries, seriesZone as zone } from "./series-api";

// A campaign's table chat (decision record 089) as its people meet it on a 360 px phone: the DM
// writes to the table, a subscriber reads it (live with JavaScript) and mutes its notifications,
// and once the subscriber cancels, the chat is gone for them: no link, and its address answers 404.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

for (const { lang, tag } of journeyRuns(1)) {
  test(
    `${lang}: a DM writes to the campaign's table, a subscriber reads it, and after cancelling cannot open it`,
    { tag },
    async ({ page, browser, javaScriptEnabled }) => {
      const chat = (key: string) => text(lang, "chat", key);
      const subs = (key: string) => text(lang, "subscriptions", key);
      const host = await newUser({ role: "dm", timeZone: zone, preferredLanguage: lang, displayName: "Dana Mesa" });
      const player = await newUser({ timeZone: zone, preferredLanguage: lang, displayName: "Pía Jugadora" });
      const title = `Mesa de campaña ${lang} ${Date.now()}`;
      await actAs(page, host);
      const seriesId = await hostWeeklySeries(page, title, {
        timeOfDay: `${String(8 + (Date.now() % 12)).padStart(2, "0")}:${String(Date.now() % 60).padStart(2, "0")}`,
      });

      // The player subscribes, then opens the table from the series page.
      const playerContext = await browser.newContext({ baseURL: otherHost(), javaScriptEnabled, viewport: { width: 360, height: 740 } });
      const playerPage = await playerContext.newPage();
      await actAs(playerPage, player);
      await playerPage.goto(`/${lang}/series/${seriesId}/confirm`);
      await ready(playerPage, javaScriptEnabled);
      await playerPage.getByRole("button", { name: subs("actions.join") }).click();
      await expect(playerPage).toHaveURL(new RegExp(`/${lang}/series/${seriesId}\\?subscribed=true$`));
      await playerPage.getByRole("link", { name: chat("openCampaignChat") }).click();
      await expect(playerPage).toHaveURL(new RegExp(`/${lang}/chats/[0-9a-f-]{36}$`));
      const chatUrl = playerPage.url();
      await expect(playerPage.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(playerPage.getByText(chat("campaignChat"), { exact: true })).toBeVisible();
      if (javaScriptEnabled) await expect(playerPage.locator("html[data-live='open']")).toHaveCount(1);

      // The DM opens the same table from the series page and writes to it.
      await page.goto(`/${lang}/series/${seriesId}`);
      await page.getByRole("link", { name: chat("openCampaignChat") }).click();
      await expect(page).toHaveURL(chatUrl.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
      await ready(page, javaScriptEnabled);
      await page.getByLabel(chat("label")).fill("El mapa de la costa, para el miércoles");
      await page.getByRole("button", { name: chat("send") }).click();
      await expect(page.locator("li").filter({ hasText: "El mapa de la costa, para el miércoles" })).toBeVisible();

      // The player sees it: arrived live with JavaScript, on the next visit without.
      if (!javaScriptEnabled) await playerPage.reload();
      await expect(playerPage.locator("li").filter({ hasText: "El mapa de la costa, para el miércoles" })).toBeVisible();
      // Reloaded, the page heads the day and marks where the unread messages start.
      if (!javaScriptEnabled) {
        await expect(playerPage.locator("[data-live-chat] [data-unread]")).toHaveText(chat("newMessages"));
        await expect(playerPage.locator("[data-live-chat] [data-day]")).toHaveCount(1);
      }
      expect(await playerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(playerPage, browser, javaScriptEnabled, "the campaign's table chat");

      // The player mutes the table's notifications, and can turn them back on.
      await playerPage.getByRole("button", { name: chat("mute") }).click();
      await expect(playerPage.getByRole("button", { name: chat("unmute") })).toBeVisible();
      await expect(playerPage.getByText(chat("mutedNote"), { exact: false })).toBeVisible();

      // The DM shares a handout; the player can open it while subscribed.
      await page.getByLabel(chat("attach")).setInputFiles({ name: "carta.txt", mimeType: "text/plain", buffer: Buffer.from("Carta del puerto.") });
      await page.getByRole("button", { name: chat("send") }).click();
      const handout = page.locator("[data-live-chat] li").getByRole("link", { name: /carta\.txt/ });
      await expect(handout).toBeVisible();
      const handoutUrl = (await handout.getAttribute("href"))!;
      expect((await playerPage.request.get(handoutUrl)).status()).toBe(200);

      // Cancelled: no way to the table any more, and its address and its files are a 404.
      await playerPage.goto(`/${lang}/series/${seriesId}/confirm`);
      await playerPage.getByRole("button", { name: subs("actions.cancel") }).click();
      await expect(playerPage).toHaveURL(new RegExp(`/${lang}/series/${seriesId}$`));
      await expect(playerPage.getByRole("link", { name: chat("openCampaignChat") })).toHaveCount(0);
      const gone = await playerPage.goto(chatUrl);
      expect(gone?.status()).toBe(404);
      expect((await playerPage.goto(`/${lang}/series/${seriesId}/chat`))?.status()).toBe(404);
      expect((await playerPage.request.get(handoutUrl)).status()).toBe(404);
      await playerContext.close();
    },
  );
}
