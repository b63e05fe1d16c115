import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { checkUsername } from "#app/modules/profiles/profiles.server";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { apiRefusal, apiRefused } from "#app/web/replies.server";

/** GET /api/username/check?username= → { available, error?, availableAt? } (20 checks per 10 minutes). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const username = new URL(request.url).searchParams.get("username");
  if (username === null || username.length > 200) return apiRefusal("invalid", "username is required (at most 50 characters)");
  const verdict = await checkUsername(deps(context), user.id, username);
  if (verdict.ok) return apiJson({ available: true, unchanged: verdict.unchanged ?? false });
  const body = { available: false, error: verdict.error, availableAt: "availableAt" in verdict ? verdict.availableAt?.toISOString() : undefined };
  return verdict.error === "usernameCheckLimited" ? apiRefused("limited", body) : apiJson(body);
}
