import type { Deps } from "#app/modules/deps.server";
import type { JobResult } from "#app/modules/jobs/rules";
import * as repo from "./status-repo.server";

/**
 * The `update-session-statuses` job: ends finished sessions, starts begun ones, then runs the
 * pre-session check (confirm the full enough, warn the host of the rest). In this order a run with
 * a late clock takes a session straight to where it belongs; each step is its own statement and
 * safe to repeat. Items: sessions moved plus hosts warned.
 */
export async function updateSessionStatuses(deps: Pick<Deps, "db" | "now">): Promise<JobResult> {
  const completed = await repo.completeEnded(deps.db, deps.now);
  const activated = await repo.activateStarted(deps.db, deps.now);
  const confirmed = await repo.confirmReady(deps.db, deps.now);
  const warned = await repo.warnShortSessions(deps.db, deps.now);
  return { items: completed + activated + confirmed + warned };
}
