import { describe, expect, it } from "vitest";
import { requestPasswordReset, resetPassword } from "../../app/modules/auth/password-reset.server";
import { action as moderate } from "../../app/routes/$lang.admin.moderation/route";
import { action as logout } from "../../app/routes/$lang.logout";
import { action as calendarSettings } from "../../app/routes/$lang.settings.calendar";
import { action as passwordSettings } from "../../app/routes/$lang.settings.password";
import { action as sessionsSettings } from "../../app/routes/$lang.settings.sessions";
import { loader as calendarFile } from "../../app/routes/api.calendar.$file";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, loginCookie, signedInUser, testDeps, tokenFrom } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const es = { lang: "es" };

/** Turns the calendar on from the browser holding `cookie`, as the settings page does; returns its address. */
async function makeFeedIn(cookie: string) {
  const made = await run(calendarSettings, form(`${base}/es/settings/calendar`, { intent: "make" }, { Cookie: cookie }), es);
  expect(made.status).toBe(200);
  return (made.data as { urls: { https: string } }).urls.https;
}

/** What a phone's calendar gets at the address. */
async function fetchFeed(url: string) {
  const file = new URL(url).pathname.split("/").pop()!;
  return run(calendarFile, new Request(url), { file });
}
const feedStatus = async (url: string) => (await fetchFeed(url)).status;

describe("the calendar address ends with the sign-ins", () => {
  it("signing out ends the address made in that browser, and signing out of another browser does not", async () => {
    const user = await createUser();
    const [here, elsewhere] = [await loginCookie(user.id), await loginCookie(user.id)];
    const feed = await makeFeedIn(here);
    expect(await feedStatus(feed)).toBe(200);

    expect((await run(logout, form(`${base}/es/logout`, {}, { Cookie: elsewhere }), es)).status).toBe(302);
    expect(await feedStatus(feed)).toBe(200);

    expect((await run(logout, form(`${base}/es/logout`, {}, { Cookie: here }), es)).status).toBe(302);
    expect(await feedStatus(feed)).toBe(404);
  });

  it("signing a listed session out from the settings ends the address made with it", async () => {
    const user = await createUser();
    const [here, lost] = [await loginCookie(user.id), await loginCookie(user.id)];
    const feed = await makeFeedIn(lost);
    const lostId = (await getDb().selectFrom("calendar_feeds").select("login_session_id").where("user_id", "=", user.id).executeTakeFirstOrThrow())
      .login_session_id!;
    const signedOut = await run(sessionsSettings, form(`${base}/es/settings/sessions`, { intent: "revoke", sessionId: lostId }, { Cookie: here }), es);
    expect(signedOut.status).toBe(302);
    expect(await feedStatus(feed)).toBe(404);
  });

  it("'sign out everywhere else' ends an address made in another browser and keeps this browser's", async () => {
    const user = await createUser();
    const [here, elsewhere] = [await loginCookie(user.id), await loginCookie(user.id)];
    const signOutOthers = () => run(sessionsSettings, form(`${base}/es/settings/sessions`, { intent: "revoke-others" }, { Cookie: here }), es);

    const madeElsewhere = await makeFeedIn(elsewhere);
    expect(await feedStatus(madeElsewhere)).toBe(200);
    expect((await signOutOthers()).status).toBe(302);
    expect(await feedStatus(madeElsewhere)).toBe(404);

    const madeHere = await makeFeedIn(here);
    expect((await signOutOthers()).status).toBe(302);
    expect(await feedStatus(madeHere)).toBe(200);
  });

  it("a password change ends an address made in another browser", async () => {
    const user = await createUser();
    const [here, elsewhere] = [await loginCookie(user.id), await loginCookie(user.id)];
    const feed = await makeFeedIn(elsewhere);
    expect(await feedStatus(feed)).toBe(200);
    const fields = { currentPassword: user.password, newPassword: "otra frase larga 2026", confirmPassword: "otra frase larga 2026" };
    const changed = await run(passwordSettings, form(`${base}/es/settings/password`, fields, { Cookie: here }), es);
    expect(changed.status).toBe(302);
    expect(await feedStatus(feed)).toBe(404);
  });

  it("a password reset ends the address a squatter made before the owner took the account back", async () => {
    // Someone signs up with the owner's address (never verified) and turns the calendar on.
    const account = await createUser({ verified: false });
    const squattersFeed = await makeFeedIn(await loginCookie(account.id));
    expect(await feedStatus(squattersFeed)).toBe(200);

    // The owner recovers the account from their inbox and books a game.
    const { deps, mails } = testDeps();
    await requestPasswordReset(deps, account.email);
    const mail = (await mails()).find((m) => m.to === account.email);
    expect(await resetPassword(deps, tokenFrom(mail!.text), "la frase del dueño 2026")).toBe(true);
    const game = await createSession({ startsInHours: 72 });
    await bookSeat(game.id, account.id);

    const after = await fetchFeed(squattersFeed);
    expect(after.status).toBe(404);
    expect(String(after.data)).not.toContain(game.id);
  });

  it("a ban ends the account's address", async () => {
    const [admin, target] = [await signedInUser({ role: "admin" }), await signedInUser()];
    const feed = await makeFeedIn(target.cookie);
    expect(await feedStatus(feed)).toBe(200);
    const banned = await run(
      moderate,
      form(`${base}/es/admin/moderation`, { target: "profile", id: target.id, action: "ban_user", reason: "Acoso reiterado" }, { Cookie: admin.cookie }),
      es,
    );
    expect(banned.status).toBe(302);
    expect(await feedStatus(feed)).toBe(404);
  });

  it("a banned account's address answers 404 even when it was left live", async () => {
    const user = await createUser();
    const feed = await makeFeedIn(await loginCookie(user.id));
    const setBanned = (at: Date | null) => getDb().updateTable("users").set({ banned_at: at }).where("id", "=", user.id).execute();
    await setBanned(new Date());
    expect(await feedStatus(feed)).toBe(404);
    await setBanned(null);
    expect(await feedStatus(feed)).toBe(200);
  });
});
