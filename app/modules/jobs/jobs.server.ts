import { performance } from "node:perf_hooks";
import { applyDefaultAttendance } from "#app/modules/attendance/attendance.server";
import { awardBadgesForCompletedSessions } from "#app/modules/badges/badges.server";
import { sweepPendingUploads } from "#app/modules/chat/index.server";
import type { Deps } from "#app/modules/deps.server";
import { sweepRequestKeys } from "#app/modules/request-keys/index.server";
import { requestReviews } from "#app/modules/reviews/requests.server";
import { updateSessionStatuses } from "#app/modules/sessions/lifecycle.server";
import { getServices } from "#app/services/index.server";
import { cleanupExpiredBookings } from "./cleanup-expired-bookings.server";
import { generateSeriesSessionsJob } from "./generate-series-sessions.server";
import * as repo from "./repo.server";
import { retryRefundsJob } from "./retry-refunds.server";
import { type JobName, type JobResult, pressedDuringRun } from "./rules";
import { sendPaymentReminders } from "./send-payment-reminders.server";
import { sendReminderEmails } from "./send-reminder-emails.server";

export type JobBody = (deps: Deps) => Promise<JobResult>;

/**
 * Statuses first, then the attendance default (decision record 057): the seats of sessions that
 * ended 48 hours ago and were never marked count as attended. A minute's delay is harmless and a
 * job of its own would only add a schedule; the step is one statement and safe to repeat.
 */
async function updateStatusesAndAttendance(deps: Deps): Promise<JobResult> {
  const statuses = await updateSessionStatuses(deps);
  const attendance = await applyDefaultAttendance(deps);
  return { items: statuses.items + attendance.items };
}

/** Each scheduled job's body: a plain function of its dependencies, so a test runs it with a fixed clock. */
export const jobBodies: Record<JobName, JobBody> = {
  "update-session-statuses": updateStatusesAndAttendance,
  "send-reminder-emails": sendReminderEmails,
  "cleanup-expired-bookings": cleanupExpiredBookings,
  "generate-series-sessions": generateSeriesSessionsJob,
  "retry-refunds": retryRefundsJob,
  "send-payment-reminders": sendPaymentReminders,
  "request-reviews": requestReviews,
  "award-badges": awardBadgesForCompletedSessions,
  "pay-out-offline-accounts": payOutOfflineAccounts,
  "sweep-chat-uploads": sweepPendingUploads,
  "sweep-request-keys": sweepRequestKeys,
};

/**
 * Without Stripe keys the offline provider pays DMs too (decision record 086); with them Stripe
 * pays on its own schedule and this job has nothing to do.
 */
async function payOutOfflineAccounts(deps: Deps): Promise<JobResult> {
  const offline = getServices().offlineConnect;
  return { items: offline ? await offline.payOutDue(deps.now) : 0 };
}

export type RunRecord = { name: JobName; outcome: "ok" | "failed" | "skipped"; items: number; ms: number; error: string | null };

/**
 * Runs one job and records it in job_runs: the only place a run is written. The start is the
 * job's own `now`; the end adds the time the body really took (a monotonic timer, so a test's
 * fixed clock still yields a sensible duration). A failure is recorded and then thrown again so
 * the queue sees it too. While another run of the same job is under way (another process, a
 * manual run) this one is skipped and not recorded: job bodies are safe to overlap, but there is
 * no point in doing the same work twice. A manual run (`pressed`, the desk's "Run now" at
 * deps.now) is skipped too when the latest run was under way at the moment of the press
 * (rules.ts pressedDuringRun), decided under the same lock before the run is recorded.
 */
export async function runJob(deps: Deps, name: JobName, body: JobBody = jobBodies[name], options: { pressed?: boolean } = {}): Promise<RunRecord> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const locked = await repo.withJobLock(deps.db, name, async (): Promise<RunRecord | null> => {
    if (options.pressed && pressedDuringRun(await repo.latestRunOf(deps.db, name), deps.now)) return null;
    const id = await repo.insertRunStart(deps.db, name, deps.now);
    const finishedAt = () => new Date(deps.now.getTime() + elapsed());
    try {
      const { items } = await body(deps);
      await repo.finishRun(deps.db, id, { finishedAt: finishedAt(), outcome: "ok", items, error: null });
      return { name, outcome: "ok", items, ms: elapsed(), error: null };
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      await repo.finishRun(deps.db, id, { finishedAt: finishedAt(), outcome: "failed", items: 0, error: text.slice(0, 4000) });
      throw error;
    }
  });
  return locked.ran && locked.value ? locked.value : { name, outcome: "skipped", items: 0, ms: elapsed(), error: null };
}
