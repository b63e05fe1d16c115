import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { expectNoAxeViolations } from "./axe";
import { runJobStep } from "./clock/job-step";
import { actAs, bookSeat, expect, newUser, otherHost, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// Reviews both ways, on a 360 px phone under another host name than APP_URL's, with and without
// JavaScript in every language: a session the player holds a seat in has nothing to review until
// the clock passes its end and the jobs complete it and ask both for a review; then the player reviews the host and the host the player (a dialog with script, a page without), the
// host answers, and the rating shows on the host's card and profile to one decimal.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

const HOUR = 3_600_000;

const moveSessionStart = (id: string, startsAt: Date) => getDb().updateTable("sessions").set({ starts_at: startsAt }).where("id", "=", id).execute();

for (const { lang, tag } of journeyRuns(0)) {
  test(
    `${lang}: a player and a host review each other after a session, the host answers, and the rating shows`,
    { tag },
    async ({ page, browser, javaScriptEnabled }) => {
      const t = (key: string, values?: Record<string, string | number>) => text(lang, "reviews", key, values);
      const stamp = Date.now();
      const host = await newUser({ role: "dm", preferredLanguage: lang, displayName: `Anfitriona ${stamp}` });
      const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${stamp}` });
      // A session in two hours the player has a seat in; another one is coming later, for its card.
      const { id } = await createSession({
        host: host.id,
        startsAt: new Date(Date.now() + 2 * HOUR),
        durationMinutes: 180,
        title: `Mesa pasada ${stamp}`,
      });
      await bookSeat(id, player.id);
      await createSession({ host: host.id, startsAt: new Date(Date.now() + 7 * 24 * HOUR), title: `Mesa próxima ${stamp}` });

      // Before it is played there is nothing to review.
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: `Mesa pasada ${stamp}` })).toBeVisible();
      await expect(page.getByRole("link", { name: t("actions.review", { name: host.displayName }) })).toHaveCount(0);

      // The clock moves past its end: the server reads the wall clock, so the session moves back
      // instead (it started five hours ago), and the jobs run: it completes and both are asked.
      await moveSessionStart(id, new Date(Date.now() - 5 * HOUR));
      const ended = await runJobStep({ step: "reviews", now: new Date().toISOString(), sessionId: id });
      expect(ended.status).toBe("COMPLETED");
      expect([...ended.requested].sort()).toEqual([host.id, player.id].sort());
      await page.goto(`/${lang}/notifications`);
      const request = page.getByRole("listitem").filter({ hasText: text(lang, "notifications", "review_requested.title") });
      await expect(request).toContainText(`Mesa pasada ${stamp}`);
      await expect(request.getByRole("link", { name: text(lang, "notifications", "open") })).toHaveAttribute(
        "href",
        `/${lang}/session/${id}/review?target=${host.id}`,
      );

      // The player reviews the host: 4 stars and a comment.
      await page.goto(`/${lang}/session/${id}`);
      await page.getByRole("link", { name: t("actions.review", { name: host.displayName }) }).click();
      const form = javaScriptEnabled ? page.getByRole("dialog", { name: t("titleForDm", { name: host.displayName }) }) : page.locator("main");
      if (!javaScriptEnabled) await expect(page.getByRole("heading", { level: 1, name: t("titleForDm", { name: host.displayName }) })).toBeVisible();
      await form.getByLabel(t("stars_other", { count: 4 })).check();
      await form.getByLabel(t("comment")).fill("Gran partida, muy bien narrada.");
      await form.getByRole("button", { name: t("submit") }).click();
      await expect(page.getByRole("status").filter({ hasText: t("toasts.submitted") })).toBeVisible();
      await expect(page.getByText(t("actions.reviewed", { name: host.displayName }))).toBeVisible();
      await expect(page.getByRole("link", { name: t("actions.review", { name: host.displayName }) })).toHaveCount(0);

      // The host reviews the player with the default 5 stars.
      await actAs(page, host);
      await page.goto(`/${lang}/session/${id}`);
      await page.getByRole("link", { name: t("actions.review", { name: player.displayName }) }).click();
      const hostForm = javaScriptEnabled ? page.getByRole("dialog", { name: t("titleForPlayer", { name: player.displayName }) }) : page.locator("main");
      await expect(hostForm.getByLabel(t("stars_other", { count: 5 }))).toBeChecked();
      await hostForm.getByRole("button", { name: t("submit") }).click();
      await expect(page.getByRole("status").filter({ hasText: t("toasts.submitted") })).toBeVisible();

      // The host answers on their profile's reviews tab.
      await page.goto(`/${lang}/profile/${host.id}?tab=reviews`);
      await page.getByRole("link", { name: t("list.answer") }).click();
      await page.getByLabel(t("reply.label")).fill("¡Gracias por venir!");
      await page.getByRole("button", { name: t("reply.submit") }).click();
      await expect(page.getByRole("status").filter({ hasText: t("toasts.replied") })).toBeVisible();
      await expect(page.getByText("¡Gracias por venir!")).toBeVisible();
      await expect(page.getByRole("link", { name: t("list.answer") })).toHaveCount(0);

      // Anyone sees the rating to one decimal, on the profile and on the host's next session's card.
      const guest = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 740 }, baseURL: otherHost() ?? process.env.E2E_BASE_URL });
      const visitor = await guest.newPage();
      const average = new Intl.NumberFormat(lang, { minimumFractionDigits: 1 }).format(4);
      await visitor.goto(`/${lang}/profile/${host.id}?tab=reviews`);
      await expect(visitor.getByRole("link", { name: t("rating_link_one", { average, count: 1 }) })).toBeVisible();
      await expect(visitor.getByText("Gran partida, muy bien narrada.")).toBeVisible();
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(visitor, browser, javaScriptEnabled, "the profile's reviews tab");
      await visitor.goto(`/${lang}/profile/${host.id}?tab=sessions`);
      const card = visitor.getByRole("listitem").filter({ hasText: `Mesa próxima ${stamp}` });
      await expect(card.getByRole("link", { name: text(lang, "sessions", "card.rating_one", { average, count: 1 }) })).toBeVisible();
      await guest.close();
    },
  );
}
