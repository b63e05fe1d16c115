import type { ActionFunctionArgs } from "@remix-run/node";
import { refusalText } from "#app/modules/bookings/messages.server";
import { placeInSessionSchema } from "#app/modules/bookings/schema";
import { leaveBookingById, removeSeat } from "#app/modules/payments/leave.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { bookingRefusalStatus, refusalStatus } from "#app/web/refusals.server";
import { apiRefusal } from "#app/web/replies.server";

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
    const result = await leaveBookingById(payDeps(context), user, body.bookingId);
    return result.ok ? apiJson({ success: true }) : apiError(refusalText(result.refusal, user.preferredLanguage), bookingRefusalStatus(result.refusal));
  }
  const place = placeInSessionSchema.safeParse(body);
  if (!place.success) return apiRefusal("invalid", "bookingId, or sessionId and userId, are required");
  const result = await removeSeat(payDeps(context), user, place.data);
  return result.ok ? apiJson({ success: true }) : apiError(result.error, refusalStatus(result.refusal));
}
