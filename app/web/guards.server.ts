import { redirect } from "@remix-run/node";
import { canHost } from "#app/modules/access/rules";
import { getRequester, type Requester } from "#app/modules/auth/session.server";
import { requestDeps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { redirectWithToast } from "#app/web/toast.server";
import { forbidden, notFound } from "./http";

/** Who is asking, judged at the request's instant (the load context's `now`). */
export const getOptionalUser = (request: Request) => getRequester(request, requestDeps(request));

/**
 * Signed-in users only: others go to the login page, which brings them back here. With
 * `errorToast` (a translation key) they are told why on arrival, as the spec asks of a booking.
 */
export async function requireUser(request: Request, lang: Locale, errorToast?: string): Promise<Requester> {
  const user = await getOptionalUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const login = `${localePath(lang, "/login")}?redirect=${encodeURIComponent(back)}`;
  throw errorToast ? await redirectWithToast(login, { type: "error", key: errorToast }) : redirect(login);
}

/** The guard screen ('Access Denied') is what the error boundary renders for this 403. */
const denied = forbidden;

export async function requireDm(request: Request, lang: Locale) {
  const user = await requireUser(request, lang);
  if (!canHost(user)) denied(localePath(lang, "/"));
  return user;
}

/**
 * A DM's own money pages (payouts, earnings): to anyone else, signed in or not, they do not exist
 * (404), so nobody learns which accounts host paid games.
 */
export async function requireDmOr404(request: Request) {
  const user = await getOptionalUser(request);
  if (!user || !canHost(user)) notFound();
  return user;
}

export async function requireAdmin(request: Request, lang: Locale) {
  const user = await requireUser(request, lang);
  if (!user.isAdmin) denied(localePath(lang, "/"));
  return user;
}

/**
 * The admin desk (decision record 063): to everyone but an admin, signed out included, it does not
 * exist (404), so its addresses tell nobody there is something to try.
 */
export async function requireAdminDesk(request: Request) {
  const user = await getOptionalUser(request);
  if (!user?.isAdmin) notFound();
  return user;
}

/**
 * Hosts must have proven their address before creating or publishing sessions and series, so an
 * account someone made with another person's email cannot publish under it. Others are sent to
 * the verification page, which offers a new link.
 */
export async function requireVerifiedHost(request: Request, lang: Locale) {
  const user = await requireDm(request, lang);
  if (!user.emailVerified) throw await redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "toasts.verifyToHost" });
  return user;
}
