import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { localePath } from "#app/modules/i18n/rules";
import { requireAdminDesk } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";

/** The desk opens on the moderation queue. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminDesk(request);
  return redirect(localePath(localeOf(params), "/admin/moderation"));
}
