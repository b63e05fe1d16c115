import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { recordNotification } from "./notify.server";
import * as repo from "./repo.server";

type Reader = Pick<Deps, "db">;

export const unreadCount = (deps: Reader, userId: string) => repo.countUnread(deps.db, userId);
export const markAllNotificationsRead = (deps: Pick<Deps, "db" | "now">, userId: string) => repo.markAllRead(deps.db, userId, deps.now);

/** Marks one notification read; false when it is not the user's (or does not exist). */
export async function markNotificationRead(deps: Pick<Deps, "db" | "now">, userId: string, id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  await repo.markRead(deps.db, userId, id, deps.now);
  return repo.notificationExists(deps.db, userId, id);
}

/** The user's newest notifications, rendered in their language (spec section 3 shape). */
export async function listForReader(deps: Reader, userId: string, lang: Locale, limit: number) {
  const t = translator(lang, "notifications");
  const rows = await repo.listNotifications(deps.db, userId, limit);
  return rows.map((row) => {
    const params = (row.params ?? {}) as Record<string, string | number>;
    return {
      id: row.id,
      userId,
      type: row.type,
      title: t(row.title_key, params),
      message: t(row.message_key, params),
      actionUrl: row.action_url,
      read: row.read_at !== null,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}

/** The first notification a new member gets once their email is confirmed. */
export async function notifyWelcome(deps: Pick<Deps, "db" | "now">, userId: string) {
  await recordNotification(deps, { userId, type: "welcome", actionUrl: "/sessions" });
}
