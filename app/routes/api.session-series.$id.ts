import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { apiSeriesSchema, apiSeriesStatusSchema, changeForStatus } from "#app/modules/series/api-schema";
import { updateSeriesFromApi } from "#app/modules/series/series.server";
import { changeSeriesStatus } from "#app/modules/series/status.server";
import { firstIssue } from "#app/modules/sessions/api-schema";
import { checkApiImageUrl } from "#app/modules/storage/upload-form.server";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { refusalStatus } from "#app/web/refusals.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("PATCH");

const statusErrors = {
  seriesCancelled: "A cancelled series cannot change status",
  seriesCompleted: "A completed series cannot change status",
  unknownStatus: "This series cannot change status",
  alreadyPaused: "The series is already paused",
  alreadyActive: "The series is already active",
  alreadyCancelled: "The series is already cancelled",
} as const;

/**
 * PATCH /api/session-series/{id} — same payload as create; only the host or an admin. Upcoming
 * sessions nobody has booked or edited follow the change; the others keep what they have.
 * A body with `status` alone ('PAUSED', 'ACTIVE' or 'CANCELLED') pauses, resumes or cancels the
 * series instead, through the same use case as the series page's buttons.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiUser(request);
  const body = await readBody(request, { lists: ["tags", "allowedPaymentMethods", "safetyTools"] });
  if (body && "status" in body) {
    const wanted = apiSeriesStatusSchema.safeParse(body);
    if (!wanted.success) return apiRefusal("invalid", firstIssue(wanted.error));
    const changed = await changeSeriesStatus(payDeps(context), user, params.id ?? "", changeForStatus[wanted.data.status]);
    if (changed.ok) return apiJson({ id: params.id, success: true, status: changed.status });
    const status = refusalStatus(changed.refusal);
    if (changed.refusal === "forbidden") return apiError("You can only edit your own series", status);
    if (changed.refusal === "notFound") return apiError("Series not found", status);
    return apiError(statusErrors[changed.error], status);
  }
  const parsed = apiSeriesSchema.safeParse(body);
  if (!parsed.success) return apiRefusal("invalid", firstIssue(parsed.error));
  const image = checkApiImageUrl(parsed.data, deps(context).storage);
  if (!image.ok) return apiRefusal("invalid", image.error);
  const result = await updateSeriesFromApi(deps(context), user, params.id ?? "", image.value);
  if (result.ok) return apiJson({ id: params.id, success: true });
  const status = refusalStatus(result.refusal);
  if (result.refusal === "forbidden") return apiError("You can only edit your own series", status);
  if (result.refusal === "notFound") return apiError("Series not found", status);
  return apiError(result.error, status);
}
