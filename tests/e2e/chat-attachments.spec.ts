import sharp from "sharp";
import { expectNoAxeViolations } from "./axe";
import { actAs, expect, newUser, otherHost, ready, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";
import { hostWeeklySeries, seriesZone as zone } from "./series-api";

// Photos and files in a campaign's table chat (decision record 092) on a 360 px phone: the DM
// shares a map, a subscriber sees it (live with JavaScript, on the next visit without), a file of
// a refused type is explained before anything is sent, and the photo is private to the table.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

for (const { lang, tag } of journeyRuns(2)) {
  test(`${lang}: a DM shares a map in the campaign's table and a subscriber sees it`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const chat = (key: string) => text(lang, "chat", key);
    const subs = (key: string) => text(lang, "subscriptions", key);
    const host = await newUser({ role: "dm", timeZone: zone, preferredLanguage: lang, displayName: "Dana Mesa" });
    const player = await newUser({ timeZone: zone, preferredLanguage: lang, displayName: "Pía Jugadora" });
    await actAs(page, host);
    const seriesId = await hostWeeklySeries(page, `Mapas ${lang} ${Date.now()}`, {
      timeOfDay: `${String(8 + (Date.now() % 12)).padStart(2, "0")}:${String((Date.now() + 7) % 60).padStart(2, "0")}`,
    });

    // The player subscribes and opens the table.
    const playerContext = await browser.newContext({ baseURL: otherHost(), javaScriptEnabled, viewport: { width: 360, height: 740 } });
    const playerPage = await playerContext.newPage();
    await actAs(playerPage, player);
    await playerPage.goto(`/${lang}/series/${seriesId}/confirm`);
    await ready(playerPage, javaScriptEnabled);
    await playerPage.getByRole("button", { name: subs("actions.join") }).click();
    await expect(playerPage).toHaveURL(new RegExp(`/${lang}/series/${seriesId}\\?subscribed=true$`));
    await playerPage.getByRole("link", { name: chat("openCampaignChat") }).click();
    await expect(playerPage).toHaveURL(new RegExp(`/${lang}/chats/[0-9a-f-]{36}$`));
    const chatPath = new URL(playerPage.url()).pathname;
    if (javaScriptEnabled) await expect(playerPage.locator("html[data-live='open']")).toHaveCount(1);

    // The DM picks the map: a 1600x1000 photo.
    await page.goto(chatPath);
    await ready(page, javaScriptEnabled);
    // The picker's checks come with the live layer, which loads after the first paint (decision record 093).
    if (javaScriptEnabled) await expect(page.locator("html[data-live]")).toHaveCount(1);
    const map = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#2b6cb0" } })
      .jpeg()
      .toBuffer();
    const picker = page.getByLabel(chat("attach"));
    // Nothing picked: no preview, no progress (and none ever without JavaScript).
    await expect(page.locator("[data-chat-preview]")).toBeHidden();
    await expect(page.locator("[data-chat-progress]")).toBeHidden();
    if (javaScriptEnabled) {
      // A GIF is refused before anything is sent, in the page's language.
      await picker.setInputFiles({ name: "dado.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;") });
      await expect(page.getByText(text(lang, "validation", "attachmentType"))).toBeVisible();
      await expect(page.locator("[data-chat-preview]")).toBeHidden();
    }
    await picker.setInputFiles({ name: "mapa de la costa.jpg", mimeType: "image/jpeg", buffer: map });
    // With JavaScript the picked photo is previewed from memory before it is sent.
    if (javaScriptEnabled) await expect(page.locator('[data-chat-preview] img[src^="blob:"]')).toBeVisible();
    await page.getByLabel(chat("label")).fill("La costa, para el miércoles");
    await page.getByRole("button", { name: chat("send") }).click();

    const sent = page.locator("[data-live-chat] li").filter({ hasText: "La costa, para el miércoles" });
    await expect(sent.locator("img")).toBeVisible();
    // With JavaScript it went with its progress, without leaving the page (no form post and redirect).
    if (javaScriptEnabled) {
      await expect(page.locator("[data-chat-preview]")).toBeHidden();
      expect(page.url()).not.toContain("#m");
    }

    // The player sees it: arrived live with JavaScript, on the next visit without.
    if (!javaScriptEnabled) await playerPage.reload();
    const seen = playerPage.locator("[data-live-chat] li").filter({ hasText: "La costa, para el miércoles" });
    const image = seen.locator("img");
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("width", "1600");
    await expect(image).toHaveAttribute("height", "1000");
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("srcset", /\?size=400 400w, .+ 1200w$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await playerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const src = await image.getAttribute("src");

    // The chats list previews it as a photo.
    await playerPage.goto(`/${lang}/chats`);
    await expect(playerPage.locator("[data-last-message]").first()).toHaveText(chat("preview.photo"));
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "a chat with a photo");

    // The photo is the table's: a stranger's request for it is a 404.
    const stranger = await newUser({ timeZone: zone, preferredLanguage: lang });
    const strangerContext = await browser.newContext({ baseURL: otherHost() });
    const strangerPage = await strangerContext.newPage();
    await actAs(strangerPage, stranger);
    expect((await strangerPage.request.get(src!)).status()).toBe(404);
    await strangerContext.close();
    await playerContext.close();
  });
}
