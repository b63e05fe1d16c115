import { canManageSession, canRemoveFromSession, canTakeSeat } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { checkInvite, redeemInvite } from "#app/modules/invites/invites.server";
import { waivesPrice } from "#app/modules/invites/rules";
import { displayNameOf } from "#app/modules/users/rules";
import { isUuid } from "#app/utils/http";
import * as repo from "./repo.server";
import { type BookingRefusal, closedReason, inviteRefusal, seatsOpenTo } from "./rules";
import { eventData, type Notice, offerFreedSeats, tell } from "./waitlist.server";

type Reader = Pick<Deps, "db">;
export type Writer = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;
export type Refused = { ok: false; refusal: BookingRefusal };
const refuse = (refusal: BookingRefusal): Refused => ({ ok: false, refusal });

/** The viewer's own active booking in a session (null for visitors and players without one). */
export async function viewerBooking(deps: Reader, sessionId: string, viewer: Requester | null) {
  return viewer ? ((await repo.findActiveBooking(deps.db, sessionId, viewer.id)) ?? null) : null;
}

/** The viewer's place in the session's waitlist (null for visitors and players not in line). */
export async function viewerWaitlistEntry(deps: Reader, sessionId: string, viewer: Requester | null) {
  return viewer ? ((await repo.findWaitlistEntry(deps.db, sessionId, viewer.id)) ?? null) : null;
}

/** Participants and waitlist for those who manage the session; null for everyone else. */
export async function sessionRoster(deps: Reader, session: { id: string; dm_id: string }, viewer: Requester | null) {
  if (!canManageSession(viewer, session)) return { participants: null, waitlist: null };
  const [participants, waitlist] = await Promise.all([repo.listParticipants(deps.db, session.id), repo.listWaitlist(deps.db, session.id)]);
  return { participants, waitlist };
}

/**
 * Runs `decide` in one transaction holding the session's row lock, then sends its notices once
 * it committed. Every seat decision goes through here, so they happen one after the other per
 * session and never as a check in one statement and a write in another.
 */
export async function underSessionLock<T extends { ok: boolean }>(
  deps: Writer,
  sessionId: string,
  decide: (trx: Deps["db"], session: repo.LockedSession) => Promise<{ result: T | Refused; notices?: Notice[] }>,
): Promise<T | Refused> {
  if (!isUuid(sessionId)) return refuse("notFound");
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const session = await repo.lockSession(trx, sessionId);
    if (!session) return { result: refuse("notFound") };
    return decide(trx, session);
  });
  await tell(deps, outcome.notices ?? []);
  return outcome.result;
}

export type BookResult = { ok: true; bookingId: string; waitlisted: false } | { ok: true; waitlisted: true; position: number } | Refused;

/**
 * A free seat (the free-confirm button and POST /api/sessions/{id}/book). With `waitlistIfFull`
 * a full session puts the player in line instead of refusing. Someone holding a waitlist offer
 * takes the seat held for them and leaves the line.
 */
export function bookFreeSeat(deps: Writer, player: Requester, input: { sessionId: string; inviteCode?: string | null; waitlistIfFull?: boolean }) {
  return underSessionLock<Exclude<BookResult, Refused>>(deps, input.sessionId, async (trx, s) => {
    if (!canTakeSeat(player, s)) return { result: refuse("ownSession") };
    const closed = closedReason(s, deps.now);
    if (closed) return { result: refuse(closed) };
    const facts = await repo.seatFacts(trx, s.id, player.id, deps.now);
    if (facts.booked) return { result: refuse("alreadyBooked") };
    // A private session opens only with a code (its host and admins manage it and need none); a
    // free code also waives the price. The code is only looked at here: a use is taken below, in
    // this transaction, when a seat really is (a player put in line keeps the code for later).
    const code = input.inviteCode?.trim() || null;
    // Someone in the line was let in when they joined it (with a code, for a private session).
    if (s.is_private && !code && !facts.waiting && !canManageSession(player, s)) return { result: refuse("inviteRequired") };
    const invite = code ? await checkInvite({ db: trx, now: deps.now }, s.id, code) : null;
    if (invite && !invite.ok) return { result: refuse(inviteRefusal(invite.problem)) };
    if (s.price_cents > 0 && !(invite?.ok && waivesPrice(invite.type))) return { result: refuse("notFree") };
    if (seatsOpenTo(s.max_participants, s.booked_count, facts.heldForOthers) === 0) {
      if (!input.waitlistIfFull) return { result: refuse("sessionFull") };
      if (facts.waiting) return { result: refuse("alreadyWaiting") };
      return { result: { ok: true, waitlisted: true, position: await repo.appendToWaitlist(trx, s.id, player.id, deps.now) } };
    }
    const redeemed = code ? await redeemInvite(trx, s.id, code, deps.now) : null;
    // Another player took the code's last use since it was checked (the update above decides).
    if (redeemed && !redeemed.ok) return { result: refuse(inviteRefusal(redeemed.problem)) };
    const inviteId = redeemed?.ok ? redeemed.inviteId : null;
    const bookingId = await repo.insertFreeBooking(trx, { sessionId: s.id, userId: player.id, currency: s.currency, now: deps.now, inviteId });
    if (facts.waiting) await repo.deleteWaitlistEntry(trx, s.id, player.id);
    const name = displayNameOf({ displayName: player.displayName, email: player.email });
    return {
      result: { ok: true, bookingId, waitlisted: false },
      notices: [
        { userId: player.id, type: "booking_confirmed", data: eventData(s) },
        { userId: s.dm_id, type: "player_joined", data: eventData(s, { playerName: name }) },
      ],
    };
  });
}

