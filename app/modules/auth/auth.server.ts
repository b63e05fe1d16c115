import { randomUUID } from "node:crypto";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { isLocale } from "#app/modules/i18n/rules";
import { notifyWelcome } from "#app/modules/notifications/notifications.server";
import { clearHits, consumeLimit, consumeLimits, refundHit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as users from "#app/modules/users/repo.server";
import { displayNameOf } from "#app/modules/users/rules";
import { runAfterResponse } from "./after-response.server";
import { buildEmail } from "./emails.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";
import * as repo from "./repo.server";
import type { SignupInput } from "./schema";
import { hashSecret, newSecret } from "./tokens.server";

export const LOGIN_SESSION_DAYS = 30;
/** A login session unused this long is over, even before its 30 days are up. */
export const LOGIN_SESSION_IDLE_DAYS = 14;
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_DAYS = 30;
export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 60;

const days = (n: number) => n * 24 * 60 * 60 * 1000;
const langOf = (value: string): Locale => (isLocale(value) ? value : "es");

export type RequestMeta = { ip: string; userAgent: string };

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
  if (existing) {
    const lang = langOf(existing.preferred_language);
    await deps.mailer.send(
      buildEmail({
        to: existing.email,
        lang,
        kind: "accountExists",
        name: displayNameOf({ displayName: existing.display_name, email: existing.email }),
        link: `${deps.appUrl}/${lang}/forgot-password`,
      }),
    );
  }
  return { status: "exists" as const };
}

/** Mails a fresh verification link (valid 24 h); earlier links keep working until they expire. */
export async function sendVerificationEmail(deps: Deps, userId: string) {
  const user = await users.findUserById(deps.db, userId);
  if (!user || user.email_verified_at) return false;
  const limited = await consumeLimit(deps.db, `mail:verify:${userId}`, limits.mailPerAccount, deps.now);
  if (limited.limited) return false;
  const token = newSecret();
  await repo.insertOneTimeToken(deps.db, {
    userId,
    purpose: "verify_email",
    tokenHash: hashSecret(token),
    expiresAt: new Date(deps.now.getTime() + VERIFY_EMAIL_HOURS * 60 * 60 * 1000),
    now: deps.now,
  });
  const lang = langOf(user.preferred_language);
  await deps.mailer.send(
    buildEmail({
      to: user.email,
      lang,
      kind: "verifyEmail",
      name: displayNameOf({ displayName: user.display_name, email: user.email }),
      link: `${deps.appUrl}/${lang}/auth/verify-email?token=${encodeURIComponent(token)}`,
    }),
  );
  return true;
}

export async function verifyEmail(deps: Deps, token: string) {
  return deps.db.transaction().execute(async (trx) => {
    const userId = await repo.consumeOneTimeToken(trx, "verify_email", hashSecret(token), deps.now);
    if (!userId) return null;
    if (await users.markEmailVerified(trx, userId, deps.now)) await notifyWelcome({ db: trx, now: deps.now }, userId);
    return userId;
  });
}

export type CredentialResult =
  { ok: true; userId: string } | { ok: false; reason: "invalid" } | { ok: false; reason: "rateLimited"; retryAfterSeconds: number };

/**
 * Checks an email and password. Every attempt is counted per account and per address before the
 * password is checked, in one locked step per bucket, so parallel guesses cannot all slip under
 * the limit; while either bucket is full no password is checked at all. A right password gives
 * its hits back. Unknown emails cost the same hashing time as wrong passwords.
 */
export async function checkCredentials(deps: Deps, email: string, password: string, meta: RequestMeta): Promise<CredentialResult> {
  const accountBucket = `login:email:${email.toLowerCase()}`;
  const taken = await consumeLimits(
    deps.db,
    [
      [accountBucket, limits.loginPerAccount],
      [`login:ip:${meta.ip}`, limits.loginPerAddress],
    ],
    deps.now,
  );
  if (!Array.isArray(taken)) return { ok: false, reason: "rateLimited", retryAfterSeconds: taken.retryAfterSeconds };
  const account = await users.findCredentialsByEmail(deps.db, email);
  const valid = account?.password_hash ? await verifyPassword(account.password_hash, password) : await verifyAgainstDummy(password);
  if (!account || !valid || account.banned_at) return { ok: false, reason: "invalid" };
  await clearHits(deps.db, accountBucket);
  for (const hit of taken) if (!hit.limited) await refundHit(deps.db, hit.hitId);
  return { ok: true, userId: account.id };
}

