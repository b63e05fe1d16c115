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

/**
 * Several windows of one bucket (say, per second and per minute) decided in one statement: under
 * the bucket's advisory lock, one insert records the hit only if every window still has room, and
 * returns the counts it saw. Nothing is recorded when any window is full.
 */
export function countWindowsAndMaybeInsert(
  db: Database,
  input: { bucket: string; windows: readonly { since: Date; max: number }[]; now: Date },
): Promise<{ hitId: number | null; counts: number[]; oldest: (Date | null)[] }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${input.bucket}`}, 0))`.execute(trx);
    const counts = input.windows.map((w, i) => sql`count(*) filter (where created_at > ${w.since})`.as(`c${i}`));
    const oldest = input.windows.map((w, i) => sql`min(created_at) filter (where created_at > ${w.since})`.as(`o${i}`));
    const room = sql.join(
      input.windows.map((w, i) => sql`seen.${sql.ref(`c${i}`)} < ${w.max}`),
      sql` and `,
    );
    const earliest = input.windows.reduce((a, w) => (w.since < a ? w.since : a), input.now);
    const result = await sql<Record<string, unknown>>`
      with seen as (
        select ${sql.join(counts)}, ${sql.join(oldest)}
        from rate_limit_events where bucket = ${input.bucket} and created_at > ${earliest}
      ), hit as (
        insert into rate_limit_events (bucket, created_at)
        select ${input.bucket}, ${input.now} from seen where ${room}
        returning id
      )
      select seen.*, (select id from hit) as hit_id from seen`.execute(trx);
    const row = result.rows[0] ?? {};
    return {
      hitId: row.hit_id == null ? null : Number(row.hit_id),
      counts: input.windows.map((_, i) => Number(row[`c${i}`] ?? 0)),
      oldest: input.windows.map((_, i) => (row[`o${i}`] ? new Date(row[`o${i}`] as string) : null)),
    };
  });
}
