import { hashSecret, newSecret } from "#app/lib/secrets.server";
import type { Deps } from "#app/modules/deps.server";
import { notifyWelcome } from "#app/modules/notifications/notifications.server";
import { consumeLimit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as users from "#app/modules/users/index.server";
import type { RequestMeta } from "./login-sessions.server";
import { mailInTheirLanguage } from "./mail-in-their-language.server";
import * as oneTimeTokens from "./one-time-tokens-repo.server";
import { hashPassword } from "./password.server";
import type { SignupInput } from "./schema";

export const VERIFY_EMAIL_HOURS = 24;

/**
 * Creates an account, or—when the email is taken—mails its owner instead. Both paths hash a
 * password and send one email, so the answer and its timing reveal nothing about the address.
 */
export async function signUp(deps: Deps, input: SignupInput, meta: RequestMeta) {
  const limited = await consumeLimit(deps.db, `signup:ip:${meta.ip}`, limits.signupPerAddress, deps.now);
  if (limited.limited) return { status: "rateLimited" as const, retryAfterSeconds: limited.retryAfterSeconds };
  const passwordHash = await hashPassword(input.password);
  const userId = await users.insertUser(deps.db, {
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    displayName: input.displayName,
    roles: input.role === "dm" ? ["user", "dm"] : ["user"],
    preferredLanguage: input.preferredLanguage,
    timeZone: input.timeZone,
  });
  if (userId) {
    await sendVerificationEmail(deps, userId);
    return { status: "created" as const, userId };
  }
  const existing = await users.findUserByEmail(deps.db, input.email);
  if (existing) await mailInTheirLanguage(deps, existing, { kind: "accountExists", path: "/forgot-password" });
  return { status: "exists" as const };
}

/** Mails a fresh verification link (valid 24 h); earlier links keep working until they expire. */
export async function sendVerificationEmail(deps: Deps, userId: string) {
  const user = await users.findUserById(deps.db, userId);
  if (!user || user.email_verified_at) return false;
  const limited = await consumeLimit(deps.db, `mail:verify:${userId}`, limits.mailPerAccount, deps.now);
  if (limited.limited) return false;
  const token = newSecret();
  await oneTimeTokens.insertOneTimeToken(deps.db, {
    userId,
    purpose: "verify_email",
    tokenHash: hashSecret(token),
    expiresAt: new Date(deps.now.getTime() + VERIFY_EMAIL_HOURS * 60 * 60 * 1000),
    now: deps.now,
  });
  await mailInTheirLanguage(deps, user, { kind: "verifyEmail", path: `/auth/verify-email?token=${encodeURIComponent(token)}` });
  return true;
}

export async function verifyEmail(deps: Deps, token: string) {
  return deps.db.transaction().execute(async (trx) => {
    const userId = await oneTimeTokens.consumeOneTimeToken(trx, "verify_email", hashSecret(token), deps.now);
    if (!userId) return null;
    if (await users.markEmailVerified(trx, userId, deps.now)) await notifyWelcome({ db: trx, now: deps.now }, userId);
    return userId;
  });
}
