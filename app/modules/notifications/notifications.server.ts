import { inTransaction } from "#app/lib/transaction.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { appendEvents } from "#app/modules/live/index.server";
import type { Database } from "#db/client.server";
import { recordNotification } from "./notify.server";
import * as repo from "./repo.server";
import { categoryIcon, categoryOf } from "./rules";

type Reader = Pick<Deps, "db">;

export const unreadCount = (deps: Reader, userId: string) => repo.countUnread(deps.db, userId);

/** Every open tab of the user learns the new count (the bell of another tab, the phone). */
async function announceUnread(trx: Database, userId: string) {
  const notifications = await repo.countUnread(trx, userId);
  await appendEvents(trx, [{ userId, kind: "unread_count", payload: { notifications } }]);
}

export const markAllNotificationsRead = (deps: Pick<Deps, "db" | "now">, userId: string) =>
  inTransaction(deps.db, async (trx) => {
    await repo.markAllRead(trx, userId, deps.now);
    await announceUnread(trx, userId);
  });

/** Marks one notification read; false when it is not the user's (or does not exist). */
export async function markNotificationRead(deps: Pick<Deps, "db" | "now">, userId: string, id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  return inTransaction(deps.db, async (trx) => {
    const changed = await repo.markRead(trx, userId, id, deps.now);
    if (changed > 0) await announceUnread(trx, userId);
    return changed > 0 || repo.notificationExists(trx, userId, id);
  });
}

export type StoredNotification = {
  id: number;
  type: string;
  title_key: string;
  message_key: string;
  params: unknown;
  action_url: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

/** A notification in the reader's language (spec section 3 shape), with its rulebook type and icon. */
export function presentNotification(row: StoredNotification, userId: string, lang: Locale) {
  const t = translator(lang, "notifications");
  const params = (row.params ?? {}) as Record<string, string | number>;
  const category = categoryOf(row.type);
  return {
    id: Number(row.id),
    userId,
    type: row.type,
    category,
    icon: categoryIcon[category],
    title: t(row.title_key, params),
    message: t(row.message_key, params),
    actionUrl: row.action_url,
    read: row.read_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The user's newest notifications, rendered in their language (spec section 3 shape). */
export async function listForReader(deps: Reader, userId: string, lang: Locale, limit: number) {
  const rows = await repo.listNotifications(deps.db, userId, limit);
  return rows.map((row) => presentNotification(row, userId, lang));
}

/** The first notification a new member gets once their email is confirmed. */
export async function notifyWelcome(deps: Pick<Deps, "db" | "now">, userId: string) {
  await recordNotification(deps, { userId, type: "welcome", actionUrl: "/sessions" });
}
