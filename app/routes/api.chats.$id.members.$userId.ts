import type { ActionFunctionArgs } from "@remix-run/node";
import { removePerson } from "#app/modules/chat/groups.server";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/chats/{id}/members/{userId}: the owner removes someone; anyone removes themselves (leaves). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiUser(request);
  const result = await removePerson(deps(context), user, params.id, params.userId);
  if (result.status !== "ok") return apiRefusal("notFound", "Not found");
  return apiJson({ success: true, left: result.left });
}
