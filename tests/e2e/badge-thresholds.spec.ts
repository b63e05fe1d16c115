import type { Page } from "@playwright/test";
import { BADGE_IDS, type BadgeId, BADGES } from "../../app/modules/badges/catalogue";
import { THRESHOLD_STORIES } from "../fixtures/badge-thresholds";
import { runJobStep } from "./clock/job-step";
import { escapeRegExp, expect, newUser, otherHost, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// Every badge of the catalogue, on a 360 px phone, with and without JavaScript in every language:
// one fact short of its threshold the profile does not show it; with that fact, after the
// award-badges job's step (for these people only: other tests share the server's database), it
// shows with its translated name, and its description appears on keyboard focus. The stories are
// those of the integration test (tests/fixtures/badge-thresholds.ts).

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

async function award(people: Map<BadgeId, string>) {
  const result = await runJobStep({ step: "badges", now: new Date().toISOString(), userIds: [...people.values()] });
  return (id: BadgeId) => result.badges[people.get(id)!] ?? [];
}

/** The badge's tab of the profile's badges card (a DM's shows dm and both, a player's player and both). */
const profileTab = (page: Page, lang: string, userId: string, id: BadgeId) =>
  page.goto(`/${lang}/profile/${userId}?${new URLSearchParams({ badges: BADGES[id].category })}`);

for (const { lang, tag } of journeyRuns(1)) {
  test(`${lang}: each of the 19 badges appears on the profile exactly at its threshold, with its description`, { tag }, async ({ page }) => {
    test.setTimeout(120_000);
    const t = (key: string) => text(lang, "badges", key);
    const now = new Date();
    const people = new Map<BadgeId, string>();
    for (const id of BADGE_IDS) {
      const user = await newUser({ role: THRESHOLD_STORIES[id].role, preferredLanguage: lang });
      await THRESHOLD_STORIES[id].below(user.id, now);
      people.set(id, user.id);
    }
    const short = await award(people);
    for (const id of BADGE_IDS) {
      expect(short(id), id).not.toContain(id);
      await profileTab(page, lang, people.get(id)!, id);
      await expect(page.getByRole("heading", { name: t("card.title") })).toBeVisible();
      await expect(page.locator(`[data-badge='${id}']`), id).toHaveCount(0);
    }

    for (const id of BADGE_IDS) await THRESHOLD_STORIES[id].reach(people.get(id)!, now);
    const reached = await award(people);
    for (const id of BADGE_IDS) {
      expect(reached(id), id).toContain(id);
      await profileTab(page, lang, people.get(id)!, id);
      const pill = page.locator(`[data-badge='${id}']`);
      await expect(pill, id).toHaveText(new RegExp(escapeRegExp(t(`names.${id}`))));
      await pill.focus();
      await expect(page.getByRole("tooltip", { name: t(`descriptions.${id}`) }), id).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
