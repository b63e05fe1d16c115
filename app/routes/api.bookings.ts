import type { ActionFunctionArgs } from "@remix-run/node";
import { leaveBooking, removeFromSession } from "#app/modules/bookings/bookings.server";
import { refusalText } from "#app/modules/bookings/messages.server";
import { deps } from "#app/modules/deps.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { refundCancelledBooking, refundCancelledBookings } from "#app/modules/payments/refunds.server";
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
    const result = await leaveBooking(deps(context), user, body.bookingId);
    if (result.ok) await refundCancelledBooking(payDeps(context), body.bookingId, "customer_request");
    return result.ok ? apiJson({ success: true }) : apiError(refusalText(result.refusal, user.preferredLanguage), bookingRefusalStatus(result.refusal));
  }
  if (typeof body?.sessionId !== "string" || typeof body.userId !== "string") return apiRefusal("invalid", "bookingId, or sessionId and userId, are required");
  const result = await removeFromSession(deps(context), user, { sessionId: body.sessionId, userId: body.userId, list: "bookings" });
  if (result.ok) await refundCancelledBookings(payDeps(context), body.sessionId, body.userId, body.userId === user.id ? "customer_request" : "other");
  return result.ok ? apiJson({ success: true }) : apiError(result.error, refusalStatus(result.refusal));
}
