// Awarding badges from facts, by a job after sessions complete and by the backfill; never on page view
// (docs/decisions/056-badge-catalogue.md).
import type { Deps } from "#app/modules/deps.server";
import type { Database } from "#db/client.server";
import type { BadgeId } from "./catalogue";
import { badgeFactsFor } from "./facts-repo.server";
import * as repo from "./repo.server";
import { earnedBadges, sortBadges } from "./rules";

/** Users whose facts are gathered together: a few set-wise queries per batch. */
export const AWARD_BATCH_USERS = 500;
/** Completed sessions one transaction of the job claims. */
export const AWARD_BATCH_SESSIONS = 100;
/** Batches one run may take, so a backlog (after an outage) is worked off over a few runs, not in one long one. */
const MAX_BATCHES_PER_RUN = 10;

/**
 * Recomputes the badges of `userIds` from their facts at `deps.now` and stores exactly those: new
 * ones added, ones no longer earned removed (badges describe the current record). One statement
 * per batch of users.
 */
export async function awardBadges(deps: Pick<Deps, "db" | "now">, userIds: readonly string[]) {
  const ids = [...new Set(userIds)];
  let added = 0;
  let removed = 0;
  for (let i = 0; i < ids.length; i += AWARD_BATCH_USERS) {
    const batch = ids.slice(i, i + AWARD_BATCH_USERS);
    const facts = await badgeFactsFor(deps.db, batch, deps.now);
    const earned = [...facts].flatMap(([userId, f]) => earnedBadges(f).map((badgeId) => ({ userId, badgeId })));
    const changed = await repo.replaceBadges(deps.db, batch, earned, deps.now);
    added += changed.added;
    removed += changed.removed;
  }
  return { users: ids.length, added, removed };
}

/**
 * The `award-badges` job: claims completed sessions not handled yet and recomputes the badges of
 * each one's host and confirmed players, then recomputes the people queued because their facts
 * changed since (a review received, edited or taken down). A batch's claim and its awards share a
 * transaction, so a failure leaves its sessions or people for the next run, and a parallel run
 * skips them. Items: sessions handled plus queued people recomputed.
 */
export async function awardBadgesForCompletedSessions(deps: Deps): Promise<{ items: number }> {
  let items = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const sessions = await repo.claimCompletedSessions(trx, AWARD_BATCH_SESSIONS, deps.now);
      if (sessions.length === 0) return 0;
      const players = await repo.confirmedPlayersOf(
        trx,
        sessions.map((s) => s.id),
      );
      await awardBadges({ db: trx, now: deps.now }, [...sessions.map((s) => s.dm_id), ...players]);
      return sessions.length;
    });
    items += claimed;
    if (claimed < AWARD_BATCH_SESSIONS) break;
  }
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const users = await repo.claimQueuedUsers(trx, AWARD_BATCH_USERS);
      if (users.length > 0) await awardBadges({ db: trx, now: deps.now }, users);
      return users.length;
    });
    items += claimed;
    if (claimed < AWARD_BATCH_USERS) break;
  }
  return { items };
}

/**
 * Recomputes every user's badges (the backfill command): first marks all completed sessions as
 * handled and empties the refresh queue, so the job only takes what happens from now on, then goes
 * through the users in batches. Returns how many users were recomputed.
 */
export async function backfillBadges(deps: Pick<Deps, "db" | "now">, onBatch: (done: number) => void = () => {}) {
  await repo.markAllCompletedChecked(deps.db, deps.now);
  await repo.clearQueue(deps.db);
  let after: string | null = null;
  let done = 0;
  for (;;) {
    const ids = await repo.userIdsAfter(deps.db, after, AWARD_BATCH_USERS);
    if (ids.length === 0) break;
    await awardBadges(deps, ids);
    done += ids.length;
    after = ids.at(-1)!;
    onBatch(done);
  }
  return done;
}

/** The stored badges of each user, by priority; a user with none maps to []. */
export async function badgesOf(db: Database, userIds: readonly string[]): Promise<Map<string, BadgeId[]>> {
  const rows = await repo.storedBadges(db, userIds);
  const ids = new Map<string, string[]>(userIds.map((id) => [id, []]));
  for (const row of rows) ids.get(row.user_id)?.push(row.badge_id);
  return new Map([...ids].map(([userId, list]) => [userId, sortBadges(list)]));
}
