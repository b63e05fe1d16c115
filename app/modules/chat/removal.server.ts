import { type Actor, canReportMessage } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import { appendEvents, redactChatMessageEvents } from "#app/modules/live/index.server";
import { chatAccess, chatMembers, type ChatMessage, presentMessage } from "./chat.server";
import * as repo from "./repo.server";

// Reports of a message and an admin's removal of one (decision record 090), through the chat's own
// rules of who reads what.

type Db = Pick<Deps, "db">;
type Reader = NonNullable<Actor>;

export type ReportableMessage =
  { status: "ok"; message: ChatMessage & { chatId: string } } | { status: "self" | "removed"; chatId: string } | { status: "notFound" };

/**
 * A message someone wants to report: only a current member of its chat may (anyone else hears
 * notFound, as for an unknown id), and never their own message or one already removed.
 */
export async function reportableMessage(deps: Db, actor: Reader, messageId: number): Promise<ReportableMessage> {
  const row = await repo.findMessage(deps.db, messageId);
  if (!row) return { status: "notFound" };
  const access = await chatAccess(deps, actor, row.chat_id);
  if (access.status !== "member") return { status: "notFound" };
  const allowed = canReportMessage(actor, { senderId: row.sender_id, removed: row.removed_at !== null });
  if (allowed !== "ok") return { status: allowed, chatId: row.chat_id };
  return { status: "ok", message: { ...presentMessage(row), chatId: row.chat_id } };
}

/**
 * An admin removes a message, in the caller's transaction (the desk closes its reports and audits
 * it in the same one). Its row and text stay for the audit; every read blanks the text. The
 * members' open pages are told to replace it, and the events that first carried it are blanked so
 * a reconnecting client never gets its text back. Null when it is unknown or was removed already.
 */
export async function removeMessage(trx: Db["db"], input: { messageId: number; by: string; now: Date }) {
  const removed = await repo.markMessageRemoved(trx, { id: input.messageId, by: input.by, now: input.now });
  if (!removed) return null;
  const chat = await repo.findChat(trx, removed.chat_id);
  const members = chat ? await chatMembers({ db: trx }, chat) : [];
  const messageId = Number(removed.id);
  await redactChatMessageEvents(trx, { userIds: members, chatId: removed.chat_id, messageId });
  await appendEvents(
    trx,
    members.map((userId) => ({ userId, kind: "chat_message_removed", payload: { chatId: removed.chat_id, messageId } })),
  );
  return { chatId: removed.chat_id, senderId: removed.sender_id };
}
