import { unreadChatTotalQuery } from "#app/modules/chat/index.server";
import { unreadCountQuery } from "#app/modules/notifications/index.server";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";

/**
 * The bell's and the chat badge's counts in one statement: every signed-in page reads both, and
 * each statement is a round trip to PostgreSQL that costs the page CPU of its own (decision record 049).
 */
export async function readHeaderCounts(db: Database, userId: string, chatCap: number) {
  const [row] = await headerCounts(db, { userId, chatCap });
  return { notifications: Number(row?.notifications ?? 0), chats: Number(row?.chats ?? 0) };
}

// Asked on every signed-in page: compiled once (db/prepared.ts).
const headerCounts = preparedQuery(["userId", "chatCap"], (db, args: { userId: string; chatCap: number }) =>
  db.selectNoFrom([unreadCountQuery(db, args.userId).as("notifications"), unreadChatTotalQuery(db, args.userId, args.chatCap).as("chats")]),
);
