import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, requireApiUser } from "#app/modules/api/api.server";
import { deps } from "#app/modules/deps.server";
import { getProfile, profileJson } from "#app/modules/profiles/profiles.server";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/profile/{userId}: the profile (private fields for its owner and admins), or 404 'Profile not found'. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request);
  const userId = params.userId ?? "";
  if (!uuid.test(userId)) return apiError("Profile not found", 404);
  const row = await getProfile(deps(), userId);
  if (!row) return apiError("Profile not found", 404);
  return apiJson(profileJson(row, viewer));
}
