import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { groupedJson, sessionJson } from "#app/modules/sessions/json.server";
import { parseSearchParams } from "#app/modules/sessions/search";
import { searchSessions } from "#app/modules/sessions/sessions.server";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { isUuid } from "#app/web/http";

/** GET /api/session/search — a list, or {grouped, series, individualSessions} when grouped (the default). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request);
  const url = new URL(request.url);
  const params = parseSearchParams(url.searchParams);
  const userId = url.searchParams.get("userId");
  const result = await searchSessions(deps(context), params, viewer, { timeZone: viewer.timeZone, dmId: isUuid(userId) ? userId : null });
  return apiJson(params.groupBySeries ? groupedJson(result.rows) : result.rows.map(sessionJson));
}
