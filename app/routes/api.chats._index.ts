import type { LoaderFunctionArgs } from "@remix-run/node";
import { listChats } from "#app/modules/chat/chat.server";
import { deps } from "#app/modules/deps.server";
import { apiJson, requireApiUser } from "#app/web/api.server";

/** GET /api/chats (spec section 7): the requester's chats, each with its unreadCount. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return apiJson({ chats: await listChats(deps(context), user) });
}
