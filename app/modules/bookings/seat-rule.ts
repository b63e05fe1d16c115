import { canManageSession, canTakeSeat } from "#app/modules/access/rules";
import { waivesPrice } from "#app/modules/invites/rules";
import { type BookingRefusal, closedReason, inviteRefusal, MAX_UNPAID_HOLDS, MAX_WAITING_LINES, seatsOpenTo } from "./rules";

/**
 * What is asked for: a free seat, a seat to pay for (card or OXXO), a place in a full session's
 * line, a free group's seats for the guests a booker names, or the seat a booker holds for a guest
 * who accepts it (decision record 073: every seat path asks this one rule).
 */
export type SeatAsk = "freeSeat" | "paidSeat" | "waitlist" | "groupSeats" | "claimSeat";

/**
 * Who asks; `emailVerified` counts for paid seats and for a group's booker (spec section 5: paid
 * items only; the guests' mail carries the booker's name). A banned account gets nothing.
 */
export type SeatSeeker = { id: string; isAdmin: boolean; emailVerified: boolean; banned?: boolean };

export type SeatSession = {
  status: string;
  starts_at: Date;
  booking_lock_hours: number | null;
  dm_id: string;
  is_private: boolean;
  price_cents: number;
  max_participants: number;
  booked_count: number;
};

/**
 * Where the seeker stands in the session (and, for paid seats, across sessions): an active
 * booking here, a place in its line, the seats running offers hold for other people, the
 * seeker's running unpaid holds anywhere, and (for a place in line) the lines they wait in.
 * `seats` is how many seats the one decision takes at once (a group's; 1 unless said).
 */
export type SeatStanding = { booked: boolean; waiting: boolean; heldForOthers: number; unpaidHolds?: number; lines?: number; seats?: number };

/** A typed invite code as looked up (null when none was typed). */
export type InviteLook = { ok: true; type: string } | { ok: false; problem: "invalid" } | null;

/** A seat refusal: a booking refusal, or 'isFree' when a paid seat was asked for one that costs nothing. */
export type SeatRefusal = BookingRefusal | "isFree";

/** The first gate of every seat: the host runs the table, and the session must take bookings at `now`. */
export function sessionShutTo(seeker: Pick<SeatSeeker, "id" | "isAdmin">, session: SeatSession, now: Date): BookingRefusal | null {
  if (!canTakeSeat(seeker, session)) return "ownSession";
  return closedReason(session, now);
}

/**
 * May this person take a seat (or a place in line) in this session now? The one answer for every
 * path that gives one: the free seat (its database function take_free_seat repeats these checks
 * as a backstop), the paid hold, the waitlist, a group, a guest's claim; offer_free_seats and
 * enrol_subscribers mirror it (decision record 073, one table of cases drives them all). Null
 * when they may; for a seat, "sessionFull" when everything else allows it but no seat (or not
 * enough for a group) is open to them (the free path may then line them up).
 *
 * A private session opens with a code; its host and admins need none, and someone already in its
 * line got in with one (so did a group's booker who holds a seat there). A code that waives the
 * price makes a paid session free; a paid seat needs a verified email and fewer than
 * MAX_UNPAID_HOLDS unpaid holds running elsewhere. A group's booker needs a verified email too.
 * A guest's claim takes the seat held for them: no code, price or capacity is asked again.
 *
 * The line of a priced session leads to a paid seat, so it needs a verified email too, code or not
 * (the line keeps no code, and its offer holds a seat only someone who can pay may take: the
 * offer_free_seats function passes over the others). One account waits in at most
 * MAX_WAITING_LINES lines at once.
 */
export function seatRefusal(
  ask: "freeSeat" | "waitlist" | "groupSeats" | "claimSeat",
  seeker: SeatSeeker,
  session: SeatSession,
  standing: SeatStanding,
  invite: InviteLook,
  now: Date,
): BookingRefusal | null;
export function seatRefusal(
  ask: "paidSeat",
  seeker: SeatSeeker,
  session: SeatSession,
  standing: SeatStanding,
  invite: InviteLook,
  now: Date,
): SeatRefusal | null;
export function seatRefusal(ask: SeatAsk, seeker: SeatSeeker, session: SeatSession, standing: SeatStanding, invite: InviteLook, now: Date): SeatRefusal | null;
export function seatRefusal(ask: SeatAsk, seeker: SeatSeeker, session: SeatSession, standing: SeatStanding, invite: InviteLook, now: Date): SeatRefusal | null {
  // A wrong code is refused first, as its screen refuses it before the session is even read: a
  // guesser learns nothing about the session.
  if (invite && !invite.ok) return inviteRefusal(invite.problem);
  // A guest's seat is held for a verified address: only its verified owner finds it to answer.
  if (ask === "claimSeat" && !seeker.emailVerified) return "emailNotVerified";
  const shut = sessionShutTo(seeker, session, now);
  if (shut) return shut;
  // A group's guests are not the booker: the booker's own seat is no reason to refuse theirs.
  const forGuests = ask === "groupSeats";
  if (standing.booked && !forGuests) return "alreadyBooked";
  if (seeker.banned) return "notAllowed";
  if (ask === "claimSeat") return null;
  const open = seatsOpenTo(session.max_participants, session.booked_count, standing.heldForOthers);
  if (ask === "waitlist") {
    if (standing.waiting) return "alreadyWaiting";
    // The line of a private session is as closed as its seats: a valid code (no use taken) lets one in.
    if (session.is_private && !canManageSession(seeker, session) && !invite) return "inviteRequired";
    if (open > 0) return "seatsAvailable";
    if (session.price_cents > 0 && !seeker.emailVerified) return "emailNotVerified";
    return (standing.lines ?? 0) >= MAX_WAITING_LINES ? "tooManyLines" : null;
  }
  const admitted = standing.waiting || (forGuests && standing.booked) || canManageSession(seeker, session);
  if (session.is_private && !invite && !admitted) return "inviteRequired";
  const free = session.price_cents === 0 || (invite?.ok === true && waivesPrice(invite.type));
  if ((ask === "freeSeat" || forGuests) && !free) return "notFree";
  if (forGuests && !seeker.emailVerified) return "emailNotVerified";
  if (ask === "paidSeat") {
    if (free) return "isFree";
    if (!seeker.emailVerified) return "emailNotVerified";
    if ((standing.unpaidHolds ?? 0) >= MAX_UNPAID_HOLDS) return "tooManyHolds";
  }
  return open < (standing.seats ?? 1) ? "sessionFull" : null;
}
