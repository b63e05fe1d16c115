import { canManageSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { underSessionLock, type Writer } from "./bookings.server";
import * as repo from "./repo.server";
import { type BookingRefusal, closedReason, sessionCanceller } from "./rules";
import { eventData } from "./waitlist.server";

const refuse = (refusal: BookingRefusal) => ({ ok: false as const, refusal });

/**
 * The host (or an admin) cancels a session, one occurrence of a series included: every active
 * booking is cancelled, the waitlist closed, and everyone who had a seat or a place in line told.
 * The session and its seats record who cancelled them (the host's own, or an admin's).
 */
export function cancelSession(deps: Writer, actor: Requester, sessionId: string) {
  return underSessionLock<{ ok: true }>(deps, sessionId, async (trx, s) => {
    if (!canManageSession(actor, s)) return { result: refuse("notAllowed") };
    const closed = closedReason({ ...s, booking_lock_hours: null }, new Date(0));
    if (closed) return { result: refuse(closed) };
    const by = sessionCanceller(actor, s);
    await repo.cancelSessionRow(trx, s.id, by, deps.now);
    const players = await repo.cancelAllActiveBookings(trx, s.id, by, deps.now);
    // Seats a group holds for guests who have not claimed them go with the session.
    await repo.cancelHeldGroupSeats(trx, s.id, deps.now);
    const waiting = await repo.clearWaitlist(trx, s.id);
    const told = [...new Set([...players, ...waiting])];
    return { result: { ok: true }, notices: told.map((userId) => ({ userId, type: "session_cancelled" as const, data: eventData(s) })) };
  });
}
