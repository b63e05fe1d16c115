import type { Database } from "#db/client.server";

// Blocks (decision record 091): who blocked whom. Read both ways: a block stops both people.

export async function setBlocked(db: Database, input: { blockerId: string; blockedId: string; blocked: boolean; now: Date }) {
  if (!input.blocked) {
    await db.deleteFrom("user_blocks").where("blocker_id", "=", input.blockerId).where("blocked_id", "=", input.blockedId).execute();
    return;
  }
  await db
    .insertInto("user_blocks")
    .values({ blocker_id: input.blockerId, blocked_id: input.blockedId, created_at: input.now })
    .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
    .execute();
}

/** Whether `blockerId` blocked `blockedId` (the profile's and the chat's switch). */
export async function hasBlocked(db: Database, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_blocks")
    .select("blocker_id")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether either of the two blocked the other. */
export async function blockedEitherWay(db: Database, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_blocks")
    .select("blocker_id")
    .where((w) => w.or([w.and([w("blocker_id", "=", a), w("blocked_id", "=", b)]), w.and([w("blocker_id", "=", b), w("blocked_id", "=", a)])]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Of `candidates`, those with a block either way with anyone in `company` (who may not be put in a group together). */
export async function blockedWithAny(db: Database, candidates: string[], company: string[]): Promise<Set<string>> {
  if (candidates.length === 0 || company.length === 0) return new Set();
  const rows = await db
    .selectFrom("user_blocks")
    .select(["blocker_id", "blocked_id"])
    .where((w) =>
      w.or([
        w.and([w("blocker_id", "in", candidates), w("blocked_id", "in", company)]),
        w.and([w("blocker_id", "in", company), w("blocked_id", "in", candidates)]),
      ]),
    )
    .execute();
  const set = new Set(candidates);
  return new Set(rows.flatMap((r) => [r.blocker_id, r.blocked_id]).filter((id) => set.has(id)));
}
