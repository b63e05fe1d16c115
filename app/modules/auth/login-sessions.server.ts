import type { Deps } from "#app/modules/deps.server";
import * as repo from "./repo.server";

export const LOGIN_SESSION_DAYS = 30;
/** A login session unused this long is over, even before its 30 days are up. */
export const LOGIN_SESSION_IDLE_DAYS = 14;

const days = (n: number) => n * 24 * 60 * 60 * 1000;

/** Where a request came from: rate limits count by address, and login sessions show both to their owner. */
export type RequestMeta = { ip: string; userAgent: string };

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

/** 'Sign out everywhere else': every other login session and every API token of the account. */
export async function endOtherLoginSessions(deps: Pick<Deps, "db" | "now">, userId: string, keepSessionId: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    await repo.revokeOtherLoginSessions(trx, userId, keepSessionId, deps.now);
    await repo.revokeAllApiTokens(trx, userId, deps.now);
  });
}
