import fs from "node:fs";
import type { Locator } from "@playwright/test";
import { getDb } from "../../db/client.server";
import { expectNoAxeViolations } from "./axe";
import { accountMenu, escapeRegExp, expect, newUser, otherHost, signInAs, test, type TestUser } from "./fixtures";
import { journeyRuns, type Lang } from "./locale-text";

// What a player meets around a booking, in every language and with JavaScript on and off: on a
// 360 px phone that reaches the app under another host name than APP_URL's (a phone on the
// local network), so nothing may lean on APP_URL's host.
test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

/** A text of the locale files, by namespace and dotted key. */
function text(lang: Lang, ns: string, key: string): string {
  const tree = JSON.parse(fs.readFileSync(`public/locales/${lang}/${ns}.json`, "utf8")) as Record<string, unknown>;
  const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  if (typeof found !== "string") throw new Error(`no text ${lang}/${ns}:${key}`);
  return found;
}

const HOUR = 3_600_000;

/** A session two weeks ahead hosted by a DM whose long bio and description crowd the avatar's row. */
async function hostedSession(fields: { price_cents?: number; max_participants?: number } = {}) {
  const host = await newUser({ role: "dm", displayName: "Ana R" });
  const bio = "Dirijo partidas de rol desde hace quince años, con mapas dibujados a mano y mucha improvisación. ".repeat(3);
  await getDb()
    .insertInto("profiles")
    .values({ user_id: host.id, bio, description: "Narradora de horror cósmico y aventuras de fantasía para jugadores nuevos" })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ bio, description: "Narradora de horror cósmico y aventuras de fantasía para jugadores nuevos" }))
    .execute();
  const { id } = await getDb()
    .insertInto("sessions")
    .values({
      dm_id: host.id,
      title: `La cripta ${Date.now()}`,
      description: "Una partida corta para conocer el juego.",
      game: "D&D 5e",
      starts_at: new Date(Date.now() + 14 * 24 * HOUR),
      time_zone: "America/Mexico_City",
      duration_minutes: 120,
      max_participants: fields.max_participants ?? 4,
      min_participants: 1,
      price_cents: fields.price_cents ?? 0,
      currency: "MXN",
      location: "",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { host, id };
}

/** A full one-seat session whose freed seat is held for `player`, first in line, for the next 12 hours. */
async function seatHeldFor(player: TestUser) {
  const { id } = await hostedSession({ max_participants: 1 });
  await getDb()
    .insertInto("waitlist_entries")
    .values({ session_id: id, user_id: player.id, position: 1, offered_at: new Date(), offer_expires_at: new Date(Date.now() + 12 * HOUR) })
    .execute();
  return id;
}

/** On how many lines the element shows the stretch of its text from `start` to the end of `end` (across inline elements). */
const linesOf = (element: Locator, start: string, end: string) =>
  element.evaluate(
    (el, [from, to]) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let started = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!;
        const at = started ? 0 : text.indexOf(from!);
        if (at < 0) continue;
        if (!started) range.setStart(node, at);
        started = true;
        const upTo = text.indexOf(to!, at);
        if (upTo < 0) continue;
        range.setEnd(node, upTo + to!.length);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      }
      return -1;
    },
    [start, end],
  );

