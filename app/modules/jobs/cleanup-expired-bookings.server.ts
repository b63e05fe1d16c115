import { expireLapsedHoldsAndOffers } from "#app/modules/bookings/waitlist.server";
import type { Deps } from "#app/modules/deps.server";
import { pruneLiveEvents } from "#app/modules/live/live.server";
import { pruneRuns } from "./repo.server";
import { JOB_RUN_DAYS_KEPT, type JobResult } from "./rules";

/**
 * The `cleanup-expired-bookings` job: pending-payment holds whose time ran out expire and waitlist
 * offers that lapsed leave the line, and each seat freed that way is offered to the next in line
 * (the booking engine does it per session, under the session's lock). Items: sessions touched.
 * It also forgets job runs older than JOB_RUN_DAYS_KEPT days and prunes the live event log.
 */
export async function cleanupExpiredBookings(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">): Promise<JobResult> {
  const { sessionsTouched } = await expireLapsedHoldsAndOffers(deps);
  await pruneRuns(deps.db, new Date(deps.now.getTime() - JOB_RUN_DAYS_KEPT * 86_400_000));
  // The live event log is pruned on the same schedule (decision record 030).
  await pruneLiveEvents(deps);
  return { items: sessionsTouched };
}
