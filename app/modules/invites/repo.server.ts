import type { Transaction } from "kysely";
import type { Database } from "#db/client.server";
import type { DB } from "#db/schema";

const columns = ["id", "code", "type", "max_uses", "uses", "expires_at", "revoked_at", "created_at", "discount_percent"] as const;

/** Inserts an invite; null when its code is taken (the unique index decides, not a prior lookup). */
export async function insertInvite(
  db: Database,
  values: {
    session_id: string;
    code: string;
    type: string;
    max_uses: number;
    expires_at: Date | null;
    created_by: string;
    created_at: Date;
    discount_percent: number | null;
  },
) {
  const row = await db
    .insertInto("invites")
    .values(values)
    .onConflict((oc) => oc.column("code").doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row ?? null;
}

export function listInvites(db: Database, sessionId: string) {
  return db.selectFrom("invites").select(columns).where("session_id", "=", sessionId).orderBy("created_at", "desc").execute();
}

export async function revokeInvite(db: Database, sessionId: string, inviteId: string, now: Date) {
  const result = await db
    .updateTable("invites")
    .set({ revoked_at: now })
    .where("id", "=", inviteId)
    .where("session_id", "=", sessionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findInvite(db: Database | Transaction<DB>, sessionId: string, code: string) {
  return db.selectFrom("invites").select(columns).where("session_id", "=", sessionId).where("code", "=", code).executeTakeFirst();
}

/**
 * Takes one use of a code, decided in one statement: two players racing for the last use cannot
 * both get it (the row is locked by the update, and the second sees uses = max_uses). Run it in
 * the booking's transaction so a failed booking gives the use back.
 */
export function takeInviteUse(db: Database | Transaction<DB>, sessionId: string, code: string, now: Date) {
  return db
    .updateTable("invites")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("session_id", "=", sessionId)
    .where("code", "=", code)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .whereRef("uses", "<", "max_uses")
    .returning(["id", "type", "discount_percent"])
    .executeTakeFirst();
}
