// The request to review a session, sent once to each person who played it (docs/decisions/055-reviews.md).
import { mailInTheirLanguage } from "#app/modules/auth/mail-in-their-language.server";
import type { Deps } from "#app/modules/deps.server";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { claimNotice } from "#app/modules/sessions/index.server";
import * as repo from "./repo.server";

/** Sessions that ended longer ago than this are not asked about any more (a first run after an outage, or after this job came in). */
const LOOKBACK_DAYS = 7;
const BATCH = 500;

export type DueReviewRequest = Awaited<ReturnType<typeof repo.dueReviewRequests>>[number];

/**
 * One request, exactly once: the marker, the notification (`review_requested`) and the email share
 * a transaction; a run claiming the same one at the same moment skips it. A player is led to the
 * review of the host; the host to the session, where each player has a review button.
 */
export async function requestReview(deps: Deps, row: DueReviewRequest): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimNotice(trx, row.session_id, row.user_id, "review_requested", deps.now))) return false;
    const path = row.user_id === row.dm_id ? `/session/${row.session_id}` : `/session/${row.session_id}/review?target=${row.dm_id}`;
    await recordNotification({ db: trx, now: deps.now }, { userId: row.user_id, type: "review_requested", params: { title: row.title }, actionUrl: path });
    await mailInTheirLanguage(deps, row, { kind: "reviewRequested", path, vars: { title: row.title } });
    return true;
  });
}

/** The `request-reviews` job: everyone due a review request after a session completed gets it once. Items: requests sent. */
export async function requestReviews(deps: Deps): Promise<{ items: number }> {
  const since = new Date(deps.now.getTime() - LOOKBACK_DAYS * 86_400_000);
  let items = 0;
  for (const row of await repo.dueReviewRequests(deps.db, { since, now: deps.now, limit: BATCH })) if (await requestReview(deps, row)) items += 1;
  return { items };
}
