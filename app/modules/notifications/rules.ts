/** Live-feed notification types (spec section 3, Notification). */
export const notificationTypes = [
  "booking_confirmed",
  "session_cancelled",
  "session_modified",
  "session_reminder",
  "session_starting",
  "new_message",
  "payment_received",
  "payment_failed",
  "payment_due",
  "refund_processed",
  "player_joined",
  "player_cancelled",
  "review_requested",
  "waitlist_spot_available",
  "welcome",
  // To the host when the pre-session check finds too few players (update-session-statuses job).
  "players_missing",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const DROPDOWN_LIMIT = 10; // spec section 9
export const MAX_LIMIT = 100;

/** The bell badge caps at 99+ (spec section 2, Notifications). */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/** ?limit= for the list call: default 10, at most 100; anything odd falls back to the default. */
export function parseLimit(raw: string | null): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 1) return DROPDOWN_LIMIT;
  return Math.min(n, MAX_LIMIT);
}
