import { sql } from "kysely";
import type { Database } from "#db/client.server";

export type BucketCount = { hits: number; oldest: Date | null };

async function countInWindow(db: Database, bucket: string, since: Date): Promise<BucketCount> {
  const row = await db
    .selectFrom("rate_limit_events")
    .select((eb) => [eb.fn.countAll<number>().as("hits"), eb.fn.min("created_at").as("oldest")])
    .where("bucket", "=", bucket)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), oldest: row.oldest ? new Date(row.oldest) : null };
}

/**
 * Counts a bucket's hits and, when `decide` allows, records one more, while holding a
 * transaction-scoped advisory lock on the bucket: concurrent requests for the same bucket queue
 * here, so no two of them can both see "one left". Rows that left the window are pruned under
 * the same lock. Returns the count seen and the new hit's id (null when none was recorded).
 */
export function countAndMaybeInsert(
  db: Database,
  input: { bucket: string; since: Date; now: Date; decide: (count: BucketCount) => boolean },
): Promise<BucketCount & { hitId: number | null }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${input.bucket}`}, 0))`.execute(trx);
    await trx.deleteFrom("rate_limit_events").where("bucket", "=", input.bucket).where("created_at", "<=", input.since).execute();
    const count = await countInWindow(trx, input.bucket, input.since);
    if (!input.decide(count)) return { ...count, hitId: null };
    const row = await trx.insertInto("rate_limit_events").values({ bucket: input.bucket, created_at: input.now }).returning("id").executeTakeFirstOrThrow();
    return { ...count, hitId: Number(row.id) };
  });
}

export function countHits(db: Database, bucket: string, since: Date) {
  return countInWindow(db, bucket, since);
}

export async function deleteHits(db: Database, bucket: string) {
  await db.deleteFrom("rate_limit_events").where("bucket", "=", bucket).execute();
}

export async function deleteHit(db: Database, id: number) {
  await db.deleteFrom("rate_limit_events").where("id", "=", id).execute();
}

export async function deleteHitsBefore(db: Database, before: Date) {
  await db.deleteFrom("rate_limit_events").where("created_at", "<", before).execute();
}
