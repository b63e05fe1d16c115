import type { Database } from "#db/client.server";
import type { KeptOutcome } from "./rules";

export type KeyClaim = { userId: string; key: string; intent: string };

/** Claims a key in one statement: true when this request made the row (the primary key decides between two at once). */
export async function claimKey(db: Database, claim: KeyClaim, now: Date): Promise<boolean> {
  const row = await db
    .insertInto("request_keys")
    .values({ user_id: claim.userId, key: claim.key, intent: claim.intent, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Takes over a key whose first request died before writing its outcome: one statement, so of two
 * repeats at once only one gets it. The claim time is renewed so the key is not abandoned again.
 */
export async function takeOverAbandoned(db: Database, claim: KeyClaim, now: Date, claimedBefore: Date): Promise<boolean> {
  const row = await db
    .updateTable("request_keys")
    .set({ created_at: now })
    .where("user_id", "=", claim.userId)
    .where("key", "=", claim.key)
    .where("intent", "=", claim.intent)
    .where("outcome", "is", null)
    .where("created_at", "<", claimedBefore)
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
