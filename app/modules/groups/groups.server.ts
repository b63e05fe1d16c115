import { isUuid } from "#app/lib/ids";
import type { Requester } from "#app/modules/auth/session.server";
import { underSessionLock } from "#app/modules/bookings/bookings.server";
import { leaveRefusal } from "#app/modules/bookings/rules";
import { decideSeats } from "#app/modules/bookings/seat-pipeline.server";
import type { Deps } from "#app/modules/deps.server";
import { mailGuests } from "./mail.server";
import * as repo from "./repo.server";
import { type GroupReading, type GroupRefusal, readGroup } from "./rules";

type Writer = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;

export type GroupResult =
  | { ok: true; seats: { id: string; guest_name: string; guest_email: string }[] }
  | { ok: false; refusal: GroupRefusal; reading?: Extract<GroupReading, { ok: false }> | null; seatsLeft?: number };

const refuse = (refusal: GroupRefusal, seatsLeft?: number): GroupResult => ({ ok: false, refusal, seatsLeft });

/** The seat rule's refusals (and a paid hold's), as the group's: the group page and the API have a message for each of these. */
const AS_GROUP: Partial<Record<string, GroupRefusal>> = {
  ownSession: "ownSession",
  notFound: "notFound",
  notAllowed: "notFound",
  alreadyBooked: "alreadyBooked",
  inviteRequired: "private",
  inviteInvalid: "private",
  inviteTriesLimited: "private",
  notFree: "notFree",
  emailNotVerified: "emailNotVerified",
  tooManyHolds: "tooManyHolds",
  hostCannotBePaid: "hostCannotBePaid",
  sessionFull: "notEnoughSeats",
  paymentPending: "paymentPending",
  oxxoNotOffered: "oxxoNotOffered",
  oxxoTooClose: "oxxoTooClose",
};
/** Any other refusal (a session no longer taking bookings) is the group's 'closed'. */
export const asGroupRefusal = (refusal: string): GroupRefusal => AS_GROUP[refusal] ?? "closed";

/**
 * A player books seats for 1-6 guests at once (decision records 062 and 068). All or none: the
 * decision runs under the session's lock through the seat pipeline (decideSeats, the seat rule's
 * 'groupSeats': free sessions only, a verified booker, since their name is what the guests' mail
 * carries, a private session's code or the booker's own seat there, and every guest's seat open),
 * and the one statement that holds every seat is refused whole by the seat guard should the group
 * not fit. The booker may have one active group per session. The answer never says whether a
 * guest's address already holds a seat in the session: such a guest's seat is held like any
 * other, and only they are not mailed. Each other guest is mailed an invitation.
 */
export async function bookGroup(deps: Writer, booker: Requester, sessionId: string, rows: unknown): Promise<GroupResult> {
  const reading = readGroup(rows, booker.email);
  if (!reading.ok) return { ok: false, refusal: "invalid", reading };
  if (!isUuid(sessionId)) return refuse("notFound");
  const guests = reading.guests;
  let seatedAlready = new Set<string>();
  const decided = await underSessionLock<GroupResult>(deps, sessionId, async (trx, s) => {
    const seats = await decideSeats(trx, s, booker, { ask: "groupSeats", count: guests.length }, deps.now);
    // A second group of the booker's is told so before being told it does not fit (decision record 068).
    if ((seats.ok || seats.refusal === "sessionFull") && (await repo.hasActiveGroup(trx, s.id, booker.id))) return { result: refuse("groupExists") };
    if (!seats.ok) return { result: refuse(asGroupRefusal(seats.refusal), seats.refusal === "sessionFull" ? seats.seatsLeft : undefined) };
    seatedAlready = await repo.emailsAlreadySeated(
      trx,
      s.id,
      guests.map((g) => g.email),
    );
    return { result: { ok: true, seats: await repo.insertHeldSeats(trx, { sessionId: s.id, bookerId: booker.id, guests, now: deps.now }) } };
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
