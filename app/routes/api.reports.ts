import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { fileReport } from "#app/modules/moderation/moderation.server";
import { reportSchema } from "#app/modules/moderation/schema";
import { methodNotAllowed, readBody, requireApiUser, retryAfter } from "#app/web/api.server";
import { reportRefusal } from "#app/web/refusals.server";
import { apiCreated, apiRefused } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/reports {kind: "review" | "profile" | "message", targetId, reason, details?} (decision
 * records 063 and 090; a chat message is named by its id, a number or its digits, and only a member
 * of its chat may report it): answers {success: true, reportId} (201), or {success: false, error}
 * in the caller's language; too many reports in an hour is 429 with Retry-After (decision record 069).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const t = translator(recipientLang(user.preferredLanguage), "admin");
  const body = await readBody(request);
  if (!body) return apiRefused("invalid", { success: false, error: "Send a JSON object" });
  const parsed = reportSchema.safeParse(body);
  if (!parsed.success) return apiRefused("invalid", { success: false, error: t(parsed.error.issues[0]?.message ?? "admin:errors.targetInvalid") });
  // Sent again with the same Idempotency-Key, the call acts once and answers as it first did (decision record 096).
  return apiOnce(request, user, { deps: deps(context), intent: "api.report" }, async () => {
    const result = await fileReport(deps(context), user, parsed.data);
    if (!result.ok) {
      const headers = result.refusal === "rateLimited" ? retryAfter(result) : undefined;
      return apiRefused(reportRefusal[result.refusal], { success: false, error: t(`errors.${result.refusal}`) }, headers);
    }
    return apiCreated({ success: true, reportId: result.id });
  });
}
