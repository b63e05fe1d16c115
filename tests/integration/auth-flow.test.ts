import { describe, expect, it } from "vitest";
import { issueApiTokens, refreshApiTokens } from "../../app/modules/auth/api-tokens.server";
import { endLoginSession, startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { changePassword } from "../../app/modules/auth/password-change.server";
import { requestPasswordReset, resetPassword } from "../../app/modules/auth/password-reset.server";
import { getRequester } from "../../app/modules/auth/session.server";
import { checkCredentials } from "../../app/modules/auth/sign-in.server";
import { signUp, verifyEmail } from "../../app/modules/auth/sign-up.server";
import { loader as profileApi } from "../../app/routes/api.profile.$userId";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, meta, newMeta, signupInput, testDeps, tokenFrom, uniqueEmail, userIdOf } from "./helpers";

useTestDatabase();

describe("sign-up to API profile", () => {
  it("signs up, verifies by the mailed link, signs in and reads the profile with a token", async () => {
    const { deps, mails } = testDeps();
    const email = uniqueEmail("ana");
    const result = await signUp(deps, signupInput(email), newMeta());
    expect(result.status).toBe("created");

    const [mail] = await mails();
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toContain("Confirma tu correo");
    expect(await verifyEmail(deps, tokenFrom(mail!.text))).toBeTruthy();
    expect(await verifyEmail(deps, tokenFrom(mail!.text))).toBeNull(); // one use only

    const credentials = await checkCredentials(deps, email, "correct horse battery", meta);
    expect(credentials.ok).toBe(true);
    const record = await issueApiTokens(deps, credentials.ok ? credentials.userId : "");
    expect(record).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email, emailVerified: true } });

    const response = await profileApi({
      request: new Request(`http://localhost:3000/api/profile/${record!.user.id}`, { headers: { Authorization: `Bearer ${record!.access_token}` } }),
      params: { userId: record!.user.id },
      context: {},
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: record!.user.id, roles: ["user"], displayName: "Ana R", email });
  });

  it("does not reveal a taken email: same answer, and the owner gets an email", async () => {
    const { deps, mails } = testDeps();
    const email = uniqueEmail("taken");
    await signUp(deps, signupInput(email), newMeta());
    const again = await signUp(deps, { ...signupInput(email), displayName: "Impostor" }, newMeta());
    expect(again.status).toBe("exists");
    const messages = await mails();
    expect(messages).toHaveLength(2);
    // Both mails can share a millisecond, so find the message instead of trusting the order.
    const notice = messages.find((m) => m.subject.includes("Ya tienes una cuenta"));
    expect(notice?.to).toBe(email);
    expect(notice?.text).toContain("http://localhost:3000/es/forgot-password");
    const row = await getDb().selectFrom("users").select("display_name").where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.display_name).toBe("Ana R"); // the second sign-up changed nothing
  });

  it("expires the verification link after 24 hours", async () => {
    const { deps, at, mails } = testDeps();
    await signUp(deps, signupInput(uniqueEmail("late")), newMeta());
    const [mail] = await mails();
    expect(await verifyEmail(at(new Date(deps.now.getTime() + 25 * 3600_000)), tokenFrom(mail!.text))).toBeNull();
  });
});

describe("sign-in", () => {
  it("answers the same for an unknown email and a wrong password", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("same");
    await signUp(deps, signupInput(email), newMeta());
    const wrong = await checkCredentials(deps, email, "not the password", { ...meta, ip: "198.51.100.1" });
    const unknown = await checkCredentials(deps, uniqueEmail("nobody"), "not the password", { ...meta, ip: "198.51.100.2" });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual(wrong);
  });

  it("locks an account after 5 failures, even for the right password, until the window passes", async () => {
    const { deps, at } = testDeps();
    const email = uniqueEmail("locked");
    await signUp(deps, signupInput(email), newMeta());
    for (let i = 0; i < 5; i += 1) {
      expect((await checkCredentials(deps, email, `wrong-${i}`, { ...meta, ip: `198.51.100.${10 + i}` })).ok).toBe(false);
    }
    const locked = await checkCredentials(deps, email, "correct horse battery", meta);
    expect(locked).toMatchObject({ ok: false, reason: "rateLimited" });
    const later = await checkCredentials(at(new Date(deps.now.getTime() + 16 * 60_000)), email, "correct horse battery", meta);
    expect(later.ok).toBe(true);
  });

  it("limits attempts per address across accounts", async () => {
    const { deps } = testDeps();
    const ip = "192.0.2.99";
    for (let i = 0; i < 30; i += 1) await checkCredentials(deps, uniqueEmail("spray"), "x", { ...meta, ip });
    expect(await checkCredentials(deps, uniqueEmail("spray"), "x", { ...meta, ip })).toMatchObject({ reason: "rateLimited" });
  });

  it("forgets a revoked login session", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("revoked");
    const created = await signUp(deps, signupInput(email), newMeta());
    const userId = userIdOf(created);
    const loginSessionId = await startLoginSession(deps, userId, meta);
    const request = new Request("http://localhost:3000/es", { headers: { Cookie: await cookieForLoginSession(loginSessionId) } });
    expect((await getRequester(request, deps))?.id).toBe(userId);
    await endLoginSession(deps, userId, loginSessionId);
    expect(await getRequester(request, deps)).toBeNull();
  });
});

