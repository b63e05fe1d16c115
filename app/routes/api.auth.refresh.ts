import type { ActionFunctionArgs } from "@remix-run/node";
import { refreshApiTokens } from "#app/modules/auth/api-tokens.server";
import { refreshRequestSchema } from "#app/modules/auth/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, readBody } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/auth/refresh {refresh_token} → a new auth session record; each refresh token works once. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = refreshRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiRefusal("invalid", "refresh_token is required");
  const record = await refreshApiTokens(deps(context), parsed.data.refresh_token);
  return record ? apiJson(record) : apiRefusal("unauthenticated", "Invalid or expired refresh token");
}
