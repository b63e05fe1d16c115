/**
 * Scheduled jobs: their names (spec section 5, shared rulebook, plus series generation, refund retries and the
 * subscription seats' payment reminders), how often they run, and the time rules their SQL applies
 * (docs/decisions/024-session-status-rules.md).
 * The repo statements repeat these rules set-wise; rules.test.ts and the integration tests hold
 * the two together.
 */
export const JOB_NAMES = [
  "update-session-statuses",
  "send-reminder-emails",
  "cleanup-expired-bookings",
  "generate-series-sessions",
  "retry-refunds",
  "send-payment-reminders",
  "request-reviews",
  "award-badges",
  "pay-out-offline-accounts",
  "sweep-chat-uploads",
  "sweep-request-keys",
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const isJobName = (value: string): value is JobName => (JOB_NAMES as readonly string[]).includes(value);

/**
 * Cron schedules (minute hour day month weekday, UTC). Every job looks at the state of the data,
 * not at the tick that started it, so a missed tick is made up by the next one.
 */
export const JOB_SCHEDULES: Record<JobName, string> = {
  // Statuses, reminders and lapsed holds are due to the minute.
  "update-session-statuses": "* * * * *",
  "send-reminder-emails": "* * * * *",
  "cleanup-expired-bookings": "* * * * *",
  // A series needs a new session at most once a day; hourly keeps it close after an edit or a pause.
  "generate-series-sessions": "7 * * * *",
  // The shortest wait before a refund is tried again is a minute (payments/rules.ts).
  "retry-refunds": "* * * * *",
  // A payment reminder is due from an exact instant (7, 3 and 1 days before a seat's deadline).
  "send-payment-reminders": "* * * * *",
  // The request to review follows a session's completion; within five minutes is soon enough.
  "request-reviews": "*/5 * * * *",
  // Badges follow a session's completion too; they describe a history, so a few minutes' lag is fine.
  "award-badges": "*/5 * * * *",
  // The offline provider's payouts (decision record 086): money becomes available at a local midnight; hourly pays it the same hour.
  "pay-out-offline-accounts": "17 * * * *",
  // Chat uploads that never became a message (decision record 092) are deleted an hour after; every 15 minutes keeps it near.
  "sweep-chat-uploads": "*/15 * * * *",
  // Keys of forms and API calls (decision record 096) are kept a day; hourly is near enough.
  "sweep-request-keys": "23 * * * *",
};

/**
 * A press of "Run now" within this many seconds of a run's end counts as made while that run was
 * under way (docs/decisions/066-waiting-lines-subscriptions-and-run-now.md): presses sent together
 * or a double click start one run, however quickly the job is done.
 */
export const RUN_NOW_SETTLE_SECONDS = 2;

/**
 * Whether a "Run now" pressed at `pressedAt` comes while the job's latest run was under way: that
 * run ended (or, never recorded as ended, started) no earlier than RUN_NOW_SETTLE_SECONDS before the
 * press. Asked under the job's lock, so the answer and the start of a new run are one decision.
 */
export function pressedDuringRun(latest: { started_at: Date | string; finished_at: Date | string | null } | undefined, pressedAt: Date): boolean {
  if (!latest) return false;
  const end = new Date(latest.finished_at ?? latest.started_at).getTime();
  return end >= pressedAt.getTime() - RUN_NOW_SETTLE_SECONDS * 1000;
}

/** What every job body answers: how many rows it changed or messages it sent. */
export type JobResult = { items: number };

/** How long the record of a job run is kept: long enough to look into a bad week, short enough that a run a minute stays small. */
export const JOB_RUN_DAYS_KEPT = 14;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The day-before reminder goes out from 24 hours before the start… */
export const REMINDER_HOURS_BEFORE = 24;
/** …until the starting-soon notice takes over, one hour before the start. */
export const STARTING_MINUTES_BEFORE = 60;

export type SessionStatus = "UPCOMING" | "CONFIRMED" | "IN_PROGRESS" | "ACTIVE" | "COMPLETED" | "CANCELLED";

export type SessionClock = {
  status: SessionStatus;
  startsAt: Date;
  durationMinutes: number;
  preSessionCheckHours: number;
  minParticipants: number;
  /** Active bookings (pending payment and confirmed). */
  booked: number;
};

/** The pre-session check runs from `preSessionCheckHours` before the start (0: no check) until the start. */
export function inPreSessionCheck(s: Pick<SessionClock, "startsAt" | "preSessionCheckHours">, now: Date): boolean {
  const start = s.startsAt.getTime();
  return now.getTime() >= start - s.preSessionCheckHours * HOUR && now.getTime() < start;
}

/**
 * The status a session should have at `now`. CANCELLED and COMPLETED are final; a session is
 * ACTIVE from its start and COMPLETED at its end whatever its bookings; during the pre-session
 * check an UPCOMING session with enough players becomes CONFIRMED, and a CONFIRMED one stays so
 * even if a player leaves afterwards (the confirmation was a promise to the others).
 */
export function statusAt(s: SessionClock, now: Date): SessionStatus {
  if (s.status === "CANCELLED" || s.status === "COMPLETED") return s.status;
  const start = s.startsAt.getTime();
  const end = start + s.durationMinutes * MINUTE;
  if (now.getTime() >= end) return "COMPLETED";
  if (now.getTime() >= start) return s.status === "UPCOMING" || s.status === "CONFIRMED" ? "ACTIVE" : s.status;
  if (s.status === "UPCOMING" && inPreSessionCheck(s, now) && s.booked >= s.minParticipants) return "CONFIRMED";
  return s.status;
}

/** Players still missing for a session to go ahead (the host's warning). */
export const playersMissing = (minParticipants: number, booked: number) => Math.max(0, minParticipants - booked);

/** True when the host should be warned: the check has begun, the session is still UPCOMING and short of players. */
export function needsPlayersWarning(s: SessionClock, now: Date): boolean {
  return s.status === "UPCOMING" && inPreSessionCheck(s, now) && playersMissing(s.minParticipants, s.booked) > 0;
}

export type ReminderKind = "session_reminder" | "session_starting";

/**
 * Which notice a booked player is due at `now`, if any: the day-before reminder from 24 hours to
 * one hour before the start, then the starting-soon notice until the start. A player who books
 * within the last hour gets only the second.
 */
export function reminderDue(startsAt: Date, now: Date): ReminderKind | null {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= STARTING_MINUTES_BEFORE * MINUTE) return "session_starting";
  if (left <= REMINDER_HOURS_BEFORE * HOUR) return "session_reminder";
  return null;
}

