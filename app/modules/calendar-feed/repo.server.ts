import { sql } from "kysely";
import { ACTIVE_BOOKING_STATUSES } from "#app/modules/bookings/rules";
import type { Database } from "#db/client.server";

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
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("calendar_feeds").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    await trx.insertInto("calendar_feeds").values({ user_id: userId, token_hash: tokenHash, login_session_id: loginSessionId, created_at: now }).execute();
  });
}

export async function revokeFeed(db: Database, userId: string, now: Date) {
  await db.updateTable("calendar_feeds").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
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

/** Sessions the user hosts or holds an active seat in, starting between `from` and `to`, soonest first. */
export function feedSessions(db: Database, userId: string, from: Date, to: Date, limit: number) {
  return db
    .selectFrom("sessions as s")
    .select([
      "s.id",
      "s.title",
      "s.description",
      "s.game",
      "s.starts_at",
      "s.duration_minutes",
      "s.location",
      "s.status",
      "s.updated_at",
      "s.series_id",
      sql<boolean>`s.dm_id = ${userId}`.as("hosting"),
    ])
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", to)
    .where((eb) =>
      eb.or([
        eb("s.dm_id", "=", userId),
        eb.exists(
          eb
            .selectFrom("bookings as b")
            .select(sql`1`.as("one"))
            .whereRef("b.session_id", "=", "s.id")
            .where("b.user_id", "=", userId)
            .where("b.status", "in", [...ACTIVE_BOOKING_STATUSES]),
        ),
      ]),
    )
    .orderBy("s.starts_at")
    .limit(limit)
    .execute();
}
