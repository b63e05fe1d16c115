import { expireLapsedHolds } from "#app/modules/bookings/holds-repo.server";
import type { Deps } from "#app/modules/deps.server";
import type { JobResult } from "./rules";

/**
 * The `cleanup-expired-bookings` job, for now: expires pending-payment bookings whose hold
 * (`bookings.hold_until`) has passed, which frees their seats. It does not yet pass a freed seat
 * to the waitlist nor end lapsed waitlist offers: that belongs to the booking engine, and this body
 * is to be replaced by its `expireLapsedHoldsAndOffers(deps)` (app/modules/bookings) when it lands.
 * Items: bookings expired.
 */
export async function cleanupExpiredBookings(deps: Pick<Deps, "db" | "now">): Promise<JobResult> {
  return { items: await expireLapsedHolds(deps.db, deps.now) };
}
