import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { fileReport } from "#app/modules/moderation/moderation.server";
import { reportSchema } from "#app/modules/moderation/schema";
import { apiJson, methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";

export const loader = () => methodNotAllowed("POST");

const statusOf = { notFound: 404, self: 403, alreadyReported: 409, rateLimited: 429 } as const;

/**
 * POST /api/reports {kind: "review" | "profile", targetId, reason, details?} (decision record 063):
 * answers {success: true, reportId} (201), or {success: false, error} in the caller's language;
 * too many reports in an hour is 429 with Retry-After (decision record 069).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const t = translator(recipientLang(user.preferredLanguage), "admin");
  const body = await readBody(request);
  if (!body) return apiJson({ success: false, error: "Send a JSON object" }, 400);
  const parsed = reportSchema.safeParse(body);
  if (!parsed.success) return apiJson({ success: false, error: t(parsed.error.issues[0]?.message ?? "admin:errors.targetInvalid") }, 400);
  const result = await fileReport(deps(context), user, parsed.data);
  if (!result.ok) {
    const answer = apiJson({ success: false, error: t(`errors.${result.refusal}`) }, statusOf[result.refusal]);
    if (result.refusal === "rateLimited") for (const [name, value] of Object.entries(retryAfter(result) ?? {})) answer.headers.set(name, value);
    return answer;
  }
  return apiJson({ success: true, reportId: result.id }, 201);
}
