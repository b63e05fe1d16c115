import type { Deps } from "#app/modules/deps.server";
import { clearHits, consumeLimits, refundHit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as users from "#app/modules/users/index.server";
import type { RequestMeta } from "./login-sessions.server";
import { verifyAgainstDummy, verifyPassword } from "./password.server";

export type CredentialResult =
  { ok: true; userId: string } | { ok: false; reason: "invalid" | "banned" } | { ok: false; reason: "rateLimited"; retryAfterSeconds: number };

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
  if (!account || !valid) return { ok: false, reason: "invalid" };
  // Only the right password learns of the ban (decision record 063): a guesser learns nothing new.
  if (account.banned_at) return { ok: false, reason: "banned" };
  await clearHits(deps.db, accountBucket);
  for (const hit of taken) if (!hit.limited) await refundHit(deps.db, hit.hitId);
  return { ok: true, userId: account.id };
}
