import { canManageSession, hostsSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { type CodeTrier, screenInviteCode } from "#app/modules/invites/invites.server";
import { waivesPrice } from "#app/modules/invites/rules";
import { findSession } from "#app/modules/sessions/repo.server";
import { isUuid } from "#app/utils/uuid";
import { viewerWaitlistEntry } from "./bookings.server";
import * as repo from "./repo.server";
import { closedReason, seatsOpenTo } from "./rules";

/**
 * What the confirmation screen shows a viewer: the session, the seats open to them (an offer
 * running for someone else is a seat they cannot take; their own offer is one they can), and
 * where they stand: booked, waiting (with a running offer or not), or neither.
 */
export async function confirmationView(deps: Pick<Deps, "db" | "now">, sessionId: string, viewer: Requester | null, typedCode = "", address = "unknown") {
  if (!isUuid(sessionId)) return null;
  const row = await findSession(deps.db, sessionId);
  if (!row) return null;
  const lock = row.series_id ? await repo.seriesBookingLockHours(deps.db, row.series_id) : null;
  const [booking, waiting, heldForOthers] = await Promise.all([
    viewer ? repo.findActiveBooking(deps.db, row.id, viewer.id) : undefined,
    viewerWaitlistEntry(deps, row.id, viewer),
    repo.countRunningOffers(deps.db, row.id, deps.now, viewer?.id ?? null),
  ]);
  // The ?invite= code passes the same limited screen as a booking with it.
  const who: CodeTrier = { userId: viewer?.id ?? null, address };
  const invite = typedCode ? await screenInviteCode(deps, who, row.id, typedCode) : null;
  return {
    row,
    closed: closedReason({ status: row.status, starts_at: new Date(row.starts_at), booking_lock_hours: lock }, deps.now),
    spotsLeft: seatsOpenTo(row.max_participants, row.booked, heldForOthers),
    isHost: hostsSession(viewer, row),
    booking: booking ?? null,
    waiting,
    invite,
    // A private session opens with a code; its host and admins need none, and a player in its
    // line got in with one already.
    needsInvite: row.is_private && !waiting && !canManageSession(viewer, row) && !invite?.ok,
    // A free code waives the price.
    free: row.price_cents === 0 || (invite?.ok === true && waivesPrice(invite.type)),
  };
}

/** The viewer's place in line and the seat held for them, worded for their language and zone (the session page shows the same). */
export function waitingView(waiting: { position: number; offerUntil: Date | null } | null, lang: Locale, zone: string) {
  return waiting && { position: waiting.position, offerUntil: waiting.offerUntil && formatDateTime(waiting.offerUntil, lang, zone) };
}
