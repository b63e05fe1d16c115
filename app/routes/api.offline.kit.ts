import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { isLocale } from "#app/modules/i18n/rules";
import { offlineKit } from "#app/modules/offline/offline.server";
import { apiJson, requireApiUser } from "#app/web/api.server";

/**
 * What the service worker keeps for the signed-in viewer (decision record 094): the pages, in the
 * language the viewer is browsing (`?lang=`, else their own), and a version that changes with them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const asked = new URL(request.url).searchParams.get("lang");
  const lang = isLocale(asked) ? asked : isLocale(user.preferredLanguage) ? user.preferredLanguage : "es";
  return apiJson(await offlineKit(deps(context), user, lang));
}
