import { awardBadgesForCompletedSessions } from "../../app/modules/badges/badges.server";
import type { Deps } from "../../app/modules/deps.server";

/**
 * The award-badges job run again and again until it finds nothing left, as its schedule would over
 * a backlog: how many sessions it handled, each run's time in ms, and the whole time.
 */
export async function drainBadgeRuns(deps: Deps) {
  const runMs: number[] = [];
  let handled = 0;
  const started = performance.now();
  for (;;) {
    const runStarted = performance.now();
    const { items } = await awardBadgesForCompletedSessions(deps);
    if (items === 0) break;
    runMs.push(+(performance.now() - runStarted).toFixed(1));
    handled += items;
  }
  return { handled, runMs, totalMs: performance.now() - started };
}
