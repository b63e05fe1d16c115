import type { ActionFunctionArgs } from "@remix-run/node";
import { canHost } from "#app/modules/access/rules";
import { deps } from "#app/modules/deps.server";
import { apiSeriesSchema } from "#app/modules/series/api-schema";
import { createSeriesFromApi } from "#app/modules/series/series.server";
import { firstIssue } from "#app/modules/sessions/api-schema";
import { checkApiImageUrl } from "#app/modules/storage/upload-form.server";
import { methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { apiCreated, apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/session-series — DMs only; price in cents, tags as labels, no end date when ongoing. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  if (!canHost(user)) return apiRefusal("forbidden", "Only hosts can create series");
  if (!user.emailVerified) return apiRefusal("forbidden", "Verify your email address before creating series");
  const parsed = apiSeriesSchema.safeParse(await readBody(request, { lists: ["tags", "allowedPaymentMethods", "safetyTools"] }));
  if (!parsed.success) return apiRefusal("invalid", firstIssue(parsed.error));
  const image = checkApiImageUrl(parsed.data, deps(context).storage);
  if (!image.ok) return apiRefusal("invalid", image.error);
  const result = await createSeriesFromApi(deps(context), user, image.value);
  return result.ok ? apiCreated({ id: result.id, sessionsCreated: result.sessions }) : apiRefusal(result.refusal, result.error);
}
