import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { getProfile, profileJson } from "#app/modules/profiles/profiles.server";
import { apiError, apiJson, requireApiUser } from "#app/web/api.server";
import { isUuid } from "#app/web/http";

/** GET /api/profile/{userId}: the profile (private fields for its owner and admins), or 404 'Profile not found'. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request);
  const userId = params.userId ?? "";
  if (!isUuid(userId)) return apiError("Profile not found", 404);
  const row = await getProfile(deps(context), userId);
  if (!row) return apiError("Profile not found", 404);
  return apiJson(profileJson(row, viewer));
}
