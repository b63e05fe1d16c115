import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { unreadCount } from "#app/modules/notifications/notifications.server";
import { apiJson, requireApiUser } from "#app/web/api.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return apiJson({ count: await unreadCount(deps(context), user.id) });
}
