import { parse as parseCookie } from "cookie";
import { type Locale, localeCookieName } from "./config";
import { chooseLocale, isLocale } from "./rules";

/** The language of a request: the URL's locale segment, else the cookie, Accept-Language, Spanish. */
export function requestLocale(request: Request): Locale {
  const segment = new URL(request.url).pathname.split("/")[1];
  if (isLocale(segment)) return segment;
  return chooseLocale({
    cookie: parseCookie(request.headers.get("cookie") ?? "")[localeCookieName],
    acceptLanguage: request.headers.get("accept-language"),
  });
}
