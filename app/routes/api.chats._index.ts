import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listChats } from "#app/modules/chat/chat.server";
import { createGroup } from "#app/modules/chat/groups.server";
import { newGroupApiSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { groupBody, groupRefusalReply } from "#app/web/api-groups.server";
import { apiCreated } from "#app/web/replies.server";

/** GET /api/chats (spec section 7): the requester's chats, each with its unreadCount. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return apiJson({ chats: await listChats(deps(context), user) });
}

/** POST /api/chats { name, memberIds }: starts a group with people the caller has shared a table with. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request);
  const body = await groupBody(request, user, newGroupApiSchema);
  if (!body.ok) return body.reply;
  const result = await createGroup(deps(context), user, body.value);
  if (result.status !== "ok") return groupRefusalReply(request, user, result);
  return apiCreated({ chat: { id: result.chatId, type: "group", name: body.value.name } });
}
