import { isUuid } from "#app/lib/ids";
import { inTransaction } from "#app/lib/transaction.server";
import { canManageSession, canRemoveFromSession } from "#app/modules/access/rules";
import { track } from "#app/modules/analytics/analytics.server";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { checkInvite, type Screened, type ScreenedCode, screenTyped, type TypedInvite } from "#app/modules/invites/invites.server";
import type { Refused as RefusedInWords } from "#app/modules/refusals";
import { recordSeatSafety } from "#app/modules/safety/index.server";
import type { SafetyInput } from "#app/modules/safety/rules";
import { seatedPlayers } from "#app/modules/sessions/index.server";
import { displayNameOf } from "#app/modules/users/rules";
import { refusalText } from "./messages.server";
import * as repo from "./repo.server";
import { ACTIVE_BOOKING_STATUSES, type BookingRefusal, inviteRefusal, leaveActor, leaveRefusal, seatCanceller, waitlistStanding } from "./rules";
import { decideSeats } from "./seat-pipeline.server";
import { seatRefusal } from "./seat-rule";
export { seatNewSubscriber } from "./subscriber-seats.server";
import { eventData, type Notice, offerFreedSeats, offerNotices, offerUntilFor, tell } from "./waitlist.server";

type Reader = Pick<Deps, "db">;
export type Writer = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;
export type Refused = { ok: false; refusal: BookingRefusal; retryAfterSeconds?: number };
const refuse = (refusal: BookingRefusal): Refused => ({ ok: false, refusal });
/** A code that did not pass the screen: one refusal for every wrong code, another (with the wait) while limited. */
export const refuseCode = (screened: Extract<Screened, { ok: false }>): Refused =>
  screened.problem === "limited"
    ? { ok: false, refusal: inviteRefusal("limited"), retryAfterSeconds: screened.retryAfterSeconds }
    : refuse(inviteRefusal("invalid"));

/** The viewer's own active booking in a session (null for visitors and players without one). */
export async function viewerBooking(deps: Reader, sessionId: string, viewer: Requester | null) {
  return viewer ? ((await repo.findActiveBooking(deps.db, sessionId, viewer.id)) ?? null) : null;
}

/** How many of the session's taken seats are held while their payment is not in. */
export const heldSeats = (deps: Reader, sessionId: string) => repo.countHeldSeats(deps.db, sessionId);

/**
 * The viewer's place in the session's waitlist and the seat held for them, if an offer runs
 * (null for visitors and players not in line). Every page that shows an offer asks here.
 */
export async function viewerWaitlistEntry(deps: Pick<Deps, "db" | "now">, sessionId: string, viewer: Requester | null) {
  const entry = viewer ? await repo.findWaitlistEntry(deps.db, sessionId, viewer.id) : undefined;
  return entry ? waitlistStanding(entry, deps.now) : null;
}

