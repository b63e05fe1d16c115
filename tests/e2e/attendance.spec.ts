import { createSession } from "../fixtures/sessions";
import { expectNoAxeViolations } from "./axe";
import { actAs, bookSeat, expect, newUser, otherHost, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// Attendance after a session, on a 360 px phone under another host name than APP_URL's, with and
// without JavaScript in every language: the host marks one player absent, and that player's
// reliability record shows the no-show (0% of one session), which they then dispute, once.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

for (const { lang, tag } of journeyRuns(0)) {
  test(
    `${lang}: the host marks a no-show, the player's record shows it, and the player disputes it once`,
    { tag },
    async ({ page, browser, javaScriptEnabled }) => {
      const t = (key: string, values?: Record<string, string | number>) => text(lang, "attendance", key, values);
      const stamp = Date.now();
      const host = await newUser({ role: "dm", preferredLanguage: lang });
      const absent = await newUser({ preferredLanguage: lang, displayName: `Ausente ${stamp}` });
      const present = await newUser({ preferredLanguage: lang, displayName: `Presente ${stamp}` });
      const title = `Mesa con asistencia ${stamp}`;
      const { id } = await createSession({ host: host.id, startsAt: new Date(Date.now() - 5 * 3_600_000), durationMinutes: 180, status: "COMPLETED", title });
      await bookSeat(id, absent.id);
      await bookSeat(id, present.id);

      await actAs(page, host);
      await page.goto(`/${lang}/session/${id}`);
      await page.getByRole("link", { name: t("sheet.link") }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("sheet.title", { title }) })).toBeVisible();
      await page.getByRole("group", { name: absent.displayName }).getByLabel(t("sheet.noShow")).check();
      await expectNoAxeViolations(page, browser, javaScriptEnabled, "the attendance sheet");
      await page.getByRole("button", { name: t("sheet.save") }).click();
      await expect(page.getByRole("status").filter({ hasText: t("toasts.saved") })).toBeVisible();

      // Anyone sees the absent player's record: one session, one no-show.
      await page.context().clearCookies();
      await page.goto(`/${lang}/profile/${absent.id}`);
      const record = page.getByRole("region", { name: t("reliability.title") });
      await expect(record.getByText(t("reliability.percent", { percent: 0 }))).toBeVisible();
      await page.goto(`/${lang}/profile/${present.id}`);
      await expect(page.getByRole("region", { name: t("reliability.title") }).getByText(t("reliability.percent", { percent: 100 }))).toBeVisible();

      // The absent player disputes it; a second dispute is refused.
      // The absent player finds the way to dispute it on the session page.
      await actAs(page, absent);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(t("dispute.marked"))).toBeVisible();
      await page.getByRole("link", { name: t("dispute.link") }).click();
      await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}\/dispute$/);
      const disputeUrl = page.url();
      await page.getByLabel(t("dispute.reason")).fill("Estuve desde el principio.");
      await page.getByRole("button", { name: t("dispute.send") }).click();
      await expect(page.getByRole("status").filter({ hasText: t("toasts.disputeSent") })).toBeVisible();
      await page.goto(disputeUrl);
      await expect(page.getByText(t("errors.alreadyDisputed"))).toBeVisible();
      // Disputed once, the session page no longer offers it.
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByRole("link", { name: t("dispute.link") })).toHaveCount(0);
    },
  );
}
