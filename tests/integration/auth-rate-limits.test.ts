import { describe, expect, it } from "vitest";
import { changePassword } from "../../app/modules/auth/password-change.server";
import { checkCredentials } from "../../app/modules/auth/sign-in.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { checkUsername } from "../../app/modules/profiles/profiles.server";
import { consumeLimit } from "../../app/modules/rate-limits/rate-limits.server";
import { action as token } from "../../app/routes/api.auth.token";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { newMeta, signupInput, testDeps, uniqueEmail, userIdOf } from "./helpers";
import { run } from "./route";

// Limits count in the database; these fire many requests at once, because a limit that counts
// and records in separate statements lets every one of a burst through.
useTestDatabase();

const base = "http://localhost:3000";
const tokenRequest = (email: string, password: string, ip: string) =>
  new Request(`${base}/api/auth/token`, {
    method: "POST",
    body: JSON.stringify({ email, password }),
    headers: { "Content-Type": "application/json", "x-client-ip": ip },
  });

const countBucket = async (bucket: string) =>
  Number(
    (
      await getDb()
        .selectFrom("rate_limit_events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("bucket", "=", bucket)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("sign-in limits under a burst", () => {
  it("checks at most 5 of 50 parallel wrong passwords for one account through the token API", async () => {
    const email = uniqueEmail("burst");
    await signUp(testDeps().deps, signupInput(email), newMeta());
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => run(token, tokenRequest(email, `wrong password ${i}`, `192.0.2.${i + 1}`))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect(results.find((r) => r.status === 429)?.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Even the right password is refused now, without being checked.
    expect((await run(token, tokenRequest(email, "correct horse battery", "192.0.2.200"))).status).toBe(429);
  });

  it("counts an attempt before checking it, and gives the hits back when the password is right", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("refund");
    await signUp(deps, signupInput(email), newMeta());
    const meta = { ip: "192.0.2.250", userAgent: "vitest" };
    await checkCredentials(deps, email, "wrong one", meta);
    expect(await countBucket(`login:email:${email}`)).toBe(1);
    expect(await countBucket("login:ip:192.0.2.250")).toBe(1);
    expect(await checkCredentials(deps, email, "correct horse battery", meta)).toMatchObject({ ok: true });
    expect(await countBucket(`login:email:${email}`)).toBe(0);
    // The failed attempt still counts for the address; the right one does not.
    expect(await countBucket("login:ip:192.0.2.250")).toBe(1);
  });
});

describe("sign-up limit under a burst", () => {
  it("creates at most 10 accounts from 25 parallel sign-ups from one address", async () => {
    const { deps } = testDeps();
    const meta = { ip: "198.51.100.77", userAgent: "vitest" };
    const results = await Promise.all(Array.from({ length: 25 }, () => signUp(deps, signupInput(uniqueEmail("flood")), meta)));
    expect(results.filter((r) => r.status === "created")).toHaveLength(10);
    expect(results.filter((r) => r.status === "rateLimited")).toHaveLength(15);
  });
});

describe("other limits", () => {
  it("allows 20 parallel username checks in 10 minutes and refuses the rest", async () => {
    const { deps } = testDeps();
    const userId = userIdOf(await signUp(deps, signupInput(uniqueEmail("names")), newMeta()));
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => checkUsername(deps, userId, `name_${i}`)));
    expect(verdicts.filter((v) => !v.ok && v.error === "usernameCheckLimited")).toHaveLength(10);
  });

  it("limits the current-password check on the password settings page", async () => {
    const { deps } = testDeps();
    const userId = userIdOf(await signUp(deps, signupInput(uniqueEmail("change")), newMeta()));
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        changePassword(deps, { userId, currentPassword: "not it", newPassword: "a much better passphrase", keepSessionId: null }),
      ),
    );
    expect(attempts.filter((a) => !a.ok && a.reason === "wrongPassword")).toHaveLength(5);
    expect(attempts.filter((a) => !a.ok && a.reason === "rateLimited")).toHaveLength(7);
    const right = await changePassword(deps, {
      userId,
      currentPassword: "correct horse battery",
      newPassword: "a much better passphrase",
      keepSessionId: null,
    });
    expect(right).toMatchObject({ ok: false, reason: "rateLimited" });
  });

  it("prunes a bucket's hits once they leave the window", async () => {
    const start = new Date("2030-01-01T10:00:00Z");
    const limit = { max: 2, windowSeconds: 60 };
    await consumeLimit(getDb(), "prune:test", limit, start);
    await consumeLimit(getDb(), "prune:test", limit, start);
    expect(await consumeLimit(getDb(), "prune:test", limit, start)).toMatchObject({ limited: true, retryAfterSeconds: 60 });
    expect(await countBucket("prune:test")).toBe(2);
    const later = new Date(start.getTime() + 61_000);
    expect(await consumeLimit(getDb(), "prune:test", limit, later)).toMatchObject({ limited: false });
    expect(await countBucket("prune:test")).toBe(1);
  });
});