/** Participants and waitlist for those who manage the session; null for everyone else. */
export async function sessionRoster(deps: Reader, session: { id: string; dm_id: string }, viewer: Requester | null) {
  if (!canManageSession(viewer, session)) return { participants: null, waitlist: null };
  const [participants, waitlist] = await Promise.all([
    seatedPlayers(deps.db, session.id, { statuses: ACTIVE_BOOKING_STATUSES, orderBy: "booking" }),
    repo.listWaitlist(deps.db, session.id),
  ]);
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

/** How often a booking is prepared again when the session changed between reading it and taking the seat. */
const TAKE_ATTEMPTS = 3;
const refusalForOutcome = {
  gone: "notFound",
  own: "ownSession",
  banned: "notAllowed",
  closed: "bookingClosed",
  already: "alreadyBooked",
  private: "inviteRequired",
  full: "sessionFull",
  invite: "inviteInvalid",
  notFree: "notFree",
} as const;

/**
 * A free seat (the free-confirm button and POST /api/sessions/{id}/book). With `waitlistIfFull`
 * a full session puts the player in line instead of refusing. Someone holding a waitlist offer
 * takes the seat held for them and leaves the line. The player and the host are told once the
 * seat is taken.
 */
export async function bookFreeSeat(deps: Writer, player: Requester, input: FreeSeatRequest): Promise<BookResult> {
  await track(deps, { name: "booking_initiated", user: player, sessionId: input.sessionId, properties: { paymentMethod: "free" } });
  const result = await decideFreeSeat(deps, player, input);
  if (result.ok && !result.waitlisted) await tellBooked(deps, player, input.sessionId);
  return result;
}

/** The player's booking_confirmed and the host's player_joined, once the seat is taken. */
export async function tellBooked(deps: Writer, player: Requester, sessionId: string) {
  const s = await repo.readSession(deps.db, sessionId);
  if (!s) return;
  const name = displayNameOf({ displayName: player.displayName, email: player.email });
  await tell(deps, [
    { userId: player.id, type: "booking_confirmed", data: eventData(s) },
    { userId: s.dm_id, type: "player_joined", data: eventData(s, { playerName: name }) },
  ]);
}

/** `safety`: the player's lines and veils, kept with the seat in its transaction (none given leaves any note as it is). */
type FreeSeatRequest = { sessionId: string; waitlistIfFull?: boolean; safety?: SafetyInput } & TypedInvite;

/**
 * The database's part of a free booking, without telling anyone (bookFreeSeat tells). The seat is decided and taken
 * in one database call (take_free_seat: the session's lock, the checks, the code's use, the
 * booking), so the lock is held for no round trip of ours (decision record 031). Only when it
 * says no is the session read, to give the precise refusal with the rules in rules.ts, or to put
 * the player in line when it is full; if that read finds nothing wrong (the session changed in
 * between), the seat is tried again.
 */
export async function decideFreeSeat(deps: Writer, player: Requester, input: FreeSeatRequest): Promise<BookResult> {
  if (!isUuid(input.sessionId)) return refuse("notFound");
  // A typed code passes the limited screen before anything else looks at it.
  const screened = await screenTyped(deps, player.id, input.sessionId, input);
  if (screened && !screened.ok) return refuseCode(screened);
  const code = screened?.code ?? null;
  let outcome: repo.TakeOutcome = "gone";
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt += 1) {
    const taken = await inTransaction(deps.db, async (trx) => {
      const take = await repo.takeFreeSeat(trx, { sessionId: input.sessionId, userId: player.id, now: deps.now, code, admin: player.isAdmin });
      if (take.outcome === "booked" && input.safety) await recordSeatSafety({ db: trx, now: deps.now }, player.id, input.sessionId, input.safety);
      return take;
    });
    outcome = taken.outcome;
    if (taken.outcome === "booked" && taken.booking_id) return { ok: true, bookingId: taken.booking_id, waitlisted: false };
    // The account's row says it is banned; the request does not (decision record 073).
    if (taken.outcome === "banned") return refuse("notAllowed");
    const read = await repo.readSeatDecision(deps.db, input.sessionId, player.id, deps.now);
    if (!read) return refuse("notFound");
    const prepared = await prepareFreeSeat(deps, player, read, code);
    if (!prepared.ok) return prepared;
    if (prepared.full) {
      if (!input.waitlistIfFull) return refuse("sessionFull");
      if (prepared.waiting) return refuse("alreadyWaiting");
      const lined = await joinFullSessionLine(deps, player, input.sessionId, code);
      // A seat freed since the session was read: try for it rather than queue behind nobody.
      if (!lined.ok && lined.refusal === "seatsAvailable") continue;
      return lined;
    }
  }
  return refuse(outcome === "booked" ? "notFound" : refusalForOutcome[outcome]);
}

/**
 * Whether the player may take a free seat in the session as read (the seat rule, seatRefusal),
 * and if so whether it is full. Nothing is written.
 */
async function prepareFreeSeat(
  deps: Writer,
  player: Requester,
  { session: s, facts }: NonNullable<Awaited<ReturnType<typeof repo.readSeatDecision>>>,
  code: ScreenedCode | null,
) {
  const invite = code ? await checkInvite(deps.db, s.id, code, deps.now) : null;
  const refusal = seatRefusal("freeSeat", player, s, facts, invite, deps.now);
  if (refusal && refusal !== "sessionFull") return refuse(refusal);
  return { ok: true as const, full: refusal === "sessionFull", waiting: facts.waiting };
}

/**
 * Whether the player may join the line of the locked session: the seat pipeline's decision (the
 * seat rule's "waitlist"), which locks the account's row after the session's, so one account's
 * joins of different lines are decided one after the other and its lines counted after the lock.
 * The verified email is the account's, not what the caller says of it. A code only counts for a
 * private session's line, and checking it takes no use.
 */
async function lineRefusal(trx: Deps["db"], s: repo.LockedSession, player: Requester, code: ScreenedCode | null, now: Date) {
  const needsCode = s.is_private && !canManageSession(player, s);
  const decided = await decideSeats(trx, s, player, { ask: "waitlist", code: needsCode ? code : null }, now);
  // A line is never refused as 'isFree' (that answers a paid seat only).
  if (decided.ok) return null;
  return decided.refusal === "isFree" ? "notAllowed" : decided.refusal;
}

/** A full session puts the player at the end of its line (decided again under the lock: a seat may have freed). */
function joinFullSessionLine(deps: Writer, player: Requester, sessionId: string, code: ScreenedCode | null) {
  return underSessionLock<{ ok: true; waitlisted: true; position: number }>(deps, sessionId, async (trx, s) => {
    const refusal = await lineRefusal(trx, s, player, code, deps.now);
    if (refusal) return { result: refuse(refusal) };
    return { result: { ok: true, waitlisted: true, position: await repo.appendToWaitlist(trx, s.id, player.id, deps.now) } };
  });
}

/**
 * A player gets in line for a full session (POST /api/sessions/{id}/waitlist and the confirmation
 * page); a private one needs its invite code, a priced one a verified email, and nobody waits in
 * more than MAX_WAITING_LINES lines at once.
 */
