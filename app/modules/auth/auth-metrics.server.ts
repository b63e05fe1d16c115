import type { Deps } from "#app/modules/deps.server";
import { consumeLimit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as repo from "./repo.server";

/** A client's report of a sign-in attempt (POST /api/auth/metrics); limited per address, as anyone may send one. */
export async function recordAuthMetric(deps: Deps, input: { eventType: string; provider: string; mode: string; errorMessage: string | null }, ip: string) {
  const limited = await consumeLimit(deps.db, `metrics:ip:${ip}`, limits.metricsPerAddress, deps.now);
  if (limited.limited) return false;
  await repo.insertAuthMetric(deps.db, { ...input, errorMessage: input.errorMessage?.slice(0, 1000) ?? null, now: deps.now });
  return true;
}
