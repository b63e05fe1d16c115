import type { ActionFunctionArgs } from "@remix-run/node";
import { recordAuthMetric } from "#app/modules/auth/auth-metrics.server";
import { authMetricSchema } from "#app/modules/auth/schema";
import { requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { methodNotAllowed, readBody } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";
import { noContent } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/auth/metrics (no token): oauth_attempt / oauth_failure events. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = authMetricSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiRefusal("invalid", "eventType must be oauth_attempt or oauth_failure, with a provider");
  const stored = await recordAuthMetric(deps(context), { ...parsed.data, errorMessage: parsed.data.errorMessage ?? null }, requestMeta(request).ip);
  if (!stored) return apiRefusal("limited", "Too many events");
  return noContent();
}
