import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { parse as parseCookie } from "cookie";
import { localeCookieName } from "#app/modules/i18n/config";
import { chooseLocale } from "#app/modules/i18n/rules";

/** "/" sends visitors to their language: cookie, then Accept-Language, then Spanish. */
export function loader({ request }: LoaderFunctionArgs) {
  const lang = chooseLocale({
    cookie: parseCookie(request.headers.get("cookie") ?? "")[localeCookieName],
    acceptLanguage: request.headers.get("accept-language"),
  });
  return redirect(`/${lang}`, { headers: { Vary: "Cookie, Accept-Language" } });
}
