import { sql } from "kysely";
import type { Database } from "#db/client.server";
import type { KeptOutcome } from "./rules";

export type KeyClaim = { userId: string; key: string; intent: string };

/**
 * Claims a key: true when this request made the row. While the claiming transaction is open, a
 * second insert of the same key waits for it (the primary key's lock), then finds the row and does nothing.
 */
export async function claimKey(trx: Database, claim: KeyClaim, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto("request_keys")
    .values({ user_id: claim.userId, key: claim.key, intent: claim.intent, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  return Boolean(row);
}

export function findKey(db: Database, userId: string, key: string) {
  return db.selectFrom("request_keys").select(["intent", "outcome"]).where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();
}

export async function keepOutcome(trx: Database, userId: string, key: string, outcome: KeptOutcome) {
  await trx
    .updateTable("request_keys")
    .set({ outcome: JSON.stringify(outcome) })
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .execute();
}

export async function releaseKey(trx: Database, userId: string, key: string) {
  await trx.deleteFrom("request_keys").where("user_id", "=", userId).where("key", "=", key).execute();
}

export async function deleteKeysBefore(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom("request_keys").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How long the transaction's next statements wait for a lock before PostgreSQL gives up (`lock_not_available`); 0 waits as long as it takes. */
export async function setLockWait(trx: Database, wait: "100ms" | 0) {
  await sql`set local lock_timeout = ${sql.lit(wait)}`.execute(trx);
}
