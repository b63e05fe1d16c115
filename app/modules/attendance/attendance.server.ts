import { type Actor, canMarkAttendance } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import type { Refused } from "#app/modules/refusals";
import * as repo from "./repo.server";
import {
  type Attendance,
  type DisputeRefusal,
  disputeRefusal,
  type DmRecord,
  dmRecord,
  isUuid,
  markingRefusal,
  type MarkRefusal,
  type PlayerRecord,
  playerRecord,
  type ReasonError,
  reasonError,
} from "./rules";

type Db = Pick<Deps, "db" | "now">;

/** The host's attendance sheet: the session and its confirmed players with their marks. */
export async function attendanceSheet(deps: Db, actor: Actor, sessionId: string) {
  if (!isUuid(sessionId)) return { ok: false, refusal: "notFound" } as const;
  const session = await repo.findSession(deps.db, sessionId);
  if (!session) return { ok: false, refusal: "notFound" } as const;
  if (!canMarkAttendance(actor, session)) return { ok: false, refusal: "forbidden" } as const;
  const seats = await repo.confirmedSeats(deps.db, sessionId);
  return { ok: true, session, seats, closed: markingRefusal(session, deps.now) } as const;
}

export type MarkResult = { ok: true; marked: number } | Refused<"notFound" | "forbidden"> | Refused<"conflict", { error: MarkRefusal }>;

/**
 * The host (or an admin) marks players present or no-show. Each mark is one conditional statement
 * (repo.markSeat): a user without a confirmed seat in this session is ignored, not an error, so a
 * stale form cannot touch another session's bookings.
 */
export async function markAttendance(deps: Db, actor: Actor, sessionId: string, marks: { userId: string; present: boolean }[]): Promise<MarkResult> {
  if (!isUuid(sessionId)) return { ok: false, refusal: "notFound" };
  const session = await repo.findSession(deps.db, sessionId);
  if (!session) return { ok: false, refusal: "notFound" };
  if (!canMarkAttendance(actor, session) || actor === null) return { ok: false, refusal: "forbidden" };
  const closed = markingRefusal(session, deps.now);
  if (closed) return { ok: false, refusal: "conflict", error: closed };
  let marked = 0;
  for (const m of marks) {
    if (!isUuid(m.userId)) continue;
    const attendance: Attendance = m.present ? "PRESENT" : "NO_SHOW";
    marked += await repo.markSeat(deps.db, { sessionId, userId: m.userId, attendance, by: actor.id, now: deps.now });
  }
  return { ok: true, marked };
}

/** The job step: unmarked seats become PRESENT 48 hours after the end. Items: seats marked. */
export async function applyDefaultAttendance(deps: Db): Promise<{ items: number }> {
  return { items: await repo.markUnmarkedPresent(deps.db, deps.now) };
}

/** What the dispute page shows: the booking (the player's own no-show) and any dispute already open. */
export async function disputePage(deps: Db, player: Actor, bookingId: string) {
  if (player === null || !isUuid(bookingId)) return { ok: false, refusal: "notFound" } as const;
  const booking = await repo.findBooking(deps.db, bookingId);
  // Someone else's booking is answered as unknown: its existence is not theirs to learn.
  if (!booking || booking.user_id !== player.id) return { ok: false, refusal: "notFound" } as const;
  const existing = await repo.findDispute(deps.db, bookingId);
  return { ok: true, booking, existing: existing ?? null, refusal: disputeRefusal(booking, player.id, deps.now) } as const;
}

export type DisputeResult =
  | { ok: true; disputeId: string }
  | Refused<"notFound">
  | Refused<"invalid", { error: ReasonError }>
  | Refused<"conflict", { error: DisputeRefusal | "alreadyDisputed" }>;

/** A player disputes their no-show, once: the unique index answers parallel requests. */
export async function disputeNoShow(deps: Db, player: Actor, bookingId: string, reason: unknown): Promise<DisputeResult> {
  if (player === null || !isUuid(bookingId)) return { ok: false, refusal: "notFound" };
  const booking = await repo.findBooking(deps.db, bookingId);
  if (!booking || booking.user_id !== player.id) return { ok: false, refusal: "notFound" };
  const error = reasonError(reason);
  if (error) return { ok: false, refusal: "invalid", error };
  const refused = disputeRefusal(booking, player.id, deps.now);
  if (refused) return { ok: false, refusal: "conflict", error: refused };
  const id = await repo.insertDispute(deps.db, { bookingId, userId: player.id, reason: String(reason).trim(), now: deps.now });
  if (id === null) return { ok: false, refusal: "conflict", error: "alreadyDisputed" };
  return { ok: true, disputeId: id };
}

/** A user's reliability record from facts: as a host and as a player. */
export async function reliabilityFor(deps: Db, userId: string): Promise<{ dm: DmRecord; player: PlayerRecord } | null> {
  if (!isUuid(userId)) return null;
  const [dm, player] = await Promise.all([repo.dmCounts(deps.db, userId), repo.playerCounts(deps.db, userId, deps.now)]);
  return { dm: dmRecord(dm.run, dm.cancelled), player: playerRecord(player.attended, player.noShow, player.late) };
}

/**
 * The session page's way to the dispute page, for a player marked absent who may still dispute it
 * (once, within the dispute window): their booking id, else null.
 */
export async function disputableNoShow(deps: Db, player: Actor, sessionId: string): Promise<string | null> {
  if (player === null || !isUuid(sessionId)) return null;
  const seat = await repo.noShowSeat(deps.db, sessionId, player.id);
  if (!seat || seat.dispute_id !== null) return null;
  return disputeRefusal({ ...seat, attendance_marked_at: seat.attendance_marked_at && new Date(seat.attendance_marked_at) }, player.id, deps.now)
    ? null
    : seat.id;
}
