// Stored badges and the award job's claim on completed sessions (docs/decisions/056-badge-catalogue.md).
import { sql } from "kysely";
import type { Database } from "#db/client.server";

/**
 * Makes the stored badges of `userIds` exactly `earned`, in one statement: the new ones are added
 * (earned at `now`), the ones no longer earned are deleted, the ones kept keep their date. A user of
 * `userIds` with no entry in `earned` ends with none.
 */
export async function replaceBadges(db: Database, userIds: readonly string[], earned: ReadonlyArray<{ userId: string; badgeId: string }>, now: Date) {
  const result = await sql<{ added: number; removed: number }>`
    with earned(user_id, badge_id) as (
      select * from unnest(${earned.map((e) => e.userId)}::uuid[], ${earned.map((e) => e.badgeId)}::text[])
    ), removed as (
      delete from user_badges ub
       where ub.user_id = any(${[...userIds]}::uuid[])
         and not exists (select 1 from earned e where e.user_id = ub.user_id and e.badge_id = ub.badge_id)
      returning 1
    ), added as (
      insert into user_badges (user_id, badge_id, earned_at)
      select e.user_id, e.badge_id, ${now} from earned e join users u on u.id = e.user_id
      on conflict (user_id, badge_id) do nothing
      returning 1
    )
    select (select count(*) from added)::int as added, (select count(*) from removed)::int as removed`.execute(db);
  return result.rows[0] ?? { added: 0, removed: 0 };
}

/**
 * Claims up to `limit` completed sessions whose badges were not recomputed yet, oldest first, and
 * marks them. Rows another run holds are skipped, and a row it has just marked no longer matches,
 * so parallel runs never take the same session. Inside the caller's transaction, a failure puts
 * the sessions back.
 */
export async function claimCompletedSessions(db: Database, limit: number, now: Date) {
  const result = await sql<{ id: string; dm_id: string }>`
    update sessions set badges_checked_at = ${now}
     where id in (
       select id from sessions
        where status = 'COMPLETED' and badges_checked_at is null
        order by starts_at
        limit ${limit}
        for update skip locked)
    returning id, dm_id`.execute(db);
  return result.rows;
}

/**
 * Takes up to `limit` people from the refresh queue (oldest first), removing them. Rows another run
 * holds are skipped; inside the caller's transaction, a failure puts them back.
 */
export async function claimQueuedUsers(db: Database, limit: number) {
  const result = await sql<{ user_id: string }>`
    delete from badge_refresh_queue
     where user_id in (select user_id from badge_refresh_queue order by queued_at limit ${limit} for update skip locked)
    returning user_id`.execute(db);
  return result.rows.map((r) => r.user_id);
}

/** Empties the refresh queue: the backfill recomputes everyone after this. */
export async function clearQueue(db: Database) {
  await sql`delete from badge_refresh_queue`.execute(db);
}

/** The players who held a confirmed seat in these sessions. */
export async function confirmedPlayersOf(db: Database, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  const result = await sql<{ user_id: string }>`
    select distinct user_id from bookings where session_id = any(${[...sessionIds]}::uuid[]) and status = 'CONFIRMED'`.execute(db);
  return result.rows.map((r) => r.user_id);
}

/** Marks every completed session as handled: the backfill recomputes everyone after this, so nothing before it is left to the job. */
export async function markAllCompletedChecked(db: Database, now: Date) {
  const result = await sql`update sessions set badges_checked_at = ${now} where status = 'COMPLETED' and badges_checked_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A page of user ids after `after`, in id order, for the backfill. */
export async function userIdsAfter(db: Database, after: string | null, limit: number) {
  let query = db.selectFrom("users").select("id").orderBy("id").limit(limit);
  if (after !== null) query = query.where("id", ">", after);
  return (await query.execute()).map((r) => r.id);
}

/** Stored badge ids per user. */
export async function storedBadges(db: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("user_badges")
    .select(["user_id", "badge_id"])
    .where("user_id", "in", [...userIds])
    .execute();
}
