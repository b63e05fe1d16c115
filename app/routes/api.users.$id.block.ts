import type { ActionFunctionArgs } from "@remix-run/node";
import { setBlock } from "#app/modules/chat/blocks.server";
import { blockSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, apiWords, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { apiRefusal, apiRefused } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/users/{id}/block { blocked: boolean }: no direct chat and no new group with that person while blocked. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const parsed = blockSchema.safeParse((await readBody(request)) ?? {});
  if (!parsed.success) return apiRefused("invalid", { error: apiWords(request, user)("blockedInvalid"), field: "blocked" });
  const result = await setBlock(deps(context), user, params.id, parsed.data.blocked);
  if (result.status !== "ok") return apiRefusal("notFound", "User not found");
  return apiJson({ success: true, blocked: result.blocked });
}
