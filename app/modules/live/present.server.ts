import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { presentNotification, type StoredNotification } from "#app/modules/notifications/notifications.server";
import { toastTypes } from "#app/modules/notifications/rules";
import type { LiveEventRow } from "./repo.server";

/**
 * What a client is sent for a logged event, in its page's language. The log stores keys and
 * parameters, never rendered text, so one event reads right in every tab's language.
 */
export function presentEvent(row: LiveEventRow, lang: Locale): { kind: string; data: unknown } | null {
  const payload = row.payload as Record<string, unknown>;
  switch (row.kind) {
    case "notification_created": {
      const stored = payload.notification as StoredNotification;
      const notification = presentNotification(stored, row.user_id, lang);
      return {
        kind: "notification_created",
        data: {
          ...notification,
          // A ready link in the page's language; the stored one has no locale.
          actionUrl: notification.actionUrl ? localePath(lang, notification.actionUrl) : null,
          toast: toastTypes.has(notification.type),
          unread: payload.unread,
        },
      };
    }
    case "unread_count":
    case "chat_message":
      return { kind: row.kind, data: payload };
    default:
      return null;
  }
}