test.describe("the confirmation page on a 360 px phone", () => {
  for (const { lang, tag } of journeyRuns(0))
    test(`keeps the host's avatar round, the action above the questions and the time with its zone (${lang})`, { tag }, async ({ page }) => {
      const { id } = await hostedSession({ price_cents: 25_000 });
      const player = await newUser({ timeZone: "America/Mexico_City", displayName: "Lucía P" });
      await signInAs(page, player);
      await page.goto(`/${lang}/session/${id}/confirm`);

      // The host, Ana R, without a picture: her initials in a circle.
      const avatar = await page.getByRole("main").getByText("AR", { exact: true }).boundingBox();
      expect(avatar!.width).toBeCloseTo(48, 0);
      expect(avatar!.height).toBeCloseTo(48, 0);

      const pay = await page.getByRole("button", { name: text(lang, "payments", "card.pay") }).boundingBox();
      const faq = await page.getByRole("heading", { name: text(lang, "sessions", "booking.faqTitle") }).boundingBox();
      expect(pay!.y + pay!.height).toBeLessThan(faq!.y);

      // The time and its zone's name ("7:00 p.m. (hora estándar central)") on one line.
      const term = page.locator("dt").filter({ hasText: new RegExp(`^${escapeRegExp(text(lang, "sessions", "booking.time"))}$`) });
      const time = term.locator("xpath=following-sibling::dd");
      const clock = /\d{1,2}:\d{2}/.exec(await time.innerText())![0];
      expect(await linesOf(time, clock, ")")).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

  test("keeps a held seat's time and zone ('… p.m. GMT-6') on one line in its notice", async ({ page }) => {
    const player = await newUser({ timeZone: "America/Mexico_City" });
    const id = await seatHeldFor(player);
    await signInAs(page, player);
    for (const path of [`/es/session/${id}/confirm`, `/es/session/${id}`]) {
      await page.goto(path);
      const notice = page.getByRole("status").filter({ hasText: "GMT-6" });
      await expect(notice).toBeVisible();
      const sentence = await notice.innerText();
      // From the time on: "7:00 p.m. GMT-6".
      const time = /\d{1,2}:\d{2}/.exec(sentence)![0];
      expect(await linesOf(notice, time, "GMT-6"), path).toBe(1);
    }
  });
});

test.describe("words a player reads and hears", () => {
  for (const { lang, tag } of journeyRuns(1))
    test(
      `the breadcrumb is named in the page's language and says what the navigation says (${lang})`,
      { tag },
      async ({ page, browser, javaScriptEnabled }) => {
        const { id } = await hostedSession();
        await signInAs(page, await newUser());
        await page.goto(`/${lang}/session/${id}/confirm`);
        const trail = page.getByRole("navigation", { name: text(lang, "common", "nav.breadcrumb"), exact: true });
        await expect(trail).toBeVisible();
        if (lang !== "en") await expect(page.getByRole("navigation", { name: "Breadcrumb", exact: true })).toHaveCount(0);
        const mainSessions = page
          .getByRole("navigation", { name: text(lang, "common", "nav.main") })
          .getByRole("link")
          .first();
        const words = text(lang, "common", "nav.sessions");
        await expect(mainSessions).toHaveAccessibleName(words);
        await expect(trail.getByRole("link").first()).toHaveText(words);
        await expectNoAxeViolations(page, browser, javaScriptEnabled, `the confirmation page (${lang})`);
      },
    );

  for (const { lang, tag } of journeyRuns(2))
    test(
      `notifications read their unread mark apart from the title, and chat messages say Chat (${lang})`,
      { tag },
      async ({ page, browser, javaScriptEnabled }) => {
        const player = await newUser();
        await getDb()
          .insertInto("notifications")
          .values([
            {
              user_id: player.id,
              type: "waitlist_spot_available",
              title_key: "waitlist_spot_available.title",
              message_key: "waitlist_spot_available.message",
              params: JSON.stringify({ title: "La cripta" }),
            },
            {
              user_id: player.id,
              type: "new_message",
              title_key: "new_message.title",
              message_key: "new_message.message",
              params: JSON.stringify({ title: "La cripta", player: "Ana R" }),
            },
          ])
          .execute();
        await signInAs(page, player);
        await page.goto(`/${lang}/notifications`);
        const list = page.getByRole("main").getByRole("list");
        const heard = await list.ariaSnapshot();
        const unread = text(lang, "notifications", "unread");
        const freed = text(lang, "notifications", "waitlist_spot_available.title");
        expect(heard).not.toContain(`${unread}${freed}`);
        // Playwright joins the pieces of a paragraph with spaces: "Sin leer : Hay un lugar libre".
        expect(heard).toMatch(new RegExp(`${escapeRegExp(unread)} ?: ${escapeRegExp(freed)}`));
        const chatItem = list.getByRole("listitem").filter({ hasText: text(lang, "notifications", "new_message.title") });
        await expect(chatItem.getByText(text(lang, "notifications", "labels.chat"), { exact: true })).toBeVisible();
        await expect(chatItem.getByText(text(lang, "notifications", "categories.SYSTEM"), { exact: true })).toHaveCount(0);
        await expectNoAxeViolations(page, browser, javaScriptEnabled, `the notifications page (${lang})`);
      },
    );

  for (const { lang, tag } of journeyRuns(0))
    test(`the account menu leads to one's own profile and to the settings (${lang})`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
      const player = await newUser();
      await signInAs(page, player);
      await page.goto(`/${lang}/sessions`);
      await accountMenu(page).click();
      await page.getByRole("link", { name: text(lang, "common", "nav.myProfile"), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/profile/${player.id}$`));
      // One's own profile lists one's bookings.
      await expect(page.getByRole("heading", { name: text(lang, "profile", "own.upcomingHeading") })).toBeVisible();
      await expectNoAxeViolations(page, browser, javaScriptEnabled, `one's own profile (${lang})`);
      await accountMenu(page).click();
      await page.getByRole("link", { name: text(lang, "common", "nav.settings"), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/settings/profile$`));
    });
});

test.describe("a seat held for a player in line", () => {
  for (const { lang, tag } of journeyRuns(1))
    test(`shows on the session page with its expiry and takes the player to book it (${lang})`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
      const player = await newUser({ timeZone: "America/Mexico_City" });
      const id = await seatHeldFor(player);
      await signInAs(page, player);
      await page.goto(`/${lang}/session/${id}`);
      const until = text(lang, "sessions", "booking.offer").split("{{until}}")[0]!;
      await expect(page.getByRole("status").filter({ hasText: until })).toContainText(/GMT-6|CST/);
      await expectNoAxeViolations(page, browser, javaScriptEnabled, `the session page with a held seat (${lang})`);
      await page.getByRole("link", { name: text(lang, "sessions", "booking.takeSeat") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/confirm$`));
      await page.getByRole("button", { name: text(lang, "sessions", "booking.confirmFree") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}$`));
      await expect(page.getByText(text(lang, "sessions", "detail.joined"), { exact: true })).toBeVisible();
    });
});
