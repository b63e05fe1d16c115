import { createSession } from "../fixtures/sessions";
import { runJobStep } from "./clock/job-step";
import { expect, newUser, otherHost, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// A badge appears exactly at its threshold, on a 360 px phone, with and without JavaScript in every
// language: a host with 9 completed sessions has no "Experienced DM", the 10th earns it. The
// award-badges job's own step runs for this host only (clock/job-step.ts): other tests share
// the server's database.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

const DAY = 86_400_000;

const awardBadges = async (userId: string) => (await runJobStep({ step: "badges", now: new Date().toISOString(), userId })).badges;

for (const { lang, tag } of journeyRuns(2)) {
  test(`${lang}: "Experienced DM" appears on the host's profile at the 10th completed session, with its description`, { tag }, async ({ page }) => {
    const t = (key: string) => text(lang, "badges", key);
    const host = await newUser({ role: "dm", preferredLanguage: lang });
    const hosted = (n: number) =>
      createSession({ host: host.id, startsAt: new Date(Date.now() - (n + 1) * 7 * DAY), durationMinutes: 120, status: "COMPLETED", game: "Pathfinder 2e" });
    for (let n = 1; n <= 9; n += 1) await hosted(n);
    expect(await awardBadges(host.id)).not.toContain("experienced_dm");
    await page.goto(`/${lang}/profile/${host.id}`);
    await expect(page.getByText(t("names.experienced_dm"))).toHaveCount(0);

    await hosted(10);
    const earned = await awardBadges(host.id);
    expect(earned).toContain("experienced_dm");
    // The same step for several people at once (the list form) gives each their own badges.
    const newcomer = await newUser({ preferredLanguage: lang });
    expect(await runJobStep({ step: "badges", now: new Date().toISOString(), userIds: [host.id, newcomer.id] })).toEqual({
      badges: { [host.id]: earned, [newcomer.id]: await awardBadges(newcomer.id) },
    });
    await page.goto(`/${lang}/profile/${host.id}`);
    const pill = page.locator("[data-badge='experienced_dm']");
    await expect(pill).toHaveText(new RegExp(t("names.experienced_dm")));
    // The description shows on keyboard focus, with or without JavaScript.
    await pill.focus();
    await expect(page.getByRole("tooltip", { name: t("descriptions.experienced_dm") })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
