import type { ActionFunctionArgs } from "@remix-run/node";
import { removeFromSession } from "#app/modules/bookings/bookings.server";
import { placeInSessionSchema } from "#app/modules/bookings/schema";
import { deps } from "#app/modules/deps.server";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { refusalStatus } from "#app/web/refusals.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/waitlist {sessionId, userId}: leave the waitlist, or the host removes an entry. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiUser(request);
  const body = await readBody(request);
  const place = placeInSessionSchema.safeParse(body);
  if (!place.success) return apiRefusal("invalid", "sessionId and userId are required");
  const result = await removeFromSession(deps(context), user, { ...place.data, list: "waitlist" });
  return result.ok ? apiJson({ success: true }) : apiError(result.error, refusalStatus(result.refusal));
}
