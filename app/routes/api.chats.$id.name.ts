import type { ActionFunctionArgs } from "@remix-run/node";
import { renameGroup } from "#app/modules/chat/groups.server";
import { renameGroupApiSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { groupBody } from "#app/web/api-groups.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/chats/{id}/name { name }: the group's owner renames it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await groupBody(request, user, renameGroupApiSchema);
  if (!body.ok) return body.reply;
  const result = await renameGroup(deps(context), user, params.id, body.value.name);
  if (result.status !== "ok") return apiRefusal("notFound", "Chat not found");
  return apiJson({ success: true, name: body.value.name });
}
