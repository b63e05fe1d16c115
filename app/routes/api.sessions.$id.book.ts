import type { ActionFunctionArgs } from "@remix-run/node";
import { requestMeta } from "#app/modules/auth/session.server";
import { bookFreeSeat } from "#app/modules/bookings/bookings.server";
import { refusalText } from "#app/modules/bookings/messages.server";
import { deps } from "#app/modules/deps.server";
import { recordSeatSafety } from "#app/modules/safety/safety.server";
import { parseSafetyJson, SAFETY_LIST_FIELDS } from "#app/modules/safety/schema";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";
import { bookingRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/sessions/{id}/book {paymentMethod: "free", inviteCode?, joinWaitlist?}: a free seat.
 * Optional lines, veils (lists of topics), safetyNote and anonymous: the player's lines and veils, for the DM only.
 * Paid seats go through the payment intent instead. With joinWaitlist a full session queues the player.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, { lists: SAFETY_LIST_FIELDS });
  if (typeof body?.paymentMethod !== "string" || body.paymentMethod.toLowerCase() !== "free") return apiRefusal("invalid", 'paymentMethod must be "free"');
  const inviteCode = body?.inviteCode;
  if (inviteCode !== undefined && inviteCode !== null && (typeof inviteCode !== "string" || inviteCode.length > 20))
    return apiRefusal("invalid", "inviteCode is not valid");
  const safety = parseSafetyJson(body ?? {});
  if (!safety.ok) return apiRefusal("invalid", safety.message);
  const waitlistIfFull = body?.joinWaitlist === true || body?.joinWaitlist === "true";
  const result = await bookFreeSeat(deps(context), user, {
    sessionId: params.id ?? "",
    inviteCode: inviteCode ?? null,
    address: requestMeta(request).ip,
    waitlistIfFull,
  });
  if (!result.ok) return apiError(refusalText(result.refusal, user.preferredLanguage), bookingRefusalStatus(result.refusal), retryAfter(result));
  if (!result.waitlisted) await recordSeatSafety(deps(context), user.id, params.id ?? "", safety.input);
  return result.waitlisted
    ? apiJson({ success: true, waitlisted: true, position: result.position })
    : apiCreated({ success: true, bookingId: result.bookingId });
}
