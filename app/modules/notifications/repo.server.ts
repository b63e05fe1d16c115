import type { Database } from "#db/client.server";

export async function insertNotification(
  db: Database,
  input: { userId: string; type: string; titleKey: string; messageKey: string; params?: Record<string, string | number>; actionUrl?: string | null; now: Date },
) {
  const row = await db
    .insertInto("notifications")
    .values({
      user_id: input.userId,
      type: input.type,
      title_key: input.titleKey,
      message_key: input.messageKey,
      params: JSON.stringify(input.params ?? {}),
      action_url: input.actionUrl ?? null,
      created_at: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function listNotifications(db: Database, userId: string, limit: number) {
  return db
    .selectFrom("notifications")
    .select(["id", "type", "title_key", "message_key", "params", "action_url", "read_at", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The user's unread notifications, as a query to run or to read inside another (the header's counts). */
export const unreadCountQuery = (db: Database, userId: string) =>
  db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null);

export async function countUnread(db: Database, userId: string) {
  const row = await unreadCountQuery(db, userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read; another user's id changes nothing. */
export async function markRead(db: Database, userId: string, id: number, now: Date) {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markAllRead(db: Database, userId: string, now: Date) {
  await db.updateTable("notifications").set({ read_at: now }).where("user_id", "=", userId).where("read_at", "is", null).execute();
}

export async function notificationExists(db: Database, userId: string, id: number) {
  const row = await db.selectFrom("notifications").select("id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row);
}