/** The window [from, to) of start times for which a notice of this kind is due at `now`. */
export function reminderWindow(kind: ReminderKind, now: Date): { from: Date; to: Date } {
  const t = now.getTime();
  return kind === "session_starting"
    ? { from: new Date(t + 1), to: new Date(t + STARTING_MINUTES_BEFORE * MINUTE + 1) }
    : { from: new Date(t + STARTING_MINUTES_BEFORE * MINUTE + 1), to: new Date(t + REMINDER_HOURS_BEFORE * HOUR + 1) };
}

const DAY = 24 * HOUR;

/**
 * A subscription seat's payment reminders (spec section 2: 7, 3 and 1 days before the deadline),
 * latest first. Each is a once-only notice of its own kind in session_notices.
 */
export const PAYMENT_REMINDERS = [
  { kind: "payment_due_1d", days: 1 },
  { kind: "payment_due_3d", days: 3 },
  { kind: "payment_due_7d", days: 7 },
] as const;
export type PaymentReminderKind = (typeof PAYMENT_REMINDERS)[number]["kind"];

/**
 * Which payment reminder is due at `now` for a seat whose payment deadline is `deadline`: the
 * N-day reminder from exactly N days before the deadline (inclusive) until the next one takes
 * over, none from the deadline on (the seat is released then) nor more than 7 days before it.
 * `earlier` names the reminders whose time has passed too: they are marked as sent without being
 * sent, so a seat given late (or a job that did not run for days) gets one reminder, not three.
 */
export function paymentReminderDue(deadline: Date, now: Date): { kind: PaymentReminderKind; earlier: PaymentReminderKind[] } | null {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return null;
  const at = PAYMENT_REMINDERS.findIndex((r) => left <= r.days * DAY);
  if (at < 0) return null;
  return { kind: PAYMENT_REMINDERS[at]!.kind, earlier: PAYMENT_REMINDERS.slice(at + 1).map((r) => r.kind) };
}

/**
 * The same rule as instants for the query: a seat is in the reminder window while its deadline is
 * in (now, now + 7 days], and the reminder due is that of the first cutoff its deadline is at or
 * before (latest reminder first).
 */
export function paymentReminderCutoffs(now: Date): { kind: PaymentReminderKind; until: Date }[] {
  return PAYMENT_REMINDERS.map((r) => ({ kind: r.kind, until: new Date(now.getTime() + r.days * DAY) }));
}

/** How much of a failure's error the jobs desk shows: its first line, cut to this many characters. */
export const JOB_ERROR_SHOWN = 300;

/**
 * A recorded error as the desk shows it: the message line of a stack (the frames below it are for
 * the logs), whitespace trimmed, cut with an ellipsis when longer than `max`.
 */
export function shownError(error: string | null, max = JOB_ERROR_SHOWN): string {
  const first = (error ?? "").trim().split("\n")[0]!.trim();
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** A run's duration in milliseconds; null while it has no end (under way, or its process died). */
export function runDurationMs(startedAt: Date, finishedAt: Date | null): number | null {
  return finishedAt ? Math.max(0, finishedAt.getTime() - startedAt.getTime()) : null;
}
