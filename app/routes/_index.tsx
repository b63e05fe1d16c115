import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requestLocale } from "#app/modules/i18n/request-locale.server";

/** "/" sends visitors to their language: cookie, then Accept-Language, then Spanish. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/${requestLocale(request)}`, { headers: { Vary: "Cookie, Accept-Language" } });
}
