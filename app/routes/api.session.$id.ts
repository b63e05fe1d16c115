import type { ActionFunctionArgs } from "@remix-run/node";
import { updateSessionFromApi } from "#app/modules/bookings/booked-sessions.server";
import { deps } from "#app/modules/deps.server";
import { apiSessionSchema, firstIssue } from "#app/modules/sessions/api-schema";
import { checkApiImageUrl } from "#app/modules/storage/upload-form.server";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { refusalStatus } from "#app/web/refusals.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/session/{id} — same payload as create; only the host or an admin. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiUser(request);
  const parsed = apiSessionSchema.safeParse(await readBody(request, { lists: ["tags", "allowedPaymentMethods", "safetyTools"] }));
  if (!parsed.success) return apiRefusal("invalid", firstIssue(parsed.error));
  const image = checkApiImageUrl(parsed.data, deps(context).storage);
  if (!image.ok) return apiRefusal("invalid", image.error);
  const result = await updateSessionFromApi(deps(context), user, params.id ?? "", image.value);
  if (result.ok) return apiJson({ id: params.id, success: true });
  const status = refusalStatus(result.refusal);
  if (result.refusal === "forbidden") return apiError("You can only edit your own sessions", status);
  if (result.refusal === "notFound") return apiError("Session not found", status);
  return apiError(result.error, status);
}
