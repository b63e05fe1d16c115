import type { Database } from "#db/client.server";
import type { ActiveBookingStatus } from "./rules";

/** What the API shows of hosts beside their sessions (spec section 3, Session.user). */
export function hostProfiles(db: Database, hostIds: string[]) {
  if (hostIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "p.description", "p.bio", "p.avatar_url"])
    .where("u.id", "in", hostIds)
    .execute();
}

/**
 * The players holding a seat of the session in one of `statuses`, with their names: every active seat in
 * booking order for the host's manage list (bookings), the confirmed seats by name for whom the host may
 * review (reviews). Here, below both, so the two lists cannot drift apart and neither imports the other.
 */
export function seatedPlayers(db: Database, sessionId: string, opts: { statuses: readonly ActiveBookingStatus[]; orderBy: "booking" | "name" }) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "b.status", "u.display_name", "u.email"])
    .where("b.session_id", "=", sessionId)
    .where("b.status", "in", opts.statuses)
    .orderBy(opts.orderBy === "booking" ? "b.created_at" : "u.display_name")
    .execute();
}
