import { describe, expect, it } from "vitest";
import { settleAfterResponse } from "../../app/modules/auth/after-response.server";
import { changePassword, isResetTokenLive, queuePasswordReset, requestPasswordReset, resetPassword, signUp } from "../../app/modules/auth/auth.server";
import type { Mailer } from "../../app/services/mailer/mailer";
import { useTestDatabase } from "../setup/database";
import { newMeta, signupInput, testDeps, tokenFrom, uniqueEmail, userIdOf } from "./helpers";

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
