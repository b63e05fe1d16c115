import type { Database } from "#db/client.server";

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

/** The active and confirmed bookings of some sessions with each player's email, oldest first. */
export function sessionBookings(db: Database, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.session_id", "b.user_id", "b.status", "u.email"])
    .where("b.session_id", "in", sessionIds)
    .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .orderBy("b.created_at")
    .orderBy("b.user_id")
    .execute();
}
