import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdminDesk } from "#app/modules/auth/guards.server";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

/** The desk opens on the moderation queue. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminDesk(request);
  return redirect(localePath(params.lang as Locale, "/admin/moderation"));
}
