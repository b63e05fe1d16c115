import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "#app/modules/auth/rules";
import { isLocale, switchLocalePath } from "#app/modules/i18n/rules";

/** The footer's language select without JavaScript: GET ?lang=pt&path=/es/x → /pt/x. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const target = new URL(safeRedirect(url.searchParams.get("path"), "/"), "http://local.invalid");
  if (!isLocale(lang)) return redirect(target.pathname + target.search);
  return redirect(switchLocalePath(target.pathname, target.search, lang));
}
