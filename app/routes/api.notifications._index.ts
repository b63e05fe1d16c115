import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, requireApiUser } from "#app/modules/api/api.server";
import { deps } from "#app/modules/deps.server";
import { isLocale } from "#app/modules/i18n/rules";
import { listForReader } from "#app/modules/notifications/notifications.server";
import { parseLimit } from "#app/modules/notifications/rules";

/** GET /api/notifications?limit=10 → the requester's newest notifications, in their language. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const lang = isLocale(user.preferredLanguage) ? user.preferredLanguage : "es";
  const limit = parseLimit(new URL(request.url).searchParams.get("limit"));
  return apiJson(await listForReader(deps(), user.id, lang, limit));
}
