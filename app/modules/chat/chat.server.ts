import { inTransaction } from "#app/lib/transaction.server";
import { type Actor, campaignChatAccess, canReadDirectChat, canStartDirectChat, sessionChatAccess } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import { appendEvents, viewersOf } from "#app/modules/live/index.server";
import { VIEWER_STALE_MS } from "#app/modules/live/rules";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { consumeWindows } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as attachments from "./attachments.repo.server";
import { type AttachmentKind, type AttachmentView, attachmentView, lastMessagePreview } from "./attachments.rules";
import { mayWriteDirectly, setBlock } from "./blocks.server";
import { groupMemberIds, isGroupMember } from "./groups-repo.server";
import * as lists from "./list-repo.server";
import * as repo from "./repo.server";
import { chatPath, directPair, isUuid, MESSAGE_PAGE, UNREAD_COUNT_CAP } from "./rules";

type Db = Pick<Deps, "db">;
type Clocked = Pick<Deps, "db" | "now">;
type Reader = NonNullable<Actor>;

export type ChatAccess =
  | { status: "member"; chat: repo.ChatRow; title: string; sessionId: string | null; seriesId: string | null; otherUserId: string | null }
  | { status: "afterPayment"; sessionId: string; title: string }
  | { status: "notFound" };

/** The series, when the actor belongs to its campaign chat (its host or an active subscriber); null otherwise. */
async function campaignMembership(deps: Db, actor: Reader, seriesId: string) {
  const seat = await repo.campaignSeat(deps.db, seriesId, actor.id);
  return seat && campaignChatAccess(actor, seat, { status: seat.subscription_status }) === "member" ? seat : null;
}

/**
 * Whether the actor may read a chat, decided from the chat's session and the actor's booking as
 * they are now. Someone else's chat answers notFound, like one that does not exist.
 */
export async function chatAccess(deps: Db, actor: Reader, chatId: unknown): Promise<ChatAccess> {
  if (!isUuid(chatId)) return { status: "notFound" };
  const chat = await repo.findChat(deps.db, chatId);
  if (!chat) return { status: "notFound" };
  if (chat.kind === "direct") {
    if (!canReadDirectChat(actor, chat)) return { status: "notFound" };
    const otherUserId = chat.user_a === actor.id ? chat.user_b! : chat.user_a!;
    const other = await repo.displayNameOfUser(deps.db, otherUserId);
    return { status: "member", chat, title: other?.name ?? "", sessionId: null, seriesId: null, otherUserId };
  }
  if (chat.kind === "group" && chat.series_id === null) {
    if (!(await isGroupMember(deps.db, chat.id, actor.id))) return { status: "notFound" };
    return { status: "member", chat, title: chat.name ?? "", sessionId: null, seriesId: null, otherUserId: null };
  }
  if (chat.kind === "group") {
    const seat = await campaignMembership(deps, actor, chat.series_id!);
    if (!seat) return { status: "notFound" };
    return { status: "member", chat, title: seat.title, sessionId: null, seriesId: seat.id, otherUserId: null };
  }
  const seat = await repo.sessionSeat(deps.db, chat.session_id!, actor.id);
  if (!seat) return { status: "notFound" };
  const access = sessionChatAccess(actor, seat, { status: seat.booking_status });
  if (access === "afterPayment") return { status: "afterPayment", sessionId: seat.id, title: seat.title };
  if (access === "none") return { status: "notFound" };
  return { status: "member", chat, title: seat.title, sessionId: seat.id, seriesId: null, otherUserId: null };
}

/** The session's chat for its host or a confirmed player (created on first use). */
export async function openSessionChat(deps: Db, actor: Reader, sessionId: unknown) {
  if (!isUuid(sessionId)) return { status: "notFound" as const };
  const seat = await repo.sessionSeat(deps.db, sessionId, actor.id);
  if (!seat) return { status: "notFound" as const };
  const access = sessionChatAccess(actor, seat, { status: seat.booking_status });
  if (access === "afterPayment") return { status: "afterPayment" as const, title: seat.title };
  if (access === "none") return { status: "notFound" as const };
  return { status: "ok" as const, chatId: await repo.ensureSessionChat(deps.db, seat.id) };
}

/** The campaign's table chat for its host or an active subscriber (created on first use). */
export async function openCampaignChat(deps: Db, actor: Reader, seriesId: unknown) {
  if (!isUuid(seriesId)) return { status: "notFound" as const };
  const seat = await campaignMembership(deps, actor, seriesId);
  if (!seat) return { status: "notFound" as const };
  return { status: "ok" as const, chatId: await repo.ensureCampaignChat(deps.db, seat.id) };
}

/** Whether the actor may open the campaign's table chat (the series page's link to it). */
export async function mayOpenCampaignChat(deps: Db, actor: Actor, seriesId: string) {
  if (actor === null) return false;
  return (await campaignMembership(deps, actor, seriesId)) !== null;
}

