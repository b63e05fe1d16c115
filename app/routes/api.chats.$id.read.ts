import type { ActionFunctionArgs } from "@remix-run/node";
import { chatAccess, markChatRead } from "#app/modules/chat/chat.server";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/chats/{id}/read: everything in the chat is read (the live script calls it while the chat is open). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const d = deps(context);
  const access = await chatAccess(d, user, params.id);
  if (access.status !== "member") return apiRefusal("notFound", "Chat not found");
  await markChatRead(d, user, access.chat.id);
  return apiJson({ success: true });
}
