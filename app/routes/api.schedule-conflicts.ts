import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { isLocale } from "#app/modules/i18n/rules";
import { liveConflicts } from "#app/modules/series/conflicts.server";
import { apiJson, requireApiUser } from "#app/web/api.server";

/**
 * GET /api/schedule-conflicts — the overlap warning beside the session and series date pickers,
 * asked while the host types: `{ conflicts: [{ id, title, when }], token }`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const query = new URL(request.url).searchParams;
  const lang = query.get("lang");
  return apiJson(await liveConflicts(deps(context), user, query, isLocale(lang) ? lang : "es"));
}
