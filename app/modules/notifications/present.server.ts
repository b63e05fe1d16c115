import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import type { LiveEventRow } from "#app/modules/live/index.server";
import { presentNotification, type StoredNotification } from "./notifications.server";
import { toastTypes } from "./rules";

/**
 * What a client is sent for a logged event, in its page's language. The log stores keys and
 * parameters, never rendered text, so one event reads right in every tab's language. It lives with
 * the notifications, not in live: the live log is the transport below them, and how a notification
 * reads is theirs to say (decision record 045).
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
    case "chat_message_removed":
      return { kind: row.kind, data: payload };
    default:
      return null;
  }
}
