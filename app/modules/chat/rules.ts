/** Chat rules (spec section 5, shared rulebook: content 1-2000, type text). Pure. */

export const MESSAGE_MAX = 2000;
/** Messages per page, newest first; older ones page backwards with ?before=<message id>. */
export const MESSAGE_PAGE = 50;

/** Unread messages counted per chat for the header's badge, which shows "99+" past 99. */
export const UNREAD_COUNT_CAP = 100;

/** A direct chat stores its pair smaller id first, so a pair has exactly one chat. */
export function directPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && uuidPattern.test(value);

/** ?before= for paging back: a message id, or null for the newest page. */
export function parseBefore(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/**
 * A chat message's id as a report or the admin desk names it (a form field, a query parameter or
 * JSON): a positive whole number; anything else is null, refused like an unknown id.
 */
export function parseMessageId(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,15}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Where a chat lives, without the locale (a notification's action URL). */
export const chatPath = (chatId: string) => `/chats/${chatId}`;

/** The unread badge for chats, capped like the bell's. */
export function chatBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/** What a chat's page lists, in order: a day's heading, the "new messages" marker, or a message. */
export type ThreadItem<M> = { kind: "day"; day: string } | { kind: "unread" } | { kind: "message"; message: M };

/**
 * A page of messages (oldest first) with a heading before each new local day of the reader's zone
 * (`dayOf` names it) and the "new messages" marker before the first message of someone else after
 * the reader's read marker. A page's first message always opens with its day.
 */
export function threadItems<M extends { id: number; senderId: string; createdAt: string }>(
  messages: M[],
  reader: { id: string; lastReadId: number },
  dayOf: (iso: string) => string,
): ThreadItem<M>[] {
  const items: ThreadItem<M>[] = [];
  let day: string | null = null;
  let marked = false;
  for (const message of messages) {
    const today = dayOf(message.createdAt);
    if (today !== day) items.push({ kind: "day", day: (day = today) });
    if (!marked && message.id > reader.lastReadId && message.senderId !== reader.id) {
      items.push({ kind: "unread" });
      marked = true;
    }
    items.push({ kind: "message", message });
  }
  return items;
}
