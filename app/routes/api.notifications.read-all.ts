import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { markAllNotificationsRead } from "#app/modules/notifications/notifications.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/notifications/read-all */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiUser(request);
  await markAllNotificationsRead(deps(context), user.id);
  return apiJson({ success: true });
}
