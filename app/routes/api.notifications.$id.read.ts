import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { markNotificationRead } from "#app/modules/notifications/notifications.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/notifications/{id}/read — only the owner's notifications are found. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiUser(request);
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const found = await markNotificationRead(deps(context), user.id, id);
  return found ? apiJson({ success: true }) : apiRefusal("notFound", "Notification not found");
}