export function startLoginSession(deps: Deps, userId: string, meta: RequestMeta) {
  return repo.insertLoginSession(deps.db, {
    userId,
    expiresAt: new Date(deps.now.getTime() + days(LOGIN_SESSION_DAYS)),
    userAgent: meta.userAgent,
    ip: meta.ip,
    now: deps.now,
  });
}

export async function endLoginSession(deps: Deps, userId: string, sessionId: string) {
  return repo.revokeLoginSession(deps.db, userId, sessionId, deps.now);
}

export const idleCutoff = (now: Date) => new Date(now.getTime() - days(LOGIN_SESSION_IDLE_DAYS));

export const listLoginSessions = (deps: Pick<Deps, "db" | "now">, userId: string) => repo.listLoginSessions(deps.db, userId, deps.now, idleCutoff(deps.now));

/**
 * What forgot-password does for a request: nothing is looked up, written or mailed before the
 * answer, so a registered address and an unknown one answer in the same time. The work itself
 * (requestPasswordReset) runs once the response is on its way.
 */
export function queuePasswordReset(deps: Deps, email: string): void {
  runAfterResponse("password-reset", () => requestPasswordReset(deps, email));
}

/** Mails a 60-minute reset link only when the account exists. */
export async function requestPasswordReset(deps: Deps, email: string) {
  const user = await users.findUserByEmail(deps.db, email);
  if (!user || user.banned_at) return;
  const limited = await consumeLimit(deps.db, `mail:reset:${user.id}`, limits.mailPerAccount, deps.now);
  if (limited.limited) return;
  const token = newSecret();
  await repo.insertOneTimeToken(deps.db, {
    userId: user.id,
    purpose: "reset_password",
    tokenHash: hashSecret(token),
    expiresAt: new Date(deps.now.getTime() + RESET_PASSWORD_MINUTES * 60 * 1000),
    now: deps.now,
  });
  const lang = langOf(user.preferred_language);
  await deps.mailer.send(
    buildEmail({
      to: user.email,
      lang,
      kind: "resetPassword",
      name: displayNameOf({ displayName: user.display_name, email: user.email }),
      link: `${deps.appUrl}/${lang}/reset-password?token=${encodeURIComponent(token)}`,
    }),
  );
}

export async function isResetTokenLive(deps: Deps, token: string) {
  return Boolean(await repo.findLiveOneTimeToken(deps.db, "reset_password", hashSecret(token), deps.now));
}

/** Sets a new password from a reset link and signs the account out everywhere. */
export async function resetPassword(deps: Deps, token: string, password: string) {
  const hash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const userId = await repo.consumeOneTimeToken(trx, "reset_password", hashSecret(token), deps.now);
    if (!userId) return false;
    await users.setPasswordHash(trx, userId, hash, deps.now);
    // Whoever can read the inbox has proven ownership of the address.
    await users.markEmailVerified(trx, userId, deps.now);
    await repo.revokeOneTimeTokens(trx, userId, "reset_password", deps.now);
    await repo.revokeOtherLoginSessions(trx, userId, null, deps.now);
    await repo.revokeAllApiTokens(trx, userId, deps.now);
    return true;
  });
}

