import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { reviewInputRefusal, reviewRefusalText } from "#app/modules/reviews/messages.server";
import { submitReview } from "#app/modules/reviews/reviews.server";
import { newReviewSchema } from "#app/modules/reviews/schema";
import { apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { reviewRefusalStatus } from "#app/web/refusals.server";
import { apiCreated, apiRefused } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/reviews {sessionId, targetId, rating, comment} (spec section 7): answers
 * {success: true, reviewId} (201), or {success: false, error} in the caller's language (bad input
 * also names each field in `fields`). `rating` is a number 1–5, never a string such as "5".
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const lang = recipientLang(user.preferredLanguage);
  const body = await readBody(request);
  if (!body) return apiRefused("invalid", { success: false, error: "Send a JSON object" });
  const parsed = newReviewSchema.safeParse(body);
  if (!parsed.success) return apiRefused("invalid", reviewInputRefusal(parsed.error, lang));
  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: deps(context), intent: "api.review" }, async () => {
    const result = await submitReview(deps(context), user, parsed.data);
    if (!result.ok) return apiJson({ success: false, error: reviewRefusalText(result.refusal, lang) }, reviewRefusalStatus(result.refusal));
    return apiCreated({ success: true, reviewId: result.id });
  });
}
