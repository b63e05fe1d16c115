import type { Database } from "#db/client.server";
import { countHits, deleteHits, insertHit } from "./repo.server";
import { type Limit,retryAfterSeconds, windowStart } from "./rules";

export type LimitCheck = { limited: false } | { limited: true; retryAfterSeconds: number };

/** Counts hits in the window without adding one (for "too many failures" checks). */
export async function checkLimit(db: Database, bucket: string, limit: Limit, now: Date): Promise<LimitCheck> {
  const { hits, oldest } = await countHits(db, bucket, windowStart(limit, now));
  if (hits < limit.max) return { limited: false };
  return { limited: true, retryAfterSeconds: retryAfterSeconds(limit, oldest, now) };
}

/** Records a hit after checking; a limited call is not recorded, so waiting always helps. */
export async function consumeLimit(db: Database, bucket: string, limit: Limit, now: Date): Promise<LimitCheck> {
  const check = await checkLimit(db, bucket, limit, now);
  if (!check.limited) await insertHit(db, bucket, now);
  return check;
}

export const recordHit = (db: Database, bucket: string, now: Date) => insertHit(db, bucket, now);
export const clearHits = (db: Database, bucket: string) => deleteHits(db, bucket);
