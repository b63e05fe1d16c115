import type { ActionFunctionArgs } from "@remix-run/node";
import { canHost } from "#app/modules/access/rules";
import { deps } from "#app/modules/deps.server";
import { apiSeriesSchema } from "#app/modules/series/api-schema";
import { createSeriesFromApi } from "#app/modules/series/series.server";
import { firstIssue } from "#app/modules/sessions/api-schema";
import { checkApiImageUrl } from "#app/modules/storage/upload-form.server";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/session-series — DMs only; price in cents, tags as labels, no end date when ongoing. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  if (!canHost(user)) return apiError("Only hosts can create series", 403);
  if (!user.emailVerified) return apiError("Verify your email address before creating series", 403);
  const parsed = apiSeriesSchema.safeParse(await readBody(request, { lists: ["tags", "allowedPaymentMethods", "safetyTools"] }));
  if (!parsed.success) return apiError(firstIssue(parsed.error), 400);
  const image = checkApiImageUrl(parsed.data, deps(context).storage);
  if (!image.ok) return apiError(image.error, 400);
  const result = await createSeriesFromApi(deps(context), user, image.value);
  return result.ok ? apiJson({ id: result.id, sessionsCreated: result.sessions }, 201) : apiError(result.error, 400);
}
