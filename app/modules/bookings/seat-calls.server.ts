import { sql } from "kysely";
import type { Database } from "#db/client.server";
import type { SeatCanceller } from "./rules";

// The database functions that take, give back and offer seats, each one call (decision record 031).

export type TakeOutcome = "booked" | "gone" | "own" | "banned" | "closed" | "already" | "private" | "full" | "invite" | "notFree";

/**
 * Decides and takes a free seat in one call (the take_free_seat function: lock, checks, invite
 * use, booking, leaving the line), so the session's lock is held for no round trip of ours.
 */
export async function takeFreeSeat(db: Database, input: { sessionId: string; userId: string; now: Date; code: string | null; admin: boolean }) {
  const { rows } = await sql<{ outcome: TakeOutcome; booking_id: string | null }>`select outcome, booking_id
    from take_free_seat(${input.sessionId}::uuid, ${input.userId}::uuid, ${input.now}::timestamptz, ${input.code}::text, ${input.admin})`.execute(db);
  return rows[0]!;
}

/**
 * Cancels the user's active booking (recording `by` and the time) and offers the freed seat until
 * `offerUntil` (null: no offer), in one call; 'closed' when the session no longer lets anyone but
 * an admin leave (rules.ts leaveRefusal).
 */
export async function releaseSeat(
  db: Database,
  input: { sessionId: string; userId: string; now: Date; offerUntil: Date | null; admin: boolean; by: SeatCanceller },
) {
  const { rows } = await sql<{ outcome: "released" | "none" | "gone" | "closed" | "groupClaimed"; offered: string[] }>`select outcome, offered
    from release_seat(${input.sessionId}::uuid, ${input.userId}::uuid, ${input.now}::timestamptz, ${input.offerUntil}::timestamptz, ${input.admin}, ${input.by}::text)`.execute(
    db,
  );
  return rows[0]!;
}

/** Offers the seats nobody holds to the first in line until `until`; the caller holds the session lock. Returns who got one. */
export async function offerFreeSeats(db: Database, sessionId: string, now: Date, until: Date) {
  const { rows } = await sql<{ offered: string[] }>`select offer_free_seats(${sessionId}::uuid, ${now}::timestamptz, ${until}::timestamptz) as offered`.execute(
    db,
  );
  return rows[0]?.offered ?? [];
}

/** Seats held by running waitlist offers to anyone but `exceptUserId` (the confirmation page's count). */
export async function countRunningOffers(db: Database, sessionId: string, now: Date, exceptUserId: string | null = null) {
  let query = db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("session_id", "=", sessionId)
    .where("offer_expires_at", ">", now);
  if (exceptUserId) query = query.where("user_id", "<>", exceptUserId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
