import type { LoaderFunctionArgs } from "@remix-run/node";
import { badgesOf } from "#app/modules/badges/badges.server";
import { badgesForRole } from "#app/modules/badges/rules";
import { deps } from "#app/modules/deps.server";
import { getProfile } from "#app/modules/profiles/profiles.server";
import { ratingsFor } from "#app/modules/reviews/reviews.server";
import { displayNameOf, isDm } from "#app/modules/users/rules";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { isUuid } from "#app/web/http";
import { apiRefusal } from "#app/web/replies.server";

/**
 * GET /api/dm?userId= — the DM summary (spec section 3): the rating as a host from the kept
 * aggregates, and the stored badges a DM's profile shows (dm and both, by priority; spec section 6).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const userId = new URL(request.url).searchParams.get("userId") ?? "";
  const row = isUuid(userId) ? await getProfile(deps(context), userId) : undefined;
  if (!row || !isDm(row.roles)) return apiRefusal("notFound", "DM not found");
  const rating = (await ratingsFor(deps(context), [row.id], "DM"))(row.id);
  const badges = badgesForRole((await badgesOf(deps(context).db, [row.id])).get(row.id) ?? [], "dm");
  return apiJson({
    id: row.id,
    userId: row.id,
    displayName: displayNameOf({ displayName: row.display_name, email: row.email }),
    avatarUrl: row.avatar_url,
    bio: row.bio,
    ratingAvg: rating.average,
    ratingCount: rating.count,
    badges,
  });
}
