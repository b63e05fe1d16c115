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
  // To a subscriber whose unpaid seat was released at its payment deadline (cleanup-expired-bookings job).
  "subscription_seat_released",
  // To each subscriber of a series its host cancelled: their subscription ended with it.
  "series_cancelled",
  // Direct booking inquiries (decision record 060): to the DM when one arrives; to the player when it is decided.
  "inquiry_received",
  "inquiry_accepted",
  "inquiry_declined",
  // The admin desk decided a player's dispute of a no-show (decision record 063).
  "dispute_upheld",
  "dispute_rejected",
  // Group registration (decision record 068): to a guest's account, a seat held for them to accept or decline; to the booker, the answer.
  "group_invitation",
  "group_invitation_accepted",
  "group_invitation_declined",
  // Payouts (decision record 086): to a DM whose payout account the provider restricted, or whose payout failed.
  "payout_account_restricted",
  "payout_failed",
  // To the DM when a player's tip after a game is paid (decision record 087).
  "tip_received",
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

/** The shared rulebook's notification types (spec section 3); every live-feed type belongs to one. */
export const notificationCategories = ["BOOKING", "SESSION", "PAYMENT", "SYSTEM", "REVIEW"] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

const categoryByType: Record<NotificationType, NotificationCategory> = {
  booking_confirmed: "BOOKING",
  player_joined: "BOOKING",
  player_cancelled: "BOOKING",
  waitlist_spot_available: "BOOKING",
  inquiry_received: "BOOKING",
  inquiry_accepted: "BOOKING",
  inquiry_declined: "BOOKING",
  group_invitation: "BOOKING",
  group_invitation_accepted: "BOOKING",
  group_invitation_declined: "BOOKING",
  payout_account_restricted: "PAYMENT",
  payout_failed: "PAYMENT",
  session_cancelled: "SESSION",
  series_cancelled: "SESSION",
  session_modified: "SESSION",
  session_reminder: "SESSION",
  session_starting: "SESSION",
  players_missing: "SESSION",
  payment_received: "PAYMENT",
  payment_failed: "PAYMENT",
  payment_due: "PAYMENT",
  subscription_seat_released: "PAYMENT",
  refund_processed: "PAYMENT",
  tip_received: "PAYMENT",
  review_requested: "REVIEW",
  dispute_upheld: "SESSION",
  dispute_rejected: "SESSION",
  new_message: "SYSTEM",
  welcome: "SYSTEM",
};

/** A type from the database may predate this list: it then counts as SYSTEM. */
export function categoryOf(type: string): NotificationCategory {
  return (categoryByType as Record<string, NotificationCategory | undefined>)[type] ?? "SYSTEM";
}

/**
 * The key of the word shown above a notification's title: its rulebook type, except for chat
 * messages. Those are filed under SYSTEM, which would read as if the app itself had written them;
 * they say they come from a chat (the sender and the chat are named in the message).
 */
export function labelKeyOf(type: string): string {
  return type === "new_message" ? "labels.chat" : `categories.${categoryOf(type)}`;
}

/** One icon per rulebook type, by name (drawn as SVG by components/notifications/category-icon.tsx). */
export const categoryIcon: Record<NotificationCategory, string> = {
  BOOKING: "calendar",
  SESSION: "die",
  PAYMENT: "credit-card",
  SYSTEM: "bell",
  REVIEW: "star",
};

/** The types that also pop up as a toast when they arrive live (spec section 4). */
export const toastTypes: ReadonlySet<string> = new Set([
  "booking_confirmed",
  "session_starting",
  "new_message",
  "payment_due",
  "payment_received",
  "session_cancelled",
  "player_joined",
  "player_cancelled",
]);

export const TOAST_MS = 6000; // spec section 9
