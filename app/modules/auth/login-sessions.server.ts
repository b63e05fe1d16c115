import type { Deps } from "#app/modules/deps.server";
import type { Database } from "#db/client.server";
import * as repo from "./repo.server";
import { LOGIN_SESSION_DAYS } from "./rules";

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

/** Signing out: the login session, the streams it opened and the calendar address made with it (decision record 067). */
export async function endLoginSession(deps: Deps, userId: string, sessionId: string) {
  return repo.revokeLoginSession(deps.db, userId, sessionId, deps.now);
}

export const listLoginSessions = (deps: Pick<Deps, "db" | "now">, userId: string) => repo.listLoginSessions(deps.db, userId, deps.now);

/**
 * Which of these login sessions and access tokens are still accepted at `now`, by the same rule as
 * every request's sign-in: what an open event stream is checked against (decision record 047).
 */
export const acceptedCredentials = (db: Database, ids: { loginSessionIds: string[]; apiTokenIds: string[] }, now: Date) =>
  repo.acceptedCredentials(db, ids, now);

/** 'Sign out everywhere else': every other login session, every API token and a calendar address not made here. */
export async function endOtherLoginSessions(deps: Pick<Deps, "db" | "now">, userId: string, keepSessionId: string | null) {
  await repo.revokeEverySignIn(deps.db, userId, keepSessionId, deps.now);
}
