import { sql } from "kysely";
import { getDb } from "#db/client.server";

/** What a 503 tells clients to wait while the database is away (db/availability.ts). */
export { RETRY_AFTER_SECONDS } from "#db/availability";

export async function checkDatabase(timeoutMs = 2000): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  const query = sql`select 1`
    .execute(getDb())
    .then(() => true)
    .catch(() => false);
  return Promise.race([query, timeout]);
}