/** A player gets in line for a full session (POST /api/sessions/{id}/waitlist); a private one needs its invite code. */
export function joinWaitlist(deps: Writer, player: Requester, sessionId: string, inviteCode: string | null = null) {
  return underSessionLock<{ ok: true; position: number }>(deps, sessionId, async (trx, s) => {
    if (!canTakeSeat(player, s)) return { result: refuse("ownSession") };
    const closed = closedReason(s, deps.now);
    if (closed) return { result: refuse(closed) };
    const facts = await repo.seatFacts(trx, s.id, player.id, deps.now);
    if (facts.booked) return { result: refuse("alreadyBooked") };
    if (facts.waiting) return { result: refuse("alreadyWaiting") };
    // The line of a private session is as closed as its seats: a valid code (no use taken) lets one in.
    if (s.is_private && !canManageSession(player, s)) {
      if (!inviteCode?.trim()) return { result: refuse("inviteRequired") };
      const invite = await checkInvite({ db: trx, now: deps.now }, s.id, inviteCode);
      if (!invite.ok) return { result: refuse(inviteRefusal(invite.problem)) };
    }
    if (seatsOpenTo(s.max_participants, s.booked_count, facts.heldForOthers) > 0) return { result: refuse("seatsAvailable") };
    return { result: { ok: true, position: await repo.appendToWaitlist(trx, s.id, player.id, deps.now) } };
  });
}

/**
 * Someone leaves a session's list: a player themself, or the host (or an admin) removing them.
 * A booking is cancelled (kept as history), a waitlist entry deleted; either way a seat that
 * becomes free (a booking's, or one held by an offer) goes to the next in line.
 */
export function leaveList(deps: Writer, actor: Requester, input: { sessionId: string; userId: string; list: "bookings" | "waitlist" }) {
  if (!isUuid(input.userId)) return Promise.resolve(refuse(input.list === "bookings" ? "notFound" : "notWaiting"));
  return underSessionLock<{ ok: true }>(deps, input.sessionId, async (trx, s) => {
    if (!canRemoveFromSession(actor, s, input.userId)) return { result: refuse("notAllowed") };
    const changed =
      input.list === "bookings" ? await repo.cancelActiveBooking(trx, s.id, input.userId, deps.now) : await repo.deleteWaitlistEntry(trx, s.id, input.userId);
    if (!changed) return { result: refuse(input.list === "bookings" ? "notFound" : "notWaiting") };
    const notices = await offerFreedSeats(trx, s, deps.now);
    if (input.list === "bookings" && actor.id === input.userId) {
      const name = displayNameOf({ displayName: actor.displayName, email: actor.email });
      notices.push({ userId: s.dm_id, type: "player_cancelled", data: eventData(s, { playerName: name }) });
    }
    return { result: { ok: true }, notices };
  });
}

/** DELETE /api/bookings {bookingId}: the booking's holder leaves (the host or an admin may remove it). */
export async function leaveBooking(deps: Writer, actor: Requester, bookingId: unknown) {
  if (!isUuid(bookingId)) return refuse("notFound");
  const booking = await repo.findBooking(deps.db, bookingId);
  if (!booking) return refuse("notFound");
  return leaveList(deps, actor, { sessionId: booking.session_id, userId: booking.user_id, list: "bookings" });
}

export type RemovalResult = { ok: true } | { ok: false; status: 403 | 404; error: string };

/** DELETE /api/bookings and /api/waitlist by session and user, and the host's remove buttons (spec section 8 texts). */
export async function removeFromSession(
  deps: Writer,
  actor: Requester,
  input: { sessionId: string; userId: string; list: "bookings" | "waitlist" },
): Promise<RemovalResult> {
  const result = await leaveList(deps, actor, input);
  if (result.ok) return result;
  if (result.refusal === "notAllowed")
    return { ok: false, status: 403, error: input.list === "bookings" ? "Failed to remove participant" : "Failed to remove from waitlist" };
  if (result.refusal === "notFound" && input.list === "bookings" && isUuid(input.sessionId)) {
    if (await repo.sessionExists(deps.db, input.sessionId)) return { ok: false, status: 404, error: "Booking not found" };
  }
  if (result.refusal === "notWaiting") return { ok: false, status: 404, error: "Waitlist entry not found" };
  return { ok: false, status: 404, error: "Session not found" };
}

/**
 * The host (or an admin) cancels a session, one occurrence of a series included: every active
 * booking is cancelled, the waitlist closed, and everyone who had a seat or a place in line told.
 */
export function cancelSession(deps: Writer, actor: Requester, sessionId: string) {
  return underSessionLock<{ ok: true }>(deps, sessionId, async (trx, s) => {
    if (!canManageSession(actor, s)) return { result: refuse("notAllowed") };
    const closed = closedReason({ ...s, booking_lock_hours: null }, new Date(0));
    if (closed) return { result: refuse(closed) };
    await repo.setSessionStatus(trx, s.id, "CANCELLED", deps.now);
    const players = await repo.cancelAllActiveBookings(trx, s.id, deps.now);
    const waiting = await repo.clearWaitlist(trx, s.id);
    const told = [...new Set([...players, ...waiting])];
    return { result: { ok: true }, notices: told.map((userId) => ({ userId, type: "session_cancelled" as const, data: eventData(s) })) };
  });
}
