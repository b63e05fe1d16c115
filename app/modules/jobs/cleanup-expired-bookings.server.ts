import { expireLapsedHoldsAndOffers } from "#app/modules/bookings/waitlist.server";
import type { Deps } from "#app/modules/deps.server";
import { pruneLiveEvents } from "#app/modules/live/live.server";
import type { JobResult } from "./rules";

/**
 * The `cleanup-expired-bookings` job: pending-payment holds whose time ran out expire and waitlist
 * offers that lapsed leave the line, and each seat freed that way is offered to the next in line
 * (the booking engine does it per session, under the session's lock). Also prunes the live event
 * log. Items: sessions touched.
 */
export async function cleanupExpiredBookings(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">): Promise<JobResult> {
  const { sessionsTouched } = await expireLapsedHoldsAndOffers(deps);
  // The live event log is pruned on the same schedule (decision record 030).
  await pruneLiveEvents(deps);
  return { items: sessionsTouched };
}
