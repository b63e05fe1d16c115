import type { Deps } from "#app/modules/deps.server";
import { scheduledSeriesIds } from "#app/modules/series/repo.server";
import { topUpSeries } from "#app/modules/series/series.server";
import type { JobResult } from "./rules";

/**
 * The `generate-series-sessions` job: every active scheduled series keeps `autoGenerateAhead`
 * sessions ahead, created the same way a new series creates its first ones. One series at a time,
 * each in its own short transaction. Items: sessions created.
 */
export async function generateSeriesSessionsJob(deps: Pick<Deps, "db" | "now">): Promise<JobResult> {
  let items = 0;
  for (const id of await scheduledSeriesIds(deps.db)) items += await topUpSeries(deps, id);
  return { items };
}
