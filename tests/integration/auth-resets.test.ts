import { describe, expect, it } from "vitest";
import { settleAfterResponse } from "../../app/modules/auth/after-response.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { changePassword } from "../../app/modules/auth/password-change.server";
import { isResetTokenLive, queuePasswordReset, requestPasswordReset, resetPassword } from "../../app/modules/auth/password-reset.server";
import { checkCredentials } from "../../app/modules/auth/sign-in.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { action as reset } from "../../app/routes/$lang.reset-password";
import { action as changePage } from "../../app/routes/$lang.settings.password";
import { action as signup } from "../../app/routes/$lang.signup";
import type { Mailer } from "../../app/services/mailer/mailer";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, meta, newMeta, signupInput, testDeps, tokenFrom, uniqueEmail, userIdOf } from "./helpers";
import { fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

const resetLinks = async (mails: () => Promise<{ to: string; subject: string; text: string }[]>, email: string) =>
  (await mails()).filter((m) => m.to === email && m.subject.includes("Restablece")).map((m) => tokenFrom(m.text));

describe("reset links", () => {
  it("kills every other outstanding reset link when one of them is used", async () => {
    const { deps, mails } = testDeps();
    const email = uniqueEmail("links");
    await signUp(deps, signupInput(email), newMeta());
    await requestPasswordReset(deps, email);
    await requestPasswordReset(deps, email);
    const [first, second] = await resetLinks(mails, email);
    expect(await isResetTokenLive(deps, second!)).toBe(true);
    expect(await resetPassword(deps, first!, "a brand new passphrase")).toBe(true);
    expect(await isResetTokenLive(deps, second!)).toBe(false);
    expect(await resetPassword(deps, second!, "an attacker's passphrase")).toBe(false);
  });

  it("kills outstanding reset links when the password is changed in the settings", async () => {
    const { deps, mails } = testDeps();
    const email = uniqueEmail("change");
    const userId = userIdOf(await signUp(deps, signupInput(email), newMeta()));
    await requestPasswordReset(deps, email);
    const [link] = await resetLinks(mails, email);
    const changed = await changePassword(deps, {
      userId,
      currentPassword: "correct horse battery",
      newPassword: "a brand new passphrase",
      keepSessionId: null,
    });
    expect(changed).toEqual({ ok: true });
    expect(await isResetTokenLive(deps, link!)).toBe(false);
  });
});

describe("forgot-password timing", () => {
  it("answers a registered address without waiting for the database or the mailer", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("slowmail");
    await signUp(deps, signupInput(email), newMeta());
    let release: () => void = () => {};
    let reached: (to: string) => void = () => {};
    const mailerReached = new Promise<string>((resolve) => (reached = resolve));
    // A mailer that only finishes when the test says so: the answer must not wait for it.
    const stuck: Mailer = {
      send: (message) =>
        new Promise<void>((resolve) => {
          reached(message.to);
          release = resolve;
        }),
    };
    let mailerCalledBeforeAnswer = false;
    void mailerReached.then(() => (mailerCalledBeforeAnswer = true));
    const answer = queuePasswordReset({ ...deps, mailer: stuck }, email);
    expect(answer).toBeUndefined();
    expect(mailerCalledBeforeAnswer).toBe(false);
    // Once the answer is out, the mail goes.
    expect(await mailerReached).toBe(email);
    const settled = settleAfterResponse();
    release();
    await settled;
  });
});

describe("common passwords are refused on every form that sets one", () => {
  const base = "http://localhost:3000";
  const es = { lang: "es" };
  let ip = 0;
  const fromNewAddress = () => ({ "x-client-ip": `198.19.0.${++ip}` });

  it("refuses 12345678 at sign-up, keeps the other fields and creates nobody", async () => {
    const email = uniqueEmail("weak");
    const fields = { email, password: "12345678", firstName: "Bea", lastName: "Souza", displayName: "Bea S", role: "user", preferredLanguage: "es" };
    const result = await run(signup, form(`${base}/es/signup`, fields, fromNewAddress()), es);
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).password).toEqual(["passwordTooWeak"]);
    expect(initialValue(result.data)).toMatchObject({ email, firstName: "Bea" });
    expect(initialValue(result.data)).not.toHaveProperty("password");
    expect(await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    const strong = await run(signup, form(`${base}/es/signup`, { ...fields, password: "dados y dragones" }, fromNewAddress()), es);
    expect(strong.status).toBe(302);
  });

  it("refuses a weak password from a reset link and leaves the link usable", async () => {
    const { deps, mails } = testDeps();
    const email = uniqueEmail("weakreset");
    await signUp(deps, signupInput(email), newMeta());
    await requestPasswordReset(deps, email);
    const [token] = await resetLinks(mails, email);
    const weak = await run(reset, form(`${base}/es/reset-password`, { token: token!, password: "password1", confirmPassword: "password1" }), es);
    expect(fieldErrors(weak.data).password).toEqual(["passwordTooWeak"]);
    expect(await isResetTokenLive(deps, token!)).toBe(true);
  });

  it("refuses a weak new password in the settings and keeps the old one", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("weakchange");
    const userId = userIdOf(await signUp(deps, signupInput(email), newMeta()));
    const cookie = await cookieForLoginSession(await startLoginSession(deps, userId, meta));
    const fields = { currentPassword: "correct horse battery", newPassword: "qwertyuiop", confirmPassword: "qwertyuiop" };
    const result = await run(changePage, form(`${base}/es/settings/password`, fields, { Cookie: cookie }), es);
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).newPassword).toEqual(["passwordTooWeak"]);
    expect(await checkCredentials(deps, email, "correct horse battery", newMeta())).toMatchObject({ ok: true });
  });
});
