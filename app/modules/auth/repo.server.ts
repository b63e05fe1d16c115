import type { ExpressionBuilder } from "kysely";
import { inTransaction } from "#app/lib/transaction.server";
import { announceRevocation } from "#app/modules/live/index.server";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";
import type { DB } from "#db/schema";
import { accessTokenAccepted, revokeAllApiTokens } from "./api-tokens-repo.server";
import { revokeFeed, revokeFeedOfSignIn } from "./calendar-feeds-repo.server";
import { idleCutoff } from "./rules";

export * from "./api-tokens-repo.server";

/**
 * The one rule for a login session that still counts at `now`: not revoked, within its 30 days,
 * used within the idle timeout (14 days), its account not banned. Every request's sign-in, the list
 * of one's sessions and the open event streams' sweep all filter with it. On `login_sessions as s`
 * joined with `users as u`.
 */
const loginSessionAcceptedAt = (now: Date, idleSince: Date) => (eb: ExpressionBuilder<{ s: DB["login_sessions"]; u: DB["users"] }, "s" | "u">) =>
  eb.and([eb("s.revoked_at", "is", null), eb("s.expires_at", ">", now), eb("s.last_seen_at", ">", idleSince), eb("u.banned_at", "is", null)]);
const loginSessionAccepted = (now: Date) => loginSessionAcceptedAt(now, idleCutoff(now));

export async function insertLoginSession(db: Database, input: { userId: string; expiresAt: Date; userAgent: string; ip: string; now: Date }) {
  const row = await db
    .insertInto("login_sessions")
    .values({
      user_id: input.userId,
      expires_at: input.expiresAt,
      user_agent: input.userAgent.slice(0, 300),
      ip: input.ip.slice(0, 64),
      created_at: input.now,
      last_seen_at: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The user behind a login session that still counts (not revoked, not expired, not idle too long,
 * not banned). Every signed-in request asks, so it is compiled once (db/prepared.ts).
 */
export async function findUserByLoginSession(db: Database, sessionId: string, now: Date) {
  const [row] = await userByLoginSession(db, { sessionId, now, idleSince: idleCutoff(now) });
  return row;
}

const userByLoginSession = preparedQuery(["sessionId", "now", "idleSince"], (db, args: { sessionId: string; now: Date; idleSince: Date }) =>
  db
    .selectFrom("login_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id as session_id",
      "s.last_seen_at",
      "u.id",
      "u.email",
      "u.email_verified_at",
      "u.display_name",
      "u.first_name",
      "u.last_name",
      "u.roles",
      "u.preferred_language",
      "u.time_zone",
      "u.save_data",
    ])
    .where("s.id", "=", args.sessionId)
    .where(loginSessionAcceptedAt(args.now, args.idleSince)),
);

export async function touchLoginSession(db: Database, sessionId: string, now: Date) {
  await db.updateTable("login_sessions").set({ last_seen_at: now }).where("id", "=", sessionId).execute();
}

export function listLoginSessions(db: Database, userId: string, now: Date) {
  return db
    .selectFrom("login_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.created_at", "s.last_seen_at", "s.user_agent", "s.ip"])
    .where("s.user_id", "=", userId)
    .where(loginSessionAccepted(now))
    .orderBy("s.last_seen_at", "desc")
    .limit(50)
    .execute();
}

/**
 * Every revocation below also ends the event streams the revoked sign-ins opened, on every server
 * process: it is announced in the live event log in the same transaction (decision record 039).
 */
export async function revokeLoginSession(db: Database, userId: string, sessionId: string, now: Date) {
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .updateTable("login_sessions")
      .set({ revoked_at: now })
      .where("id", "=", sessionId)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    await announceRevocation(trx, userId, { loginSessionIds: rows.map((r) => r.id), apiTokenIds: [] });
    // The calendar address made while signed in with it ends with it (decision record 067).
    await revokeFeedOfSignIn(trx, userId, sessionId, now);
    return rows.length > 0;
  });
}

export async function revokeOtherLoginSessions(db: Database, userId: string, keepSessionId: string | null, now: Date) {
  await inTransaction(db, async (trx) => {
    let query = trx.updateTable("login_sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null);
    if (keepSessionId) query = query.where("id", "!=", keepSessionId);
    const rows = await query.returning("id").execute();
    await announceRevocation(trx, userId, { loginSessionIds: rows.map((r) => r.id), apiTokenIds: [] });
  });
}

/**
 * Which of these login sessions and access tokens still count at `now`, by the rules above: what
 * the event streams opened with them are checked against. Two lookups by primary key, whatever the
 * number of streams.
 */
export async function acceptedCredentials(db: Database, ids: { loginSessionIds: string[]; apiTokenIds: string[] }, now: Date): Promise<Set<string>> {
  const [sessions, tokens] = await Promise.all([
    ids.loginSessionIds.length === 0
      ? []
      : db
          .selectFrom("login_sessions as s")
          .innerJoin("users as u", "u.id", "s.user_id")
          .select("s.id")
          .where("s.id", "in", ids.loginSessionIds)
          .where(loginSessionAccepted(now))
          .execute(),
    ids.apiTokenIds.length === 0
      ? []
      : db
          .selectFrom("api_tokens as t")
          .innerJoin("users as u", "u.id", "t.user_id")
          .select("t.id")
          .where("t.id", "in", ids.apiTokenIds)
          .where(accessTokenAccepted(now))
          .execute(),
  ]);
  return new Set([...sessions, ...tokens].map((r) => r.id));
}

/**
 * Ends everything the account's sign-ins opened, except what `keepSessionId` (the browser asking)
 * opened itself: the other login sessions and the event streams they hold, every API token and its
 * streams, and the calendar address (whoever has it stops seeing the account's games). The one
 * place for "sign out everywhere else", a password change or reset, a ban and the Google takeover
 * of an account made in advance (decision records 039 and 067); all of it in one transaction.
 */
export async function revokeEverySignIn(db: Database, userId: string, keepSessionId: string | null, now: Date) {
  await inTransaction(db, async (trx) => {
    await revokeOtherLoginSessions(trx, userId, keepSessionId, now);
    await revokeAllApiTokens(trx, userId, now);
    await revokeFeed(trx, userId, now, keepSessionId);
  });
}

export async function insertAuthMetric(db: Database, input: { eventType: string; provider: string; mode: string; errorMessage: string | null; now: Date }) {
  await db
    .insertInto("auth_metrics")
    .values({
      event_type: input.eventType,
      provider: input.provider,
      mode: input.mode,
      error_message: input.errorMessage,
      created_at: input.now,
    })
    .execute();
}
