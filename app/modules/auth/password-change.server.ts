import type { Deps } from "#app/modules/deps.server";
import { clearHits, consumeLimit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as users from "#app/modules/users/index.server";
import { mailInTheirLanguage } from "./mail-in-their-language.server";
import * as oneTimeTokens from "./one-time-tokens-repo.server";
import { hashPassword, verifyPassword } from "./password.server";
import * as repo from "./repo.server";

/** Changes the password after checking the current one; other devices are signed out and their calendar address ends. */
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
    await oneTimeTokens.revokeOneTimeTokens(trx, input.userId, "reset_password", deps.now);
    await repo.revokeEverySignIn(trx, input.userId, input.keepSessionId, deps.now);
  });
  const user = await users.findUserById(deps.db, input.userId);
  if (user) await mailInTheirLanguage(deps, user, { kind: "passwordChanged" });
  return { ok: true as const };
}

export async function hasPassword(deps: Pick<Deps, "db">, userId: string) {
  const row = await users.findPasswordHash(deps.db, userId);
  return Boolean(row?.password_hash);
}
