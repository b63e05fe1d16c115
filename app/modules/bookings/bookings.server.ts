import { canManageSession, canRemoveFromSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { findSession } from "#app/modules/sessions/repo.server";
import { isUuid } from "#app/utils/http";
import * as repo from "./repo.server";

type Reader = Pick<Deps, "db">;

/** The viewer's own active booking in a session (null for visitors and players without one). */
export async function viewerBooking(deps: Reader, sessionId: string, viewer: Requester | null) {
  return viewer ? ((await repo.findActiveBooking(deps.db, sessionId, viewer.id)) ?? null) : null;
}

/** Participants and waitlist for those who manage the session; null for everyone else. */
export async function sessionRoster(deps: Reader, session: { id: string; dm_id: string }, viewer: Requester | null) {
  if (!canManageSession(viewer, session)) return { participants: null, waitlist: null };
  const [participants, waitlist] = await Promise.all([repo.listParticipants(deps.db, session.id), repo.listWaitlist(deps.db, session.id)]);
  return { participants, waitlist };
}

export type RemovalResult = { ok: true } | { ok: false; status: 403 | 404; error: string };

/**
 * DELETE /api/bookings and /api/waitlist, and the host's remove buttons. The host (or an admin)
 * may remove anyone; a player may remove only themself (leaving). A booking is cancelled, never
 * deleted; a waitlist entry is deleted.
 */
export async function removeFromSession(
  deps: Pick<Deps, "db" | "now">,
  actor: Requester,
  input: { sessionId: string; userId: string; list: "bookings" | "waitlist" },
): Promise<RemovalResult> {
  if (!isUuid(input.sessionId) || !isUuid(input.userId)) return { ok: false, status: 404, error: "Session not found" };
  const session = await findSession(deps.db, input.sessionId);
  if (!session) return { ok: false, status: 404, error: "Session not found" };
  if (!canRemoveFromSession(actor, session, input.userId)) {
    return { ok: false, status: 403, error: input.list === "bookings" ? "Failed to remove participant" : "Failed to remove from waitlist" };
  }
  const changed = await deps.db
    .transaction()
    .execute((trx) =>
      input.list === "bookings"
        ? repo.cancelActiveBooking(trx, input.sessionId, input.userId, deps.now)
        : repo.deleteWaitlistEntry(trx, input.sessionId, input.userId),
    );
  if (!changed) return { ok: false, status: 404, error: input.list === "bookings" ? "Booking not found" : "Waitlist entry not found" };
  return { ok: true };
}