/** A direct chat with another (not banned) user, created on first use; none while either blocked the other. */
export async function openDirectChat(deps: Db, actor: Reader, otherUserId: unknown) {
  if (!isUuid(otherUserId) || !canStartDirectChat(actor, otherUserId)) return { status: "notFound" as const };
  const other = await repo.displayNameOfUser(deps.db, otherUserId);
  if (!other || other.banned) return { status: "notFound" as const };
  if (!(await mayWriteDirectly(deps, actor.id, otherUserId))) return { status: "blocked" as const };
  const [a, b] = directPair(actor.id, otherUserId);
  return { status: "ok" as const, chatId: await repo.ensureDirectChat(deps.db, a, b) };
}

export type ChatMessage = {
  id: number;
  senderId: string;
  senderName: string;
  type: "text" | AttachmentKind;
  /** The text, or an attachment's caption ("" when none, and once removed). */
  content: string;
  createdAt: string;
  attachment: AttachmentView | null;
  /** Removed by an admin: it keeps its place in the thread, without its text or attachment (the repository blanks them). */
  removed: boolean;
};

export const presentMessage = (m: repo.MessageRow): ChatMessage => ({
  id: m.id,
  senderId: m.sender_id,
  senderName: m.sender_name,
  type: m.type === "image" || m.type === "file" ? m.type : "text",
  content: m.removed_at ? "" : m.content,
  createdAt: m.created_at.toISOString(),
  attachment:
    m.attachment_id === null || m.removed_at
      ? null
      : attachmentView(m.chat_id, {
          id: m.attachment_id,
          kind: m.attachment_kind ?? "file",
          contentType: m.content_type ?? "",
          fileName: m.file_name ?? "",
          byteSize: m.byte_size ?? 0,
          width: m.width,
          height: m.height,
        }),
  removed: m.removed_at !== null,
});

/** A page of a chat the actor may read, oldest first on the page; `before` pages backwards. */
export async function readMessages(deps: Db, chatId: string, before: number | null) {
  const rows = await repo.listMessages(deps.db, chatId, before, MESSAGE_PAGE + 1);
  const more = rows.length > MESSAGE_PAGE;
  const page = rows.slice(0, MESSAGE_PAGE).reverse().map(presentMessage);
  return { messages: page, olderBefore: more ? page[0]!.id : null };
}

/** Marks everything in the chat read for the actor (a live message while it is open, POST /api/chats/{id}/read). */
export async function markChatRead(deps: Clocked, actor: Reader, chatId: string) {
  const latest = await repo.latestMessageId(deps.db, chatId);
  if (latest > 0) await repo.markRead(deps.db, { chatId, userId: actor.id, messageId: latest, now: deps.now });
}

/**
 * Opening a chat's newest page: what it shows is read. The page's newest message is the chat's
 * newest as the page was read, so no second look is needed, and a marker already there is not
 * written again (a chat reopened with nothing new writes nothing).
 */
export async function markPageRead(deps: Clocked, actor: Reader, chatId: string, page: { newestId: number | null; lastReadId: number }) {
  if (page.newestId !== null && page.newestId > page.lastReadId)
    await repo.markRead(deps.db, { chatId, userId: actor.id, messageId: page.newestId, now: deps.now });
}

export type SendResult =
  | { status: "sent"; message: ChatMessage }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "notFound" }
  | { status: "afterPayment" }
  | { status: "blocked" };

/**
 * Who reads a chat now (its live events and notifications go to them): a direct chat's pair, a
 * campaign's host and active subscribers, a group's members, a session's host and confirmed players.
 */
export async function chatMembers(deps: Db, chat: repo.ChatRow): Promise<string[]> {
  if (chat.kind === "direct") return [chat.user_a!, chat.user_b!];
  if (chat.kind === "group") return chat.series_id === null ? groupMemberIds(deps.db, chat.id) : repo.campaignChatMembers(deps.db, chat.series_id);
  return repo.sessionChatMembers(deps.db, chat.session_id!);
}

/** An upload already stored and waiting for its message (attachments.server.ts). */
export type PendingAttachment = { id: string; view: AttachmentView };

/**
 * Sends a message: checks access and the sender's limits (10 a second, 60 a minute, decided
 * in one statement), stores it and announces it live to every member in the same transaction,
 * then leaves a new_message notification for members who are not looking at the chat and have not
 * muted it (one unread notification per chat is enough). With an attachment (an image or file
 * message, `content` its caption) the upload is tied to the message in the same transaction;
 * the caller deletes the upload when this does not answer "sent".
 */
