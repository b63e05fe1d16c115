import type { ActionFunctionArgs } from "@remix-run/node";
import { requestMeta } from "#app/modules/auth/session.server";
import { bookFreeSeat } from "#app/modules/bookings/bookings.server";
import { refusalText } from "#app/modules/bookings/messages.server";
import { BOOK_BODY_WORDS, bookSeatBodySchema } from "#app/modules/bookings/schema";
import { deps } from "#app/modules/deps.server";
import { asSafetyInput, SAFETY_LIST_FIELDS } from "#app/modules/safety/schema";
import { apiError, apiJson, bodyProblem, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";
import { bookingRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/sessions/{id}/book {paymentMethod: "free", inviteCode?, joinWaitlist?}: a free seat.
 * Optional lines, veils (lists of topics), safetyNote and anonymous: the player's lines and veils, for the DM only.
 * Paid seats go through the payment intent instead. With joinWaitlist a full session queues the player.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const body = bookSeatBodySchema.safeParse((await readBody(request, { lists: SAFETY_LIST_FIELDS })) ?? {});
  if (!body.success) return apiRefusal("invalid", bodyProblem(body.error, BOOK_BODY_WORDS));
  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: deps(context), intent: `api.session.book:${params.id ?? ""}` }, async () => {
    const result = await bookFreeSeat(deps(context), user, {
      sessionId: params.id ?? "",
      inviteCode: body.data.inviteCode ?? null,
      address: requestMeta(request).ip,
      waitlistIfFull: body.data.joinWaitlist,
      safety: asSafetyInput(body.data),
    });
    if (!result.ok) return apiError(refusalText(result.refusal, user.preferredLanguage), bookingRefusalStatus(result.refusal), retryAfter(result));
    return result.waitlisted
      ? apiJson({ success: true, waitlisted: true, position: result.position })
      : apiCreated({ success: true, bookingId: result.bookingId });
  });
}
