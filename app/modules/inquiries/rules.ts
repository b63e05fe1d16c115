import { DateTime } from "luxon";

/**
 * Direct booking inquiries (spec sections 2, 3, 5 and 9; decision record 060): a player asks a DM
 * who accepts direct bookings for a game of their own. Pure rules: no clock, no database.
 */

/** Spec section 9: players 1-8, hours 2-6; defaults 4 players, 3 hours, private. */
export const INQUIRY_LIMITS = {
  playersMin: 1,
  playersMax: 8,
  hoursMin: 2,
  hoursMax: 6,
  availabilityMin: 5,
  availabilityMax: 500,
  /** The form's counter shows 500 (spec section 5); the shared request schema allows 1000, which the table keeps as its bound. */
  detailsMax: 500,
  declineMessageMax: 500,
} as const;

export const INQUIRY_DEFAULTS = { playerCount: 4, hours: 3, sessionType: "private" } as const;

/** How many inquiries a player may have waiting for a DM's decision at once. */
export const MAX_PENDING_PER_PLAYER = 3;

export const sessionTypes = ["private", "open"] as const;
export type SessionType = (typeof sessionTypes)[number];

export const inquiryStatuses = ["open", "answered", "accepted", "declined"] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

/** Waiting for the DM's decision: these count towards the player's limit, and only these can be accepted or declined. */
export const pendingStatuses: readonly InquiryStatus[] = ["open", "answered"];
export const isPending = (status: string) => (pendingStatuses as readonly string[]).includes(status);

/**
 * The estimate the form shows and the inquiry keeps: players × hours × the DM's rate per
 * player-hour, in integer minor units of the DM's currency (no floating point on money).
 */
export function estimateCents(playerCount: number, hours: number, rateCents: number): number {
  if (![playerCount, hours, rateCents].every((n) => Number.isSafeInteger(n) && n >= 0)) return 0;
  return playerCount * hours * rateCents;
}

/** The inbox tab from the query string: one of the statuses, open when missing or unknown. */
export function inboxTab(raw: string | null | undefined): InquiryStatus {
  return (inquiryStatuses as readonly string[]).includes(raw ?? "") ? (raw as InquiryStatus) : "open";
}

/** Who a viewer is to an inquiry: its DM, its player, or nobody (who is then told it does not exist). */
export function roleIn(viewerId: string | null | undefined, inquiry: { dm_id: string; player_id: string }): "dm" | "player" | null {
  if (!viewerId) return null;
  if (viewerId === inquiry.dm_id) return "dm";
  if (viewerId === inquiry.player_id) return "player";
  return null;
}

export type SendRefusal = "notAccepting" | "self" | "tooManyPending" | "notFound";

/** Why a player cannot send an inquiry to this DM now; null when they can. `pending` is counted under the player's lock. */
export function sendProblem(input: {
  playerId: string;
  dm: { id: string; isDm: boolean; acceptsDirectBookings: boolean; banned: boolean } | null;
  pending: number;
}): SendRefusal | null {
  if (!input.dm || input.dm.banned || !input.dm.isDm) return "notFound";
  if (input.dm.id === input.playerId) return "self";
  if (!input.dm.acceptsDirectBookings) return "notAccepting";
  if (input.pending >= MAX_PENDING_PER_PLAYER) return "tooManyPending";
  return null;
}

/** Answering (opening the chat) moves an open inquiry to answered; a decided one stays as it is. */
export const statusAfterAnswer = (status: string): InquiryStatus => (status === "open" ? "answered" : (status as InquiryStatus));

/**
 * The private session an accepted inquiry becomes: its players are the seats, its hours the
 * duration, and each seat costs the hours at the DM's rate (the estimate split per player). A
 * private inquiry becomes a session only the invite code opens; an open one is listed too.
 */
export function sessionFromInquiry(inquiry: { player_count: number; hours: number; session_type: string; rate_cents: number; currency: string }) {
  const priceCents = inquiry.hours * inquiry.rate_cents;
  return {
    maxParticipants: inquiry.player_count,
    minParticipants: 1,
    durationMinutes: inquiry.hours * 60,
    priceCents,
    currency: inquiry.currency,
    isPrivate: inquiry.session_type !== "open",
    /** The player and their group redeem the code: one use per seat. */
    inviteUses: inquiry.player_count,
  };
}

/**
 * Where the DM's accept form starts: tomorrow at 19:00 in the DM's own zone (the session form's
 * default time), priced at the seat price the inquiry implies.
 */
export function acceptDefaults(now: Date, dmTimeZone: string, inquiry: Parameters<typeof sessionFromInquiry>[0]) {
  const tomorrow = DateTime.fromJSDate(now, { zone: dmTimeZone }).plus({ days: 1 });
  return {
    date: tomorrow.isValid ? tomorrow.toISODate() : DateTime.fromJSDate(now, { zone: "UTC" }).plus({ days: 1 }).toISODate(),
    time: "19:00",
    priceCents: sessionFromInquiry(inquiry).priceCents,
  };
}