export async function joinWaitlist(deps: Writer, player: Requester, sessionId: string, typed: TypedInvite = {}) {
  if (!isUuid(sessionId)) return refuse("notFound");
  const screened = await screenTyped(deps, player.id, sessionId, typed);
  if (screened && !screened.ok) return refuseCode(screened);
  return underSessionLock<{ ok: true; position: number }>(deps, sessionId, async (trx, s) => {
    const refusal = await lineRefusal(trx, s, player, screened?.code ?? null, deps.now);
    if (refusal) return { result: refuse(refusal) };
    return { result: { ok: true, position: await repo.appendToWaitlist(trx, s.id, player.id, deps.now) } };
  });
}

/**
 * Someone leaves a session's list: a player themself, or the host (or an admin) removing them.
 * A booking is cancelled (kept as history), a waitlist entry deleted; either way a seat that
 * becomes free (a booking's, or one held by an offer) goes to the next in line.
 */
export async function leaveList(
  deps: Writer,
  actor: Requester,
  input: { sessionId: string; userId: string; list: "bookings" | "waitlist" },
): Promise<{ ok: true } | Refused> {
  if (!isUuid(input.userId)) return refuse(input.list === "bookings" ? "notFound" : "notWaiting");
  if (input.list === "waitlist") return leaveLine(deps, actor, input);
  if (!isUuid(input.sessionId)) return refuse("notFound");
  const s = await repo.readSession(deps.db, input.sessionId);
  if (!s) return refuse("notFound");
  if (!canRemoveFromSession(actor, s, input.userId)) return refuse("notAllowed");
  const who = leaveActor(actor, s);
  const shut = leaveRefusal(s, deps.now, who);
  if (shut) return refuse(shut);
  // The booking is cancelled and its seat offered in one call (see bookFreeSeat for why); the
  // call refuses a leave after the start too, should the session have changed since it was read.
  const offerUntil = offerUntilFor(s, deps.now);
  const released = await repo.releaseSeat(deps.db, {
    sessionId: s.id,
    userId: input.userId,
    now: deps.now,
    offerUntil,
    admin: who === "admin",
    by: seatCanceller(actor, s, input.userId),
  });
  if (released.outcome === "closed") return refuse("leaveClosed");
  if (released.outcome === "groupClaimed") return refuse("groupClaimed");
  if (released.outcome !== "released") return refuse("notFound");
  const notices = offerNotices(s, released.offered, offerUntil);
  if (actor.id === input.userId) {
    const name = displayNameOf({ displayName: actor.displayName, email: actor.email });
    notices.push({ userId: s.dm_id, type: "player_cancelled", data: eventData(s, { playerName: name }) });
  }
  await tell(deps, notices);
  return { ok: true };
}

/** Someone leaves a session's line (or is taken off it); a seat their offer held goes to the next. */
function leaveLine(deps: Writer, actor: Requester, input: { sessionId: string; userId: string }) {
  return underSessionLock<{ ok: true }>(deps, input.sessionId, async (trx, s) => {
    if (!canRemoveFromSession(actor, s, input.userId)) return { result: refuse("notAllowed") };
    const shut = leaveRefusal(s, deps.now, leaveActor(actor, s));
    if (shut) return { result: refuse(shut) };
    if (!(await repo.deleteWaitlistEntry(trx, s.id, input.userId))) return { result: refuse("notWaiting") };
    return { result: { ok: true }, notices: await offerFreedSeats(trx, s, deps.now) };
  });
}

/** DELETE /api/bookings {bookingId}: the booking's holder leaves (the host or an admin may remove it). */
export async function leaveBooking(deps: Writer, actor: Requester, bookingId: unknown) {
  if (!isUuid(bookingId)) return refuse("notFound");
  const booking = await repo.findBooking(deps.db, bookingId);
  if (!booking) return refuse("notFound");
  return leaveList(deps, actor, { sessionId: booking.session_id, userId: booking.user_id, list: "bookings" });
}

export type RemovalResult = { ok: true } | RefusedInWords<"notFound" | "forbidden" | "conflict", { error: string }>;

/** DELETE /api/bookings and /api/waitlist by session and user, and the host's remove buttons (spec section 8 texts). */
export async function removeFromSession(
  deps: Writer,
  actor: Requester,
  input: { sessionId: string; userId: string; list: "bookings" | "waitlist" },
): Promise<RemovalResult> {
  const result = await leaveList(deps, actor, input);
  if (result.ok) return result;
  if (result.refusal === "leaveClosed" || result.refusal === "groupClaimed")
    return { ok: false, refusal: "conflict", error: refusalText(result.refusal, actor.preferredLanguage) };
  if (result.refusal === "notAllowed")
    return { ok: false, refusal: "forbidden", error: input.list === "bookings" ? "Failed to remove participant" : "Failed to remove from waitlist" };
  if (result.refusal === "notFound" && input.list === "bookings" && isUuid(input.sessionId)) {
    if (await repo.sessionExists(deps.db, input.sessionId)) return { ok: false, refusal: "notFound", error: "Booking not found" };
  }
  if (result.refusal === "notWaiting") return { ok: false, refusal: "notFound", error: "Waitlist entry not found" };
  return { ok: false, refusal: "notFound", error: "Session not found" };
}
