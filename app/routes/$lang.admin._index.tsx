import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdminDesk } from "#app/modules/auth/guards.server";
import { localePath } from "#app/modules/i18n/rules";
import { localeOf } from "#app/web/locale.server";

/** The desk opens on the moderation queue. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminDesk(request);
  return redirect(localePath(localeOf(params), "/admin/moderation"));
}
