import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { localePath } from "#app/modules/i18n/rules";
import { localeOf } from "#app/web/locale.server";

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(localePath(localeOf(params), "/settings/profile"));
}
