import { canManageSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { underSessionLock } from "#app/modules/bookings/bookings.server";
import * as bookings from "#app/modules/bookings/repo.server";
import { leaveRefusal, sessionShutTo } from "#app/modules/bookings/rules";
import type { Deps } from "#app/modules/deps.server";
import { isUuid } from "#app/utils/uuid";
import { mailGuests } from "./mail.server";
import * as repo from "./repo.server";
import { groupFits, type GroupReading, type GroupRefusal, readGroup } from "./rules";

type Writer = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;

export type GroupResult =
  | { ok: true; seats: { id: string; guest_name: string; guest_email: string }[] }
  | { ok: false; refusal: GroupRefusal; reading?: Extract<GroupReading, { ok: false }> | null; seatsLeft?: number };

const refuse = (refusal: GroupRefusal, seatsLeft?: number): GroupResult => ({ ok: false, refusal, seatsLeft });

/** A booking refusal from the seat rules, as the group's own (the group has fewer ways to be refused). */
const fromShut = (shut: string): GroupRefusal => (shut === "ownSession" ? "ownSession" : shut === "notFound" ? "notFound" : "closed");

/**
 * A player books seats for 1-6 guests at once (decision records 062 and 068). All or none: the
 * decision runs under the session's lock, and the one statement that holds every seat is refused
 * whole by the seat guard should the group not fit. Free sessions only; the booker's address must
 * be verified (their name is what the guests' mail carries), they may have one active group per
 * session, and a private session's group needs a booker who holds a seat there. The answer never
 * says whether a guest's address already holds a seat in the session: such a guest's seat is held
 * like any other, and only they are not mailed. Each other guest is mailed an invitation.
 */
export async function bookGroup(deps: Writer, booker: Requester, sessionId: string, rows: unknown): Promise<GroupResult> {
  const reading = readGroup(rows, booker.email);
  if (!reading.ok) return { ok: false, refusal: "invalid", reading };
  if (!isUuid(sessionId)) return refuse("notFound");
  const guests = reading.guests;
  let seatedAlready = new Set<string>();
  const decided = await underSessionLock<GroupResult>(deps, sessionId, async (trx, s) => {
    const shut = sessionShutTo(booker, s, deps.now);
    if (shut) return { result: refuse(fromShut(shut)) };
    if (s.price_cents > 0) return { result: refuse("notFree") };
    if (!booker.emailVerified) return { result: refuse("emailNotVerified") };
    if (s.is_private && !canManageSession(booker, s) && !(await bookings.findActiveBooking(trx, s.id, booker.id))) return { result: refuse("private") };
    if (await repo.hasActiveGroup(trx, s.id, booker.id)) return { result: refuse("groupExists") };
    const taken = await bookings.bookedCount(trx, s.id);
    const heldForOthers = await bookings.countRunningOffers(trx, s.id, deps.now, booker.id);
    if (!groupFits(guests.length, s.max_participants, taken, heldForOthers))
      return { result: refuse("notEnoughSeats", Math.max(0, s.max_participants - taken - heldForOthers)) };
    seatedAlready = await repo.emailsAlreadySeated(
      trx,
      s.id,
      guests.map((g) => g.email),
    );
    const seats = await repo.insertHeldSeats(trx, { sessionId: s.id, bookerId: booker.id, guests, now: deps.now });
    return { result: { ok: true, seats } };
  });
  if (!decided.ok && "refusal" in decided && decided.refusal === "notFound") return refuse("notFound");
  if (decided.ok)
    await mailGuests(
      deps,
      booker,
      sessionId,
      decided.seats.filter((seat) => !seatedAlready.has(seat.guest_email)),
    );
  return decided as GroupResult;
}

/** The seats the booker's group holds in a session (the group page lists them). */
export const groupOf = (deps: Pick<Deps, "db">, sessionId: string, booker: { id: string }) =>
  isUuid(sessionId) ? repo.groupSeatsOf(deps.db, sessionId, booker.id) : Promise.resolve([]);

/**
 * The booker gives up their group's held seats (all, or one named), until the session starts: the
 * same bound as leaving a seat. Claimed seats are their guests' own bookings and stay theirs; the
 * guests leave them the usual way. Group seats are free, so nothing is refunded.
 */
export async function cancelGroupSeats(deps: Writer, booker: Requester, sessionId: string, seatId?: string) {
  if (seatId !== undefined && !isUuid(seatId)) return { ok: false as const, refusal: "notFound" as const };
  return underSessionLock<{ ok: true; cancelled: number } | { ok: false; refusal: "leaveClosed" | "notFound" }>(deps, sessionId, async (trx, s) => {
    const shut = leaveRefusal(s, deps.now, "player");
    if (shut) return { result: { ok: false, refusal: shut } };
    const cancelled = await repo.cancelHeldSeats(trx, { sessionId: s.id, bookerId: booker.id, seatId, now: deps.now });
    return { result: cancelled > 0 ? { ok: true, cancelled } : { ok: false, refusal: "notFound" } };
  });
}
