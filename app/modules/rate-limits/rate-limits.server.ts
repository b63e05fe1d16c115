import type { Database } from "#db/client.server";
import { countAndMaybeInsert, countWindowsAndMaybeInsert, deleteHit, deleteHits, deleteHitsBefore } from "./repo.server";
import { type Limit, longestWindowSeconds, retryAfterSeconds, windowStart } from "./rules";

export type LimitCheck = { limited: false; hitId: number } | { limited: true; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 5 * 60 * 1000;
let lastPrunedAt = 0;

/**
 * Buckets nobody hits again (one-off addresses, finished sign-ins) are pruned here, at most once
 * every few minutes per process; active buckets are pruned on every hit under their lock.
 */
async function pruneStale(db: Database, now: Date) {
  if (Math.abs(now.getTime() - lastPrunedAt) < PRUNE_EVERY_MS) return;
  lastPrunedAt = now.getTime();
  await deleteHitsBefore(db, new Date(now.getTime() - longestWindowSeconds * 1000));
}

/**
 * Counts and records in one locked step, before the guarded work runs: a call over the limit is
 * refused and not recorded (so waiting always helps); any other call is counted even if it is
 * still running when the next one arrives. The returned hit id lets a caller refund its hit.
 */
export async function consumeLimit(db: Database, bucket: string, limit: Limit, now: Date): Promise<LimitCheck> {
  const result = await countAndMaybeInsert(db, {
    bucket,
    since: windowStart(limit, now),
    now,
    decide: ({ hits }) => hits < limit.max,
  });
  await pruneStale(db, now);
  if (result.hitId !== null) return { limited: false, hitId: result.hitId };
  return { limited: true, retryAfterSeconds: retryAfterSeconds(limit, result.oldest, now) };
}

/** Takes one hit out of every bucket, refunding the ones already taken when a later bucket refuses. */
export async function consumeLimits(
  db: Database,
  checks: ReadonlyArray<readonly [string, Limit]>,
  now: Date,
): Promise<LimitCheck[] | { limited: true; retryAfterSeconds: number }> {
  const taken: LimitCheck[] = [];
  for (const [bucket, limit] of checks) {
    const check = await consumeLimit(db, bucket, limit, now);
    if (check.limited) {
      for (const t of taken) if (!t.limited) await deleteHit(db, t.hitId);
      return check;
    }
    taken.push(check);
  }
  return taken;
}

/** Gives back a hit (say, a sign-in that turned out to be right), so it no longer counts. */
export const refundHit = (db: Database, hitId: number) => deleteHit(db, hitId);
export const clearHits = (db: Database, bucket: string) => deleteHits(db, bucket);

/**
 * One bucket under several limits at once (per second and per minute), counted and recorded in a
 * single statement; refused calls are not recorded, and the wait is the longest any full window needs.
 */
export async function consumeWindows(db: Database, bucket: string, windows: readonly Limit[], now: Date): Promise<LimitCheck> {
  const result = await countWindowsAndMaybeInsert(db, { bucket, windows: windows.map((l) => ({ since: windowStart(l, now), max: l.max })), now });
  await pruneStale(db, now);
  if (result.hitId !== null) return { limited: false, hitId: result.hitId };
  const waits = windows.map((l, i) => ((result.counts[i] ?? 0) >= l.max ? retryAfterSeconds(l, result.oldest[i] ?? null, now) : 0));
  return { limited: true, retryAfterSeconds: Math.max(1, ...waits) };
}
