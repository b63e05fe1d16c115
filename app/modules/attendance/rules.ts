/**
 * Attendance and the reliability record (decision record 057): pure rules over plain data with an
 * explicit `now`, so the routes, the use cases and the job ask the same questions the same way.
 */
import { bookingDeadline } from "#app/modules/bookings/rules";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A seat nobody marked counts as attended this long after the session's end. */
export const DEFAULT_PRESENT_AFTER_HOURS = 48;
/** The host may mark (and correct) attendance for this long after the end; later the record stands. */
export const MARKING_WINDOW_DAYS = 14;
/** A player may dispute a no-show for this long after it was marked. */
export const DISPUTE_WINDOW_DAYS = 14;
/** The longest dispute reason, in characters. */
export const MAX_DISPUTE_REASON = 1000;
/**
 * The lock used to call a cancellation "late" when the session has none of its own (a single
 * session: the booking code lets a player cancel until the start, but a seat given back in the
 * last day rarely finds another player).
 */
export const SINGLE_SESSION_LATE_HOURS = 24;

export type Attendance = "PRESENT" | "NO_SHOW";

type TimedSession = { starts_at: Date; duration_minutes: number; status: string };

export const sessionEnd = (s: { starts_at: Date; duration_minutes: number }) => new Date(s.starts_at.getTime() + s.duration_minutes * 60_000);

export type MarkRefusal = "sessionCancelled" | "notEnded" | "windowClosed";

/** Whether attendance may be marked at `now`, and if not, why: after the end, not cancelled, within the window. */
export function markingRefusal(session: TimedSession, now: Date): MarkRefusal | null {
  if (session.status === "CANCELLED") return "sessionCancelled";
  const end = sessionEnd(session).getTime();
  if (now.getTime() < end) return "notEnded";
  if (now.getTime() > end + MARKING_WINDOW_DAYS * DAY) return "windowClosed";
  return null;
}

/** The latest end a session may have for its unmarked seats to default to PRESENT at `now`. */
export const defaultPresentCutoff = (now: Date) => new Date(now.getTime() - DEFAULT_PRESENT_AFTER_HOURS * HOUR);

/** Whether an unmarked seat of this session counts as PRESENT by default at `now`. */
export const defaultsToPresent = (session: TimedSession, now: Date) =>
  session.status !== "CANCELLED" && sessionEnd(session).getTime() <= defaultPresentCutoff(now).getTime();

export type DisputeRefusal = "notYours" | "notNoShow" | "windowClosed";

/** Whether `userId` may dispute this booking at `now` (the "once" is the database's unique index). */
export function disputeRefusal(
  booking: { user_id: string; attendance: string | null; attendance_marked_at: Date | null },
  userId: string,
  now: Date,
): DisputeRefusal | null {
  if (booking.user_id !== userId) return "notYours";
  if (booking.attendance !== "NO_SHOW" || booking.attendance_marked_at === null) return "notNoShow";
  if (now.getTime() > booking.attendance_marked_at.getTime() + DISPUTE_WINDOW_DAYS * DAY) return "windowClosed";
  return null;
}

/** When a cancellation starts to count as late: the series' booking lock before the start, else 24 hours. */
export const lateCancelFrom = (startsAt: Date, bookingLockHours: number | null) => bookingDeadline(startsAt, bookingLockHours ?? SINGLE_SESSION_LATE_HOURS);

/** Whether a cancellation at `cancelledAt` of a seat in a session starting at `startsAt` was late. */
export const cancelledLate = (cancelledAt: Date, startsAt: Date, bookingLockHours: number | null) =>
  cancelledAt.getTime() >= lateCancelFrom(startsAt, bookingLockHours).getTime() && cancelledAt.getTime() < startsAt.getTime();

/** A whole percentage, or null when there is nothing to count (a new account has no record, not 0%). */
export const percentage = (part: number, whole: number): number | null => (whole <= 0 ? null : Math.round((part / whole) * 100));

export type DmRecord = { run: number; cancelledByDm: number; percent: number | null };
export type PlayerRecord = { attended: number; noShow: number; cancelledLate: number; percent: number | null };

/** A host's record: sessions run against sessions they cancelled; the percentage is the share run. */
export const dmRecord = (run: number, cancelledByDm: number): DmRecord => ({ run, cancelledByDm, percent: percentage(run, run + cancelledByDm) });

/** A player's record: seats attended against no-shows and late cancellations; the percentage is the share attended. */
export const playerRecord = (attended: number, noShow: number, late: number): PlayerRecord => ({
  attended,
  noShow,
  cancelledLate: late,
  percent: percentage(attended, attended + noShow + late),
});

/** Parses one mark from a form: the value of a radio button. */
export const parseMark = (value: unknown): Attendance | null => (value === "PRESENT" || value === "NO_SHOW" ? value : null);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id from a URL or a form: anything else (an array, a NUL byte, junk) is simply unknown. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && uuidPattern.test(value);

export type ReasonError = "reasonRequired" | "reasonTooLong" | "reasonInvalid";

/** Checks a dispute reason from a form: text, not blank, at most 1000 characters, no NUL bytes. */
export function reasonError(value: unknown): ReasonError | null {
  if (typeof value !== "string") return "reasonInvalid";
  if (value.includes("\u0000")) return "reasonInvalid";
  const trimmed = value.trim();
  if (trimmed.length === 0) return "reasonRequired";
  if ([...trimmed].length > MAX_DISPUTE_REASON) return "reasonTooLong";
  return null;
}
