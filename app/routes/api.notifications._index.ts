import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { isLocale } from "#app/modules/i18n/rules";
import { listForReader } from "#app/modules/notifications/notifications.server";
import { parseLimit } from "#app/modules/notifications/rules";
import { apiJson, requireApiUser } from "#app/web/api.server";

/** GET /api/notifications?limit=10 → the requester's newest notifications, in their language (or the page's, ?lang=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const lang = [url.searchParams.get("lang"), user.preferredLanguage].find(isLocale) ?? "es";
  const limit = parseLimit(url.searchParams.get("limit"));
  return apiJson(await listForReader(deps(context), user.id, lang, limit));
}
