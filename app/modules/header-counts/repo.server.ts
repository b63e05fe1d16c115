import { unreadChatTotalQuery } from "#app/modules/chat/repo.server";
import { unreadCountQuery } from "#app/modules/notifications/repo.server";
import type { Database } from "#db/client.server";

/**
 * The bell's and the chat badge's counts in one statement: every signed-in page reads both, and
 * each statement is a round trip to PostgreSQL that costs the page CPU of its own (decision record 049).
 */
export async function readHeaderCounts(db: Database, userId: string, chatCap: number) {
  const row = await db
    .selectNoFrom([unreadCountQuery(db, userId).as("notifications"), unreadChatTotalQuery(db, userId, chatCap).as("chats")])
    .executeTakeFirstOrThrow();
  return { notifications: Number(row.notifications ?? 0), chats: Number(row.chats ?? 0) };
}
