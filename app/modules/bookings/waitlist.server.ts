import type { Deps } from "#app/modules/deps.server";
import { notify, type SessionEventData } from "#app/modules/notifications/notify.server";
import type { NotificationType } from "#app/modules/notifications/rules";
import type { Database } from "#db/client.server";
import * as repo from "./repo.server";
import { bookingDeadline, closedReason, offerExpiry } from "./rules";

export type Notice = { userId: string; type: NotificationType; data: SessionEventData };

export const eventData = (s: repo.LockedSession, extra: Partial<SessionEventData> = {}): SessionEventData => ({
  sessionId: s.id,
  title: s.title,
  startsAt: new Date(s.starts_at),
  durationMinutes: s.duration_minutes,
  location: s.location,
  ...extra,
});

/** Sends the notices of a committed transaction, one after the other. */
export async function tell(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">, notices: Notice[]) {
  for (const notice of notices) await notify(deps, notice);
}

/** Until when a seat offered now is held: OFFER_HOURS, never past the booking deadline; null when the session takes no bookings. */
export function offerUntilFor(session: repo.LockedSession, now: Date): Date | null {
  if (closedReason(session, now)) return null;
  return offerExpiry(now, bookingDeadline(new Date(session.starts_at), session.booking_lock_hours));
}

/** The waitlist_spot_available notices for the people just offered a seat. */
export function offerNotices(session: repo.LockedSession, offered: string[], until: Date | null): Notice[] {
  if (!until) return [];
  return offered.map((userId) => ({ userId, type: "waitlist_spot_available", data: eventData(session, { offerExpiresAt: until }) }));
}

/**
 * Offers every seat nobody holds to the people first in line (the offer_free_seats function).
 * Runs under the session lock after anything that may free a seat; when no seat is free it does
 * nothing, so running it twice offers nothing twice.
 */
export async function offerFreedSeats(trx: Database, session: repo.LockedSession, now: Date): Promise<Notice[]> {
  const until = offerUntilFor(session, now);
  if (!until) return [];
  return offerNotices(session, await repo.offerFreeSeats(trx, session.id, now, until), until);
}

/**
 * The cleanup-expired-bookings job: pending-payment holds past their time expire, offers past
 * their time leave the line, and each freed seat is offered to the next. A subscriber whose
 * unpaid seat expired is told so. Every session is handled in its own transaction under its
 * lock, with conditions on the lapse itself, so two runs at once (or a run repeated) change
 * nothing twice. Returns the number of sessions touched.
 */
export async function expireLapsedHoldsAndOffers(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">) {
  let touched = 0;
  for (const sessionId of await repo.sessionsWithLapses(deps.db, deps.now)) if (await settleLapses(deps, sessionId)) touched += 1;
  return { sessionsTouched: touched };
}

/** The job's work in one session: its lapsed holds and offers end, and whom that concerns is told. True when anything lapsed. */
export async function settleLapses(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">, sessionId: string) {
  const notices = await deps.db.transaction().execute(async (trx) => {
    const session = await repo.lockSession(trx, sessionId);
    if (!session) return null;
    const expired = await repo.expireHolds(trx, sessionId, deps.now);
    const lapsed = await repo.lapsedOfferUsers(trx, sessionId, deps.now);
    for (const userId of lapsed) await repo.deleteWaitlistEntry(trx, sessionId, userId);
    if (expired.length + lapsed.length === 0) return null;
    // A subscriber's unpaid seat lapses at its payment deadline: they are told, and stay
    // subscribed (their seats in the sessions to come are untouched). A single booking's lapsed
    // hold is the player's own unfinished payment and is not announced, as before.
    const released: Notice[] = expired
      .filter((b) => b.subscription_id !== null && b.subscribed)
      .map((b) => ({ userId: b.user_id, type: "subscription_seat_released", data: eventData(session) }));
    return [...released, ...(await offerFreedSeats(trx, session, deps.now))];
  });
  if (notices) await tell(deps, notices);
  return notices !== null;
}

/** After something outside the booking flow opened seats (a host raising the capacity), the line gets them first. */
export async function offerOpenSeats(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">, sessionId: string) {
  const notices = await deps.db.transaction().execute(async (trx) => {
    const session = await repo.lockSession(trx, sessionId);
    return session ? offerFreedSeats(trx, session, deps.now) : [];
  });
  await tell(deps, notices);
}
