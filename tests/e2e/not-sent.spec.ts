import type { Page } from "@playwright/test";
import { getDb } from "../../db/client.server";
import { bookSeat, expect, hostSession, newUser, ready, signInAs, test } from "./fixtures";
import { type Lang, text } from "./locale-text";

// With JavaScript a form is sent by fetch: when the connection drops, the page stays with what was
// typed, says so in the page's language and offers to send again (app/web/not-sent.ts). The
// inquiry form's case, where the server did get the first send, is in inquiries.spec.ts; here a
// settings form, a host's form and the host's manage dialog, whose sends never reach the server.

/** Every post from now on fails as on a dropped connection; `restore` brings the network back. */
async function dropPosts(page: Page) {
  await page.route("**/*", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  return { restore: () => page.unroute("**/*") };
}

const notice = (page: Page, lang: Lang) => page.getByRole("alert").filter({ hasText: text(lang, "common", "offline.notSentInline.title") });
const retry = (lang: Lang) => ({ name: text(lang, "common", "offline.notSentInline.retry") });

test("en: a password change whose connection dropped keeps what was typed and goes through on retry", { tag: "@js-only" }, async ({ page }) => {
  const lang = "en";
  const user = await newUser({ preferredLanguage: lang });
  await signInAs(page, user);
  await page.goto(`/${lang}/settings/password`);
  await ready(page, true);
  const fresh = `Lanterns over the ${Date.now()} marsh`;
  await page.getByLabel(text(lang, "auth", "fields.currentPassword")).fill(user.password);
  await page.getByLabel(text(lang, "auth", "fields.newPassword")).fill(fresh);
  await page.getByLabel(text(lang, "auth", "fields.confirmPassword")).fill(fresh);

  const network = await dropPosts(page);
  await page.getByRole("button", { name: text(lang, "profile", "password.submit") }).click();
  await expect(notice(page, lang)).toContainText(text(lang, "common", "offline.notSentInline.body"));
  await expect(page).toHaveURL(new RegExp(`/${lang}/settings/password$`));
  await expect(page.getByLabel(text(lang, "auth", "fields.currentPassword"))).toHaveValue(user.password);
  await expect(page.getByLabel(text(lang, "auth", "fields.newPassword"))).toHaveValue(fresh);
  await expect(page.getByLabel(text(lang, "auth", "fields.confirmPassword"))).toHaveValue(fresh);

  await network.restore();
  await notice(page, lang).getByRole("button", retry(lang)).click();
  await expect(page.getByRole("status").filter({ hasText: text(lang, "common", "toasts.passwordChanged") })).toBeVisible();
  await expect(notice(page, lang)).toHaveCount(0);
});

test("pt: a host's invite code whose connection dropped keeps what was typed and is made on retry", { tag: "@js-only" }, async ({ page }) => {
  const lang = "pt";
  const t = (key: string, values?: Record<string, string>) => text(lang, "sessions", key, values);
  await signInAs(page, await newUser({ role: "dm", preferredLanguage: lang }));
  const sessionId = await hostSession(page, { isPrivate: true });
  await page.goto(`/${lang}/session/${sessionId}/invites`);
  await ready(page, true);
  const code = `amigos-${Date.now() % 100000}`;
  await page.getByLabel(t("invites.code")).fill(code);
  await page.getByLabel(t("invites.type")).selectOption("free");
  await page.getByLabel(t("invites.maxUses")).fill("3");

  const network = await dropPosts(page);
  await page.getByRole("button", { name: t("invites.create") }).click();
  await expect(notice(page, lang)).toBeVisible();
  await expect(page.getByLabel(t("invites.code"))).toHaveValue(code);
  await expect(page.getByLabel(t("invites.type"))).toHaveValue("free");
  await expect(page.getByLabel(t("invites.maxUses"))).toHaveValue("3");

  await network.restore();
  await notice(page, lang).getByRole("button", retry(lang)).click();
  await expect(page.getByRole("status").filter({ hasText: t("toasts.inviteCreated", { code: code.toUpperCase() }) })).toBeVisible();
  const made = await getDb().selectFrom("invites").select(["code", "max_uses", "type"]).where("session_id", "=", sessionId).execute();
  expect(made).toEqual([{ code: code.toUpperCase(), max_uses: 3, type: "free" }]);
});

test("es: the host's removal whose connection dropped keeps its confirmation open and goes through on retry", { tag: "@js-only" }, async ({ page }) => {
  const lang = "es";
  const t = (key: string, values?: Record<string, string>) => text(lang, "sessions", key, values);
  await signInAs(page, await newUser({ role: "dm", preferredLanguage: lang }));
  const sessionId = await hostSession(page);
  const player = await newUser({ displayName: `Jugadora ${Date.now()}` });
  await bookSeat(sessionId, player.id);
  await page.goto(`/${lang}/session/${sessionId}`);
  await ready(page, true);
  await page.getByRole("button", { name: t("detail.manage") }).click();
  const manage = page.getByRole("dialog", { name: t("detail.manageTitle") });
  await manage.getByRole("button", { name: t("detail.removeName", { name: player.displayName }) }).click();
  const confirm = page.getByRole("dialog", { name: t("remove.titleParticipant", { name: player.displayName }) });

  const network = await dropPosts(page);
  await confirm.getByRole("button", { name: t("remove.confirm") }).click();
  await expect(notice(page, lang)).toBeVisible();
  // The page was not replaced by an error: the confirmation is still open over it, for the same person.
  await expect(confirm).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${lang}/session/${sessionId}$`));

  await network.restore();
  await notice(page, lang).getByRole("button", retry(lang)).click();
  await expect(confirm).toBeHidden();
  await expect(manage.getByRole("status")).toHaveText(t("toasts.participantRemoved"));
  await expect(manage.getByRole("button", { name: t("detail.removeName", { name: player.displayName }) })).toHaveCount(0);
});