/** Changes the password after checking the current one; other devices are signed out. */
export async function changePassword(deps: Deps, input: { userId: string; currentPassword: string; newPassword: string; keepSessionId: string | null }) {
  const bucket = `password:check:${input.userId}`;
  const limited = await consumeLimit(deps.db, bucket, limits.passwordChecksPerAccount, deps.now);
  if (limited.limited) return { ok: false as const, reason: "rateLimited" as const, retryAfterSeconds: limited.retryAfterSeconds };
  const row = await users.findPasswordHash(deps.db, input.userId);
  if (!row?.password_hash || !(await verifyPassword(row.password_hash, input.currentPassword))) return { ok: false as const, reason: "wrongPassword" as const };
  await clearHits(deps.db, bucket);
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await users.setPasswordHash(trx, input.userId, hash, deps.now);
    // A reset link mailed before the change would otherwise undo it.
    await repo.revokeOneTimeTokens(trx, input.userId, "reset_password", deps.now);
    await repo.revokeOtherLoginSessions(trx, input.userId, input.keepSessionId, deps.now);
    await repo.revokeAllApiTokens(trx, input.userId, deps.now);
  });
  const user = await users.findUserById(deps.db, input.userId);
  if (user) {
    await deps.mailer.send(
      buildEmail({
        to: user.email,
        lang: langOf(user.preferred_language),
        kind: "passwordChanged",
        name: displayNameOf({ displayName: user.display_name, email: user.email }),
      }),
    );
  }
  return { ok: true as const };
}

export type AuthSessionRecord = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
  user: { id: string; email: string; displayName: string; roles: string[]; emailVerified: boolean };
};

/** Issues an access token (1 h) and a single-use refresh token (30 days); only hashes are stored. */
export async function issueApiTokens(
  deps: Deps,
  userId: string,
  family: { id: string; startedAt: Date; userAgent: string } | { userAgent: string } | null = null,
): Promise<AuthSessionRecord | null> {
  const user = await users.findUserById(deps.db, userId);
  if (!user || user.banned_at) return null;
  const access = newSecret();
  const refresh = newSecret();
  await repo.insertApiToken(deps.db, {
    userId,
    accessHash: hashSecret(access),
    refreshHash: hashSecret(refresh),
    accessExpiresAt: new Date(deps.now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    refreshExpiresAt: new Date(deps.now.getTime() + days(REFRESH_TOKEN_DAYS)),
    now: deps.now,
    family: family && "id" in family ? family : family ? { id: randomUUID(), startedAt: deps.now, userAgent: family.userAgent } : null,
  });
  return {
    access_token: access,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refresh,
    user: {
      id: user.id,
      email: user.email,
      displayName: displayNameOf({ displayName: user.display_name, email: user.email }),
      roles: user.roles,
      emailVerified: Boolean(user.email_verified_at),
    },
  };
}

/** Rotates a refresh token within its family; reusing a rotated one revokes the family (see repo). */
export async function refreshApiTokens(deps: Deps, refreshToken: string) {
  const spent = await repo.consumeRefreshToken(deps.db, hashSecret(refreshToken), deps.now);
  if (spent.status !== "rotated") return null;
  return issueApiTokens(deps, spent.user_id, { id: spent.family_id, startedAt: new Date(spent.family_started_at), userAgent: spent.user_agent });
}

export const listApiClients = (deps: Pick<Deps, "db" | "now">, userId: string) => repo.listApiTokenFamilies(deps.db, userId, deps.now);

export const revokeApiClient = (deps: Pick<Deps, "db" | "now">, userId: string, familyId: string) =>
  repo.revokeApiTokenFamily(deps.db, userId, familyId, deps.now);

export async function recordAuthMetric(deps: Deps, input: { eventType: string; provider: string; mode: string; errorMessage: string | null }, ip: string) {
  const limited = await consumeLimit(deps.db, `metrics:ip:${ip}`, limits.metricsPerAddress, deps.now);
  if (limited.limited) return false;
  await repo.insertAuthMetric(deps.db, { ...input, errorMessage: input.errorMessage?.slice(0, 1000) ?? null, now: deps.now });
  return true;
}

export async function hasPassword(deps: Pick<Deps, "db">, userId: string) {
  const row = await users.findPasswordHash(deps.db, userId);
  return Boolean(row?.password_hash);
}

/** 'Sign out everywhere else': every other login session and every API token of the account. */
export async function endOtherLoginSessions(deps: Pick<Deps, "db" | "now">, userId: string, keepSessionId: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await repo.revokeOtherLoginSessions(trx, userId, keepSessionId, deps.now);
    await repo.revokeAllApiTokens(trx, userId, deps.now);
  });
}
