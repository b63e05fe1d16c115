import { inTransaction } from "#app/lib/transaction.server";
import type { Database } from "#db/client.server";

// A calendar address is a secret that opens an account's games, like an access token: auth keeps
// its records so that every way of signing out ends it in the same transaction (decision record 067).
// The feed's content (app/modules/calendar-feed) reads them through auth's entry.

/** The user's live feed, if any (never its token: only the hash is stored). */
export function findLiveFeed(db: Database, userId: string) {
  return db
    .selectFrom("calendar_feeds")
    .select(["id", "created_at", "last_read_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/**
 * Revokes the user's live feed and records a new one in one transaction: the partial unique index
 * (one live feed per user) turns a parallel second attempt into an error instead of two live feeds.
 */
export async function replaceFeed(db: Database, userId: string, tokenHash: string, loginSessionId: string | null, now: Date) {
  await inTransaction(db, async (trx) => {
    await revokeFeed(trx, userId, now);
    await trx.insertInto("calendar_feeds").values({ user_id: userId, token_hash: tokenHash, login_session_id: loginSessionId, created_at: now }).execute();
  });
}

/**
 * Ends the user's live feed. With `keptSignIn`, a feed made while signed in with it stays: "sign out
 * everywhere else" keeps what the browser asking made itself (decision record 067).
 */
export async function revokeFeed(db: Database, userId: string, now: Date, keptSignIn: string | null = null) {
  let feeds = db.updateTable("calendar_feeds").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (keptSignIn) feeds = feeds.where((eb) => eb.or([eb("login_session_id", "is", null), eb("login_session_id", "!=", keptSignIn)]));
  await feeds.execute();
}

/** Ends the feed made while signed in with `loginSessionId`: signing out of it ends the address (decision record 067). */
export async function revokeFeedOfSignIn(db: Database, userId: string, loginSessionId: string, now: Date) {
  await db
    .updateTable("calendar_feeds")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("login_session_id", "=", loginSessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Whose live feed this token hash opens; marks the read (at most once a minute, to spare writes).
 * A banned account's feed opens nothing, even if its address was somehow left live.
 */
export async function ownerOfToken(db: Database, tokenHash: string, now: Date): Promise<{ userId: string; timeZone: string; language: string } | null> {
  const row = await db
    .selectFrom("calendar_feeds as f")
    .innerJoin("users as u", "u.id", "f.user_id")
    .select(["f.id", "f.user_id", "f.last_read_at", "u.time_zone", "u.preferred_language"])
    .where("f.token_hash", "=", tokenHash)
    .where("f.revoked_at", "is", null)
    .where("u.banned_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_read_at || now.getTime() - new Date(row.last_read_at).getTime() > 60_000) {
    await db.updateTable("calendar_feeds").set({ last_read_at: now }).where("id", "=", row.id).execute();
  }
  return { userId: row.user_id, timeZone: row.time_zone, language: row.preferred_language };
}
