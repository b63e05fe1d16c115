import type { Database } from "#db/client.server";

export async function countHits(db: Database, bucket: string, since: Date) {
  const row = await db
    .selectFrom("rate_limit_events")
    .select((eb) => [eb.fn.countAll<number>().as("hits"), eb.fn.min("created_at").as("oldest")])
    .where("bucket", "=", bucket)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), oldest: row.oldest ? new Date(row.oldest) : null };
}

export async function insertHit(db: Database, bucket: string, at: Date) {
  await db.insertInto("rate_limit_events").values({ bucket, created_at: at }).execute();
}

export async function deleteHits(db: Database, bucket: string) {
  await db.deleteFrom("rate_limit_events").where("bucket", "=", bucket).execute();
}

export async function deleteHitsBefore(db: Database, before: Date) {
  await db.deleteFrom("rate_limit_events").where("created_at", "<", before).execute();
}
