// A series' status changes (decision record 053): the host or an admin pauses, resumes or
// cancels a series; the generate-series-sessions job completes one whose dates are over.
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { cancelSessionWithRefunds } from "#app/modules/payments/leave.server";
import type { PayDeps } from "#app/modules/payments/payments.server";
import type { Refused } from "#app/modules/refusals";
import * as repo from "./repo.server";
import { alreadyThere, type SeriesChange, type SeriesChangeError, seriesEnded, type SeriesStatus, seriesStatusChange } from "./rules";
import { seriesForEditor, topUpSeries } from "./series.server";
import * as statusRepo from "./status-repo.server";

export type StatusChanged = {
  ok: true;
  status: SeriesStatus;
  /** False when the series already had that status (a second click, a retried request): nothing new was decided. */
  changed: boolean;
  /** Cancel: the sessions this call cancelled. */
  sessionsCancelled: number;
};
export type StatusResult = StatusChanged | Refused<"notFound" | "forbidden"> | Refused<"conflict", { error: SeriesChangeError }>;

/**
 * Pauses, resumes or cancels a series: the one use case behind the series page's buttons and
 * PATCH /api/session-series/{id}. The status is decided under the series' row lock, so of two
 * requests at once the second sees what the first did; asking for the status the series already
 * has is answered as done and changes nothing.
 *
 * - Pause: the status only. The top-up job and enrol_subscribers look at it, so no session is
 *   generated and nobody new subscribes; sessions and seats already there stay.
 * - Resume: back to ACTIVE, and the top-up runs at once (its trigger seats the subscribers), so
 *   the host sees the missing sessions now rather than at the job's next run. Sessions added by
 *   hand while paused get their subscribers' seats too.
 * - Cancel: the status and every active subscription in the same transaction; then each session
 *   that has not started is cancelled exactly as the host's single-session cancel does it (seats
 *   and places in line cancelled, everyone in them told with `session_cancelled`) and its paid
 *   seats refunded in full. Each session is decided under its own lock, so a second cancel (run
 *   twice, or at the same time) cancels, tells and refunds nothing twice; it only finishes what an
 *   interrupted first one left.
 */
export async function changeSeriesStatus(deps: PayDeps, actor: Requester, id: string, change: SeriesChange): Promise<StatusResult> {
  const access = await seriesForEditor(deps, id, actor);
  if (!access.ok) return access;
  let ended: string[] = [];
  const decided = await deps.db.transaction().execute(async (trx): Promise<Exclude<StatusResult, StatusChanged> | Omit<StatusChanged, "sessionsCancelled">> => {
    if (!(await repo.lockSeries(trx, id))) return { ok: false, refusal: "notFound" };
    const current = (await statusRepo.seriesStatus(trx, id)) ?? "";
    const step = seriesStatusChange(current, change);
    if (!step.ok) {
      return alreadyThere(step.error, change)
        ? { ok: true, status: current as SeriesStatus, changed: false }
        : { ok: false, refusal: "conflict", error: step.error };
    }
    await statusRepo.setSeriesStatus(trx, id, step.to, deps.now);
    if (step.to === "CANCELLED") ended = await statusRepo.cancelSeriesSubscriptions(trx, id, deps.now);
    return { ok: true, status: step.to, changed: true };
  });
  if (!decided.ok) return decided;
  // Each subscriber hears that the series, and their subscription with it, is over: also those who
  // hold no seat in a session still to come and so get no session_cancelled.
  for (const userId of ended) {
    await recordNotification(deps, { userId, type: "series_cancelled", params: { title: access.row.title }, actionUrl: `/series/${id}` });
  }
  let sessionsCancelled = 0;
  if (change === "resume" && decided.changed) {
    await topUpSeries(deps, id);
    await statusRepo.enrolWhereMissing(deps.db, id, deps.now);
  }
  if (change === "cancel") sessionsCancelled = await cancelSessionsNotStarted(deps, actor, id);
  return { ...decided, sessionsCancelled };
}

/** Cancels the series' sessions that have not started, one by one, each with its refunds. */
async function cancelSessionsNotStarted(deps: PayDeps, actor: Requester, seriesId: string) {
  let cancelled = 0;
  for (const sessionId of await statusRepo.sessionsNotStarted(deps.db, seriesId, deps.now)) {
    // As the single-session cancel, with its refunds. Another request cancelled it a moment ago (and
    // asked for its refunds): nothing more to do here. Had this process stopped between a cancel and
    // its refunds, the retry-refunds job asks for them (markOwedRefunds).
    const result = await cancelSessionWithRefunds(deps, actor, sessionId);
    if (result.ok) cancelled += 1;
  }
  return cancelled;
}

/**
 * The generate-series-sessions job's closing step: every series whose end date has passed (in its
 * own zone) with no session left to start becomes COMPLETED. Returns how many did.
 */
export async function completeEndedSeries(deps: Pick<Deps, "db" | "now">) {
  const candidates = await statusRepo.endingSeries(deps.db, deps.now);
  const ended = candidates.filter((s) =>
    seriesEnded({ status: s.status, endDate: s.end_iso, isOngoing: s.is_ongoing, timeZone: s.time_zone, sessionsToStart: Number(s.to_start) }, deps.now),
  );
  return statusRepo.completeSeries(
    deps.db,
    ended.map((s) => s.id),
    deps.now,
  );
}
