import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { reviewInputRefusal, reviewRefusalText } from "#app/modules/reviews/messages.server";
import { editReview } from "#app/modules/reviews/reviews.server";
import { apiReviewSchema } from "#app/modules/reviews/schema";
import { apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { reviewRefusalStatus } from "#app/web/refusals.server";
import { apiRefused } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/reviews/{id} {rating, comment} (spec section 7): the author, within the edit window; `rating` a number 1–5, never a string. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiUser(request);
  const lang = recipientLang(user.preferredLanguage);
  const body = await readBody(request);
  if (!body) return apiRefused("invalid", { success: false, error: "Send a JSON object" });
  const parsed = apiReviewSchema.safeParse(body);
  if (!parsed.success) return apiRefused("invalid", reviewInputRefusal(parsed.error, lang));
  const result = await editReview(deps(context), user, params.id ?? "", parsed.data);
  if (!result.ok) return apiJson({ success: false, error: reviewRefusalText(result.refusal, lang) }, reviewRefusalStatus(result.refusal));
  return apiJson({ success: true });
}
