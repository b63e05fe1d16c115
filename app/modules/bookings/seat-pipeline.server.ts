import { checkInvite, redeemInvite, type ScreenedCode } from "#app/modules/invites/invites.server";
import { discountedPrice } from "#app/modules/invites/rules";
import { hostMayCharge } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";
import * as repo from "./repo.server";
import { holdHasLapsed, inviteRefusal, seatsOpenTo } from "./rules";
import { type InviteLook, type SeatAsk, type SeatRefusal, seatRefusal, type SeatStanding } from "./seat-rule";
import { type Notice, offerFreedSeats } from "./waitlist.server";

/**
 * The seat pipeline (docs/decisions/073-one-seat-pipeline.md): the steps every seat path takes,
 * written once. Each function runs inside a transaction that holds the session's row lock
 * (underSessionLock); the account's row is locked after it, never before, so the lock order is
 * the same on every path. The only rule is seatRefusal (seat-rule.ts); the paths differ in what
 * they write around it (a payment row, the guests' seats, a claimed seat), not in what they ask.
 */

/** Who asks for seats as the request knows them; their account's row says the rest (verified, banned). */
export type SeatAsker = { id: string; isAdmin: boolean };

/** What one decision asks: the kind of seat, how many at once (a group's), and a screened code. */
export type SeatOrder = { ask: SeatAsk; count?: number; code?: ScreenedCode | null };

/** A refusal with the seats still open to the asker (a group is told how many are left). */
export type SeatsRefused = { ok: false; refusal: SeatRefusal; seatsLeft: number };
export type SeatsDecided = { ok: true; waiting: boolean; invite: InviteLook } | SeatsRefused;

/**
 * Reads where the asker stands, under the session's lock and then the account's, and asks the
 * seat rule. Unpaid holds and lines are counted in statements after the account's lock was taken,
 * so two asks of one account (in different sessions too) are counted one after the other.
 */
export async function decideSeats(trx: Database, s: repo.LockedSession, asker: SeatAsker, order: SeatOrder, now: Date): Promise<SeatsDecided> {
  const facts = await repo.seatFacts(trx, s.id, asker.id, now);
  const booked = await repo.bookedCount(trx, s.id);
  const seatsLeft = seatsOpenTo(s.max_participants, booked, facts.heldForOthers);
  const invite = order.code ? await checkInvite(trx, s.id, order.code, now) : null;
  const holder = await repo.lockSeatHolder(trx, asker.id);
  if (!holder) return { ok: false, refusal: "notAllowed", seatsLeft };
  const standing: SeatStanding = { ...facts, seats: order.count ?? 1 };
  if (order.ask === "paidSeat") standing.unpaidHolds = await repo.countUnpaidHolds(trx, asker.id, now);
  if (order.ask === "waitlist") standing.lines = await repo.countWaitingLines(trx, asker.id, now);
  const seeker = { id: asker.id, isAdmin: asker.isAdmin, emailVerified: holder.emailVerified, banned: holder.banned };
  const refusal = seatRefusal(order.ask, seeker, { ...s, booked_count: booked }, standing, invite, now);
  return refusal ? { ok: false, refusal, seatsLeft } : { ok: true, waiting: facts.waiting, invite };
}

/**
 * The asker's active booking in the session, after ending it here when its hold lapsed (before
 * the cleanup job came by): restarting is not a way to keep the seat, and the seat it gives back
 * goes to the line first, as the job would give it.
 */
export async function ownBookingAfterLapse(trx: Database, s: repo.LockedSession, userId: string, now: Date) {
  const existing = await repo.findActiveBookingDetail(trx, s.id, userId);
  if (!existing || !holdHasLapsed(existing, now)) return { existing, notices: [] as Notice[] };
  await repo.moveBooking(trx, existing.id, ["PENDING_PAYMENT"], "EXPIRED", now);
  return { existing: undefined, notices: await offerFreedSeats(trx, s, now) };
}

export type SeatsHeld = { ok: true; bookingId: string; amountCents: number; currency: string };

/**
 * Holds `count` paid seats for the asker (one, or a paid group's: the booker's seat and each
 * guest's) as one PENDING_PAYMENT booking held until `holdUntil`: the rule, then the code's use
 * (its discount is the use just taken, not the earlier look), the price, the booking, and the
 * asker leaves the line. The caller adds what its path writes (the payment, the guests' seats) in
 * the same transaction, and the seat guard refuses the whole of it should anything slip past.
 */
export async function holdSeats(
  trx: Database,
  s: repo.LockedSession,
  asker: SeatAsker,
  order: { count: number; code: ScreenedCode | null; method: "CARD" | "OXXO"; holdUntil: Date },
  now: Date,
): Promise<SeatsHeld | SeatsRefused> {
  const decided = await decideSeats(trx, s, asker, { ask: "paidSeat", count: order.count, code: order.code }, now);
  if (!decided.ok) return decided;
  // The money of a paid seat goes to its DM: none is taken while their payout account cannot take
  // charges (decision record 084). Asked before the code's use is taken; seats already held or booked stay.
  if (!(await hostMayCharge(trx, s.dm_id, s.price_cents))) return { ok: false, refusal: "hostCannotBePaid", seatsLeft: 0 };
  const redeemed = order.code ? await redeemInvite(trx, s.id, order.code, now) : null;
  if (redeemed && !redeemed.ok) return { ok: false, refusal: inviteRefusal(redeemed.problem), seatsLeft: 0 };
  const amountCents = discountedPrice(s.price_cents, redeemed?.ok ? redeemed.discountPercent : null) * order.count;
  const bookingId = await repo.insertPendingBooking(trx, {
    sessionId: s.id,
    userId: asker.id,
    method: order.method,
    amountCents,
    currency: s.currency,
    holdUntil: order.holdUntil,
    now,
    inviteId: redeemed?.ok ? redeemed.inviteId : null,
  });
  if (decided.waiting) await repo.deleteWaitlistEntry(trx, s.id, asker.id);
  return { ok: true, bookingId, amountCents, currency: s.currency };
}

/**
 * A guest accepts the seat a booker holds for them (decision record 068): the rule's 'claimSeat'
 * (not banned, not the host, the session still taking bookings, no seat of their own here), then
 * `release` gives up the held seat and their confirmed booking takes its place, in that order, so
 * the seat guard never sees both and the count does not move.
 */
export async function claimHeldSeat(
  trx: Database,
  s: repo.LockedSession,
  asker: SeatAsker,
  release: () => Promise<void>,
  now: Date,
): Promise<{ ok: true; bookingId: string } | SeatsRefused> {
  const decided = await decideSeats(trx, s, asker, { ask: "claimSeat" }, now);
  if (!decided.ok) return decided;
  await release();
  return { ok: true, bookingId: await repo.insertGivenSeat(trx, { sessionId: s.id, userId: asker.id, now }) };
}
