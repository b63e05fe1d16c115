import type { ActionFunctionArgs } from "@remix-run/node";
import { requestMeta } from "#app/modules/auth/session.server";
import { joinWaitlist, leaveList } from "#app/modules/bookings/bookings.server";
import { refusalText } from "#app/modules/bookings/messages.server";
import { joinLineSchema } from "#app/modules/bookings/schema";
import { deps } from "#app/modules/deps.server";
import { apiError, apiJson, bodyProblem, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";
import { bookingRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST, DELETE");

/** POST /api/sessions/{id}/waitlist joins a full session's line; DELETE leaves it (your own place only). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("POST, DELETE");
  const user = await requireApiUser(request);
  const sessionId = params.id ?? "";
  // An optional JSON body may carry the invite code a private session's line needs.
  const body = joinLineSchema.safeParse(request.method === "POST" ? ((await readBody(request)) ?? {}) : {});
  if (!body.success) return apiRefusal("invalid", bodyProblem(body.error));
  const inviteCode = body.data.inviteCode ?? null;
  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: deps(context), intent: `api.session.waitlist.${request.method}:${sessionId}` }, async () => {
    const result =
      request.method === "POST"
        ? await joinWaitlist(deps(context), user, sessionId, { inviteCode, address: requestMeta(request).ip })
        : await leaveList(deps(context), user, { sessionId, userId: user.id, list: "waitlist" });
    if (!result.ok) return apiError(refusalText(result.refusal, user.preferredLanguage), bookingRefusalStatus(result.refusal), retryAfter(result));
    const answer = { success: true, ...("position" in result ? { position: result.position } : {}) };
    return request.method === "POST" ? apiCreated(answer) : apiJson(answer);
  });
}
