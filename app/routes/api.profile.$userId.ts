import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { getProfile, profileJson } from "#app/modules/profiles/profiles.server";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { isUuid } from "#app/web/http";
import { apiRefusal } from "#app/web/replies.server";

/** GET /api/profile/{userId}: the profile (private fields for its owner and admins), or 404 'Profile not found'. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request);
  const userId = params.userId ?? "";
  if (!isUuid(userId)) return apiRefusal("notFound", "Profile not found");
  const row = await getProfile(deps(context), userId);
  if (!row) return apiRefusal("notFound", "Profile not found");
  return apiJson(profileJson(row, viewer));
}