export async function sendMessage(
  deps: Clocked,
  actor: Reader,
  chatId: unknown,
  content: string,
  attachment: PendingAttachment | null = null,
): Promise<SendResult> {
  const access = await chatAccess(deps, actor, chatId);
  if (access.status !== "member") return access.status === "afterPayment" ? { status: "afterPayment" } : { status: "notFound" };
  const chat = access.chat;
  if (access.otherUserId && !(await mayWriteDirectly(deps, actor.id, access.otherUserId))) return { status: "blocked" };
  const limit = await consumeWindows(deps.db, `chat:${actor.id}`, [limits.chatPerSecond, limits.chatPerMinute], deps.now);
  if (limit.limited) return { status: "limited", retryAfterSeconds: limit.retryAfterSeconds };

  const [sender, members] = await Promise.all([repo.displayNameOfUser(deps.db, actor.id), chatMembers(deps, chat)]);
  const message = await inTransaction(deps.db, async (trx) => {
    const type = attachment ? attachment.view.kind : "text";
    const stored = await repo.insertMessage(trx, { chatId: chat.id, senderId: actor.id, type, content, now: deps.now });
    if (attachment && !(await attachments.attachToMessage(trx, { attachmentId: attachment.id, messageId: stored.id, chatId: chat.id, uploaderId: actor.id })))
      throw new Error("the upload is not pending for this chat and sender");
    await repo.markRead(trx, { chatId: chat.id, userId: actor.id, messageId: stored.id, now: deps.now });
    const message: ChatMessage = {
      id: stored.id,
      senderId: actor.id,
      senderName: sender?.name ?? "",
      type,
      content,
      createdAt: stored.createdAt.toISOString(),
      attachment: attachment?.view ?? null,
      removed: false,
    };
    await appendEvents(
      trx,
      members.map((userId) => ({ userId, kind: "chat_message", payload: { chatId: chat.id, message } })),
    );
    return message;
  });

  const others = members.filter((id) => id !== actor.id);
  const viewing = await viewersOf(deps.db, chat.id, new Date(deps.now.getTime() - VIEWER_STALE_MS));
  const actionUrl = chatPath(chat.id);
  const [alreadyTold, muted] = await Promise.all([repo.usersWithUnreadChatNotice(deps.db, others, actionUrl), repo.mutedMembers(deps.db, chat.id, others)]);
  for (const userId of others) {
    if (viewing.has(userId) || alreadyTold.has(userId) || muted.has(userId)) continue;
    await recordNotification(deps, { userId, type: "new_message", params: { player: message.senderName, title: access.title }, actionUrl });
  }
  return { status: "sent", message };
}

/** Mutes or unmutes a chat the actor may read: its messages then leave them no notification. */
export async function setChatMuted(deps: Clocked, actor: Reader, chatId: unknown, muted: boolean) {
  const access = await chatAccess(deps, actor, chatId);
  if (access.status !== "member") return { status: "notFound" as const };
  await repo.setMuted(deps.db, { chatId: access.chat.id, userId: actor.id, muted, now: deps.now });
  return { status: "ok" as const, muted };
}

/** Where the actor stopped reading the chat, and whether they muted it (the chat page's marker and switch). */
export const readerState = (deps: Db, actor: Reader, chatId: string) => repo.readerState(deps.db, chatId, actor.id);

/** GET /api/chats and the chats page: the chats the actor may read, each with its unreadCount. */
export async function listChats(deps: Db, actor: Reader) {
  const rows = await lists.listChatsFor(deps.db, actor.id);
  return rows.map((r) => ({
    id: r.id,
    type: r.kind as "session" | "direct" | "group",
    sessionId: r.session_id,
    seriesId: r.series_id,
    title:
      r.kind === "session"
        ? (r.session_title ?? "")
        : r.kind === "group"
          ? (r.name ?? r.series_title ?? "")
          : r.other_name || r.other_email?.split("@")[0] || "",
    /** A group's name (null for a campaign's chat, named after its series, and for the other kinds). */
    name: r.name,
    participantCount: r.participant_count === null ? null : Number(r.participant_count),
    otherUserId: r.other_id,
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
    lastMessage: r.last_type ? lastMessagePreview({ type: r.last_type, content: r.last_content ?? "", fileName: r.last_file_name }) : null,
    unreadCount: Number(r.unread_count ?? 0),
  }));
}

/**
 * The unread total across the actor's chats (the header's chat badge, read on every page): one
 * indexed statement, each chat counted up to UNREAD_COUNT_CAP, enough for the badge's "99+".
 */
export const unreadChatTotal = (deps: Db, actor: Reader) => lists.countUnreadChatMessages(deps.db, actor.id, UNREAD_COUNT_CAP);

/**
 * A direct chat's block switch: blocks or unblocks the chat's other person, never anyone named by
 * the request (notFound for anything but a direct chat the actor reads).
 */
export async function setChatPartnerBlock(deps: Clocked, actor: Reader, chatId: unknown, blocked: boolean) {
  const access = await chatAccess(deps, actor, chatId);
  if (access.status !== "member" || !access.otherUserId) return { status: "notFound" } as const;
  return setBlock(deps, actor, access.otherUserId, blocked);
}
