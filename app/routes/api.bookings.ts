import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/modules/api/api.server";
import { leaveBooking, removeFromSession } from "#app/modules/bookings/bookings.server";
import { refusalText } from "#app/modules/bookings/messages.server";
import { refusalStatus } from "#app/modules/bookings/rules";
import { deps } from "#app/modules/deps.server";

export const loader = () => methodNotAllowed("DELETE");

/**
 * DELETE /api/bookings: {bookingId} leaves your own booking; {sessionId, userId} (spec section 7)
 * leaves a session, or the host removes a participant. The seat goes to the waitlist either way.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiUser(request);
  const body = await readBody(request);
  if (body?.bookingId !== undefined) {
    const result = await leaveBooking(deps(context), user, body.bookingId);
    return result.ok ? apiJson({ success: true }) : apiError(refusalText(result.refusal, user.preferredLanguage), refusalStatus(result.refusal));
  }
  if (typeof body?.sessionId !== "string" || typeof body.userId !== "string") return apiError("bookingId, or sessionId and userId, are required", 400);
  const result = await removeFromSession(deps(context), user, { sessionId: body.sessionId, userId: body.userId, list: "bookings" });
  return result.ok ? apiJson({ success: true }) : apiError(result.error, result.status);
}
