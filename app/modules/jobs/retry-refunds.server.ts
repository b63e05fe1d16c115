import type { Deps } from "#app/modules/deps.server";
import { retryPendingRefunds } from "#app/modules/payments/refunds.server";
import { getServices } from "#app/services/index.server";
import type { Payments } from "#app/services/payments/payments";
import type { JobResult } from "./rules";

/**
 * The `retry-refunds` job: refunds whose request to the provider failed are asked for again once
 * their wait is over (payments/refunds.server.ts). Items: requests made.
 *
 * A job of its own rather than a step of cleanup-expired-bookings: it calls the provider, and a
 * provider that answers slowly or not at all (the very outage that left refunds pending) must not
 * hold up the release of lapsed seats, which every minute's bookings depend on. Its runs are
 * recorded apart too, so a failing provider shows as failing refund runs, not as a failing cleanup.
 */
export async function retryRefundsJob(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl"> & { payments?: Payments }): Promise<JobResult> {
  return { items: await retryPendingRefunds({ ...deps, payments: deps.payments ?? getServices().payments }) };
}
