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
