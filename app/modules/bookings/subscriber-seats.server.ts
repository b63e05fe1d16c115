import type { Deps } from "#app/modules/deps.server";
import * as repo from "./repo.server";

/**
 * Seats (or places in line) for a subscription that has just become active, in every upcoming
 * session of its series but the one its first seat is in: enrol_subscribers, one session at a time
 * and each in a statement of its own, so no lock on one session is held while another is waited for.
 * Nothing for a subscription that is not active; a session where the player already holds a seat,
 * or that takes no bookings any more, is left as it is.
 */
export async function seatNewSubscriber(deps: Pick<Deps, "db" | "now">, subscriptionId: string, firstSessionId: string) {
  const linedUp: string[] = [];
  for (const session of await repo.subscriptionSessionsAfter(deps.db, subscriptionId, firstSessionId, deps.now)) {
    const outcomes = await repo.enrolSubscribers(deps.db, session.id, deps.now, session.user_id);
    if (outcomes.some((o) => o.outcome === "waiting")) linedUp.push(session.id);
  }
  // The sessions whose line the player was put in (not already in): what undoing the subscription leaves.
  return { linedUp };
}
