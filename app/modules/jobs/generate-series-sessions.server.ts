import type { Deps } from "#app/modules/deps.server";
import { scheduledSeriesIds } from "#app/modules/series/index.server";
import { topUpSeries } from "#app/modules/series/series.server";
import { completeEndedSeries } from "#app/modules/series/status.server";
import type { JobResult } from "./rules";

/**
 * The `generate-series-sessions` job: every active scheduled series keeps `autoGenerateAhead`
 * sessions ahead, created the same way a new series creates its first ones. One series at a time,
 * each in its own short transaction. Items: sessions created.
 *
 * It also closes the series whose end date has passed with no session left to start (COMPLETED).
 * This job rather than update-session-statuses: it is the one that reads series and their end
 * dates (the top-up stops at the end date), so the series that stop getting sessions here are the
 * ones it completes; update-session-statuses works session by session and never looks at a series.
 * Completing after the top-ups means a series is never completed while it still had dates to add.
 */
export async function generateSeriesSessionsJob(deps: Pick<Deps, "db" | "now">): Promise<JobResult> {
  let items = 0;
  for (const id of await scheduledSeriesIds(deps.db)) items += await topUpSeries(deps, id);
  await completeEndedSeries(deps);
  return { items };
}
