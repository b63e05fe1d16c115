import type { Page } from "@playwright/test";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { expectNoAxeViolations } from "./axe";
import { actAs, bookSeat, expect, newUser, test } from "./fixtures";
import { keysShownIn, localeKeys } from "./locale-keys";
import { journeyRuns, text } from "./locale-text";

// A report reaches the admin desk: a player reports a review and its author's profile from the
// host's profile, the admin hides the review and bans its author, and the author can no longer
// sign in — on a 360 px phone, with and without JavaScript, in every language.

test.use({ viewport: { width: 360, height: 740 } });

const keys = localeKeys();

/** Nothing sticks out of a 360 px screen sideways, and no raw translation key shows. */
async function fitsAndReads(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(keysShownIn(await page.locator("body").innerText(), keys)).toEqual([]);
}

for (const { lang, tag } of journeyRuns(1)) {
  test(`${lang}: a reported review is hidden and its author banned from the admin desk`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "admin", key, values);
    const stamp = Date.now();
    const host = await newUser({ role: "dm", preferredLanguage: lang, displayName: `Anfitriona ${stamp}` });
    const author = await newUser({ preferredLanguage: lang, displayName: `Autor ${stamp}` });
    const reporter = await newUser({ preferredLanguage: lang, displayName: `Testigo ${stamp}` });
    const admin = await newUser({ role: "admin", preferredLanguage: lang, displayName: `Admin ${stamp}` });
    const { id: sessionId } = await createSession({ host: host.id, startsAt: new Date(Date.now() - 48 * 3_600_000), status: "COMPLETED" });
    await bookSeat(sessionId, author.id);
    const comment = `Insulto grosero ${stamp}`;
    const review = await getDb()
      .insertInto("reviews")
      .values({ session_id: sessionId, author_id: author.id, target_id: host.id, target_role: "DM", rating: 1, comment })
      .returning("id")
      .executeTakeFirstOrThrow();

    // The player reports the review, then its author's profile.
    await actAs(page, reporter);
    // The desk does not exist for a player (the request carries the page's cookies).
    expect((await page.request.get(`/${lang}/admin/moderation`)).status()).toBe(404);
    await page.goto(`/${lang}/profile/${host.id}?tab=reviews`);
    const item = page.getByRole("listitem").filter({ hasText: comment });
    await item.getByRole("link", { name: text(lang, "reviews", "reportReview") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("report.reviewTitle", { name: author.displayName }) })).toBeVisible();
    await fitsAndReads(page);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "report form");
    await page.getByLabel(t("report.reasons.HARASSMENT")).check();
    await page.getByLabel(t("report.detailsLabel")).fill("Me insulta sin motivo.");
    await page.getByRole("button", { name: t("report.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.reported") })).toBeVisible();
    await page.goto(`/${lang}/profile/${author.id}`);
    await page.getByRole("link", { name: text(lang, "profile", "reportProfile") }).click();
    await page.getByLabel(t("report.reasons.HARASSMENT")).check();
    await page.getByRole("button", { name: t("report.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.reported") })).toBeVisible();

    // The admin hides the review (a reason is required) and bans the author from the profile's report.
    await actAs(page, admin);
    await page.goto(`/${lang}/admin`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/admin/moderation$`));
    const reported = page.getByTestId(`report-${review.id}`);
    await expect(reported).toContainText(comment);
    await fitsAndReads(page);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "moderation queue");
    await reported.getByRole("button", { name: t("moderation.actions.hide_review") }).click();
    await expect(page.getByTestId(`report-${review.id}`).getByRole("alert")).toHaveText(t("errors.reasonRequired"));
    await page.getByTestId(`report-${review.id}`).getByLabel(t("moderation.reasonLabel")).fill("Insultos");
    await page
      .getByTestId(`report-${review.id}`)
      .getByRole("button", { name: t("moderation.actions.hide_review") })
      .click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.done") })).toBeVisible();
    await expect(page.getByTestId(`report-${review.id}`)).toHaveCount(0);
    const profile = page.getByTestId(`report-${author.id}`);
    await profile.getByLabel(t("moderation.reasonLabel")).fill("Acoso reiterado");
    await profile.getByRole("button", { name: t("moderation.actions.ban_user") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.done") })).toBeVisible();
    await expect(page.getByTestId(`banned-${author.id}`)).toBeVisible();
    await page.goto(`/${lang}/admin/audit`);
    // This admin's newest entry: the other mode's run of this journey may write to the same log meanwhile.
    await expect(page.getByTestId("audit-list").getByRole("listitem").filter({ hasText: admin.displayName }).first()).toContainText("Acoso reiterado");
    await fitsAndReads(page);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "audit log");
    await page.goto(`/${lang}/profile/${host.id}?tab=reviews`);
    await expect(page.getByText(comment)).toHaveCount(0);

    // The author cannot sign in any more, and is told why.
    await page.context().clearCookies();
    await page.goto(`/${lang}/login`);
    await page.locator("input[name=email]").fill(author.email);
    await page.locator("input[name=password]").fill(author.password);
    await page.locator("form#login button[type=submit]").click();
    await expect(page.getByText(text(lang, "validation", "accountBanned"))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
  });
}

// A chat message reported by a table's player reaches the desk; the admin removes it, and the chat
// shows it removed: live on the open page with JavaScript, on the next visit without.
for (const { lang, tag } of journeyRuns(2)) {
  test(`${lang}: a reported chat message is removed from the admin desk for everyone in the chat`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "admin", key, values);
    const chat = (key: string) => text(lang, "chat", key);
    const stamp = Date.now();
    const host = await newUser({ role: "dm", preferredLanguage: lang, displayName: `Anfitriona ${stamp}` });
    const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${stamp}` });
    const admin = await newUser({ role: "admin", preferredLanguage: lang, displayName: `Admin ${stamp}` });
    const { id: sessionId } = await createSession({ host: host.id });
    await bookSeat(sessionId, player.id);
    const db = getDb();
    const { id: chatId } = await db.insertInto("chats").values({ kind: "session", session_id: sessionId }).returning("id").executeTakeFirstOrThrow();
    const content = `Mensaje ofensivo ${stamp}`;
    const message = await db.insertInto("chat_messages").values({ chat_id: chatId, sender_id: host.id, content }).returning("id").executeTakeFirstOrThrow();
    const messageId = Number(message.id);

    // The player reports it from the chat and comes back to it.
    const playerContext = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 740 } });
    const playerPage = await playerContext.newPage();
    await actAs(playerPage, player);
    await playerPage.goto(`/${lang}/chats/${chatId}`);
    await playerPage
      .locator(`#m${messageId}`)
      .getByRole("link", { name: chat("report") })
      .click();
    await expect(playerPage.getByRole("heading", { level: 1, name: t("report.messageTitle", { name: host.displayName }) })).toBeVisible();
    await expect(playerPage.getByText(content)).toBeVisible();
    await fitsAndReads(playerPage);
    await playerPage.getByLabel(t("report.reasons.HARASSMENT")).check();
    await playerPage.getByRole("button", { name: t("report.submit") }).click();
    await expect(playerPage).toHaveURL(new RegExp(`/${lang}/chats/${chatId}#m${messageId}$`));
    await expect(playerPage.locator(`#m${messageId}`)).toContainText(content);

    // The admin removes it (a reason is required).
    await actAs(page, admin);
    await page.goto(`/${lang}/admin/moderation`);
    const reported = page.getByTestId(`report-${messageId}`);
    await expect(reported).toContainText(content);
    await fitsAndReads(page);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "moderation queue with a chat message");
    await reported.getByLabel(t("moderation.reasonLabel")).fill("Insultos");
    await reported.getByRole("button", { name: t("moderation.actions.remove_message") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.done") })).toBeVisible();
    await expect(page.getByTestId(`report-${messageId}`)).toHaveCount(0);

    // The player's open page shows it removed at once with JavaScript; without, on the next visit. So does the host's.
    if (!javaScriptEnabled) await playerPage.reload();
    await expect(playerPage.locator(`#m${messageId}`)).toContainText(chat("removed"));
    await expect(playerPage.getByText(content)).toHaveCount(0);
    await expect(playerPage.locator(`#m${messageId}`).getByRole("link", { name: chat("report") })).toHaveCount(0);
    await actAs(page, host);
    await page.goto(`/${lang}/chats/${chatId}`);
    await expect(page.locator(`#m${messageId}`)).toContainText(chat("removed"));
    await expect(page.getByText(content)).toHaveCount(0);
    await fitsAndReads(page);
    await playerContext.close();
  });
}
