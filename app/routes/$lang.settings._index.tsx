import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(localePath(params.lang as Locale, "/settings/profile"));
}
