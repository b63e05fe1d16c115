import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { parseSearchParams } from "#app/modules/sessions/search";
import { searchSessions } from "#app/modules/sessions/sessions.server";
import { isDm } from "#app/modules/users/rules";
import { isUuid } from "#app/utils/uuid";
import { findProfile } from "./repo.server";

/**
 * The public profile page: anyone may read it. A DM's upcoming hosted sessions come from the
 * search (one card per series), never private ones: the search shows a private session only to
 * its host, so the host reading their own profile searches as nobody. Unknown, malformed or
 * banned ids give null.
 */
export async function getPublicProfile(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  viewer: Requester | null,
  opts: { page: string | null; timeZone: string },
) {
  if (!isUuid(userId)) return null;
  const profile = await findProfile(deps.db, userId);
  if (!profile) return null;
  if (!isDm(profile.roles)) return { profile, hosting: null };
  const params = parseSearchParams(new URLSearchParams(opts.page ? { page: opts.page } : {}));
  const searcher = viewer && viewer.id !== userId ? viewer : null;
  const hosting = await searchSessions(deps, params, searcher, { timeZone: opts.timeZone, dmId: userId });
  return { profile, hosting };
}
