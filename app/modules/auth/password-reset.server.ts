import { hashSecret, newSecret } from "#app/lib/secrets.server";
import type { Deps } from "#app/modules/deps.server";
import { consumeLimit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as users from "#app/modules/users/index.server";
import { runAfterResponse } from "./after-response.server";
import { mailInTheirLanguage } from "./mail-in-their-language.server";
import * as oneTimeTokens from "./one-time-tokens-repo.server";
import { hashPassword } from "./password.server";
import * as repo from "./repo.server";

export const RESET_PASSWORD_MINUTES = 60;

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
  await oneTimeTokens.insertOneTimeToken(deps.db, {
    userId: user.id,
    purpose: "reset_password",
    tokenHash: hashSecret(token),
    expiresAt: new Date(deps.now.getTime() + RESET_PASSWORD_MINUTES * 60 * 1000),
    now: deps.now,
  });
  await mailInTheirLanguage(deps, user, { kind: "resetPassword", path: `/reset-password?token=${encodeURIComponent(token)}` });
}

export async function isResetTokenLive(deps: Deps, token: string) {
  return Boolean(await oneTimeTokens.findLiveOneTimeToken(deps.db, "reset_password", hashSecret(token), deps.now));
}

/** Sets a new password from a reset link and signs the account out everywhere, its calendar address included. */
export async function resetPassword(deps: Deps, token: string, password: string) {
  const hash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const userId = await oneTimeTokens.consumeOneTimeToken(trx, "reset_password", hashSecret(token), deps.now);
    if (!userId) return false;
    await users.setPasswordHash(trx, userId, hash, deps.now);
    // Whoever can read the inbox has proven ownership of the address.
    await users.markEmailVerified(trx, userId, deps.now);
    await oneTimeTokens.revokeOneTimeTokens(trx, userId, "reset_password", deps.now);
    // Whoever held the account before (a sign-up made in advance, a thief) loses every sign-in and the calendar address.
    await repo.revokeEverySignIn(trx, userId, null, deps.now);
    return true;
  });
}