describe("tokens and passwords", () => {
  it("lets a refresh token work once", async () => {
    const { deps } = testDeps();
    const created = await signUp(deps, signupInput(uniqueEmail("refresh")), newMeta());
    const record = await issueApiTokens(deps, userIdOf(created));
    const next = await refreshApiTokens(deps, record!.refresh_token);
    expect(next?.access_token).not.toBe(record!.access_token);
    expect(await refreshApiTokens(deps, record!.refresh_token)).toBeNull();
    // The old pair is retired as a whole: its access token stops working too.
    const oldBearer = new Request("http://localhost:3000/api/x", { headers: { Authorization: `Bearer ${record!.access_token}` } });
    expect(await getRequester(oldBearer, deps)).toBeNull();
  });

  it("lets only one of two simultaneous refreshes win", async () => {
    const { deps } = testDeps();
    const record = await issueApiTokens(deps, userIdOf(await signUp(deps, signupInput(uniqueEmail("race")), newMeta())));
    const results = await Promise.all([refreshApiTokens(deps, record!.refresh_token), refreshApiTokens(deps, record!.refresh_token)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("stops accepting an access token once expires_in has passed", async () => {
    const { deps, at } = testDeps(new Date("2030-01-01T12:00:00Z"));
    const created = await signUp(deps, signupInput(uniqueEmail("expiry")), newMeta());
    const record = await issueApiTokens(deps, userIdOf(created));
    const request = new Request("http://localhost:3000/api/x", { headers: { Authorization: `Bearer ${record!.access_token}` } });
    const justBefore = new Date(deps.now.getTime() + (record!.expires_in - 1) * 1000);
    const justAfter = new Date(deps.now.getTime() + (record!.expires_in + 1) * 1000);
    expect((await getRequester(request, at(justBefore)))?.id).toBe(record!.user.id);
    expect(await getRequester(request, at(justAfter))).toBeNull();
  });

  it("resets a password from the mailed link and signs out everywhere", async () => {
    const { deps, mails } = testDeps();
    const email = uniqueEmail("reset");
    const created = await signUp(deps, signupInput(email), newMeta());
    const userId = userIdOf(created);
    const loginSessionId = await startLoginSession(deps, userId, meta);
    const tokens = await issueApiTokens(deps, userId);
    await requestPasswordReset(deps, email);
    const resetMail = (await mails()).find((m) => m.subject.includes("Restablece"));
    expect(await resetPassword(deps, tokenFrom(resetMail!.text), "brand new password")).toBe(true);

    const cookieRequest = new Request("http://localhost:3000/es", { headers: { Cookie: await cookieForLoginSession(loginSessionId) } });
    const bearerRequest = new Request("http://localhost:3000/api/x", { headers: { Authorization: `Bearer ${tokens!.access_token}` } });
    expect(await getRequester(cookieRequest, deps)).toBeNull();
    expect(await getRequester(bearerRequest, deps)).toBeNull();
    expect((await checkCredentials(deps, email, "brand new password", meta)).ok).toBe(true);
  });

  it("refuses a password change with the wrong current password", async () => {
    const { deps } = testDeps();
    const created = await signUp(deps, signupInput(uniqueEmail("change")), newMeta());
    const userId = userIdOf(created);
    expect(await changePassword(deps, { userId, currentPassword: "nope", newPassword: "another secret", keepSessionId: null })).toEqual({
      ok: false,
      reason: "wrongPassword",
    });
    expect(await changePassword(deps, { userId, currentPassword: "correct horse battery", newPassword: "another secret", keepSessionId: null })).toEqual({
      ok: true,
    });
  });
});
