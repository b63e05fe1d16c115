import type { ActionFunctionArgs } from "@remix-run/node";
import { removePerson } from "#app/modules/chat/groups.server";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/chats/{id}/leave: the caller leaves a group (an owner passes it to whoever has been in it longest). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const result = await removePerson(deps(context), user, params.id, user.id);
  if (result.status !== "ok") return apiRefusal("notFound", "Chat not found");
  return apiJson({ success: true });
}
